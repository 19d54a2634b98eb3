// Source: SAPOData DataQuery class reference, skip(_:) and top(_:) (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/DataQuery.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func secondPage(service: ESPMContainer<OnlineODataProvider>) throws -> [Customer] {
    let query = DataQuery().orderBy(Customer.customerID).skip(20).top(20)
    return try service.fetchCustomers(matching: query)
}
