// Source: SAP Assistant generated list view controller: fetch<Set> completion assigning to self directly.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

@MainActor
final class ProductsListViewController {
    var espmContainer: ESPMContainer<OnlineODataProvider>!
    var entities: [Product] = []

    func requestEntities(completionHandler: @escaping (Error?) -> Void) {
        espmContainer.fetchProducts(matching: DataQuery().selectAll().top(20)) { products, error in
            guard let products = products else {
                completionHandler(error)
                return
            }
            self.entities = products
            completionHandler(nil)
        }
    }
}
