// Source: SAPOData Property class reference: isOptional (Bool) and defaultValue (DataValue?), with DataValue.toString() (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/Property.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`/`import ODataSAPCompatibility`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func describe(_ property: Property) -> String {
    let optional = property.isOptional ? "optional" : "required"
    if let value = property.defaultValue {
        return "\(property.name): \(optional), default \(value.toString())"
    }
    return "\(property.name): \(optional), no default"
}

func describeCustomer() -> [String] {
    Customer.entityType.properties.map(describe)
}
