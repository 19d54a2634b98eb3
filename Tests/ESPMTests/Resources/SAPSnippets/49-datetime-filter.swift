// Source: SAPOData LocalDateTime reference with DataQuery.filter: orders created after a parsed date (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/LocalDateTime.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func recentOrders(service: ESPMContainer<OnlineODataProvider>) throws -> [SalesOrderHeader] {
    guard let start = LocalDateTime.parse("2017-01-01T00:00:00") else { return [] }
    let query = DataQuery().filter(SalesOrderHeader.createdAt.greaterEqual(start)).orderBy(SalesOrderHeader.createdAt, .descending)
    return try service.fetchSalesOrderHeaders(matching: query)
}
