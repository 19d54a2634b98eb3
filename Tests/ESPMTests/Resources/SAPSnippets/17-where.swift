// Source: SAPOData DataQuery.where reference.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func cheapProducts(service: ESPMContainer<OnlineODataProvider>) async throws -> [Product] {
    let query = DataQuery().where(Product.price.lessThan(BigDecimal.fromInt(100))).orderBy(Product.price, .descending)
    return try await service.fetchProducts(matching: query)
}
