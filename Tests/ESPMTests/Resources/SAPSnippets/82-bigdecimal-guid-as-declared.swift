// Source: SAPOData BigDecimal class reference (fromDouble returns BigDecimal) and GuidValue class reference (random(), parse(_:), literal(_:), class func equal(x:y:)) (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/BigDecimal.html, https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/GuidValue.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`/`import ODataSAPCompatibility`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func values() -> String {
    let price = BigDecimal.fromDouble(9.99)
    let guid = GuidValue.random()
    let parsed = GuidValue.parse(guid.toString())
    let fixed = GuidValue.literal("005056a2-1c6d-1ed7-a3b5-a8b9d2f1c001")
    let same = GuidValue.equal(x: guid, y: parsed)
    return "\(price.toString()) \(fixed.toString()) \(same)"
}
