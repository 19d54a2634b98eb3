// Source: SAPOData DataQuery.page reference (page size).
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func firstPage(service: ESPMContainer<OnlineODataProvider>) async throws -> [SalesOrderHeader] {
    try await service.fetchSalesOrderHeaders(matching: DataQuery().page(20))
}
