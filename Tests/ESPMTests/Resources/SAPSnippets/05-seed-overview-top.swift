// Source: seed 001 (overview screen): top(5) products, intValue of the price.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

func loadProducts(service: ESPMContainer<OnlineODataProvider>) async throws {
    let products = try await service.fetchProducts(matching: DataQuery().top(5))
    for product in products {
        print(product.name ?? "", product.price?.intValue() ?? 0, product.categoryName ?? "")
    }
}
