// Source: SAP Assistant generated app: a @MainActor model object passing completion handlers that capture self.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

@MainActor
final class ProductsModel {
    let service: ESPMContainer<OnlineODataProvider>
    var products: [Product] = []
    var lastError: Error?

    init(service: ESPMContainer<OnlineODataProvider>) { self.service = service }

    func refresh() {
        service.executeQuery(DataQuery().from(ESPMContainerMetadata.EntitySets.products)) { result, error in
            if let error = error {
                self.lastError = error
                return
            }
            self.products = (try? Product.array(from: result?.entityList() ?? [])) ?? []
        }
    }
}
