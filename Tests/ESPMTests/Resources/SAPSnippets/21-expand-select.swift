// Source: SAPOData DataQuery.expand(_:withQuery:) reference.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

func ordersWithItems(service: ESPMContainer<OnlineODataProvider>) async throws -> [SalesOrderHeader] {
    let query = DataQuery()
        .expand(SalesOrderHeader.items, withQuery: DataQuery().select(SalesOrderItem.productID, SalesOrderItem.quantity))
        .orderBy(SalesOrderHeader.createdAt, .descending)
    return try await service.fetchSalesOrderHeaders(matching: query)
}
