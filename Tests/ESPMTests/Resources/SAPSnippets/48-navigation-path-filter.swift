// Source: SAPOData Property.path(_:) / DataQuery.filter reference: filtering on a property of a navigation target (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/DataQuery.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func germanOrders(service: ESPMContainer<OnlineODataProvider>) throws -> [SalesOrderHeader] {
    let query = DataQuery()
        .expand(SalesOrderHeader.customerDetails)
        .filter(SalesOrderHeader.customerDetails.path(Customer.country).equal("DE"))
    return try service.fetchSalesOrderHeaders(matching: query)
}
