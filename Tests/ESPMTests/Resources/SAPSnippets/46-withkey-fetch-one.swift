// Source: SAPOData DataQuery class reference, withKey(_:) with the generated key function (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/DataQuery.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func oneCustomer(service: ESPMContainer<OnlineODataProvider>) throws -> Customer {
    let query = DataQuery().withKey(Customer.key(customerID: "C000000001"))
    return try service.fetchCustomer(matching: query)
}
