// Source: SAPOData DataQuery.selectKey reference.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func productKeys(service: ESPMContainer<OnlineODataProvider>) async throws -> [String] {
    let products = try await service.fetchProducts(matching: DataQuery().selectKey())
    return products.compactMap { $0.productID }
}
