// Source: SAPOData DataQuery.page reference (page size).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

func firstPage(service: ESPMContainer<OnlineODataProvider>) async throws -> [SalesOrderHeader] {
    try await service.fetchSalesOrderHeaders(matching: DataQuery().page(20))
}
