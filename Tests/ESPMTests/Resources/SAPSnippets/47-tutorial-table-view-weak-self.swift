// Source: written in the style of SAP's iOS tutorial series fiori-ios-scpms-teched18 (https://developers.sap.com/tutorials/fiori-ios-scpms-teched18-03.html and following): a table view controller's loadInitialData with [weak self].
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

@MainActor
final class ProductCategoriesTableViewController {
    var dataService: ESPMContainer<OnlineODataProvider>!
    var productCategories: [ProductCategory] = []
    var isLoading = false

    func loadInitialData() {
        isLoading = true
        dataService.fetchProductCategories(matching: DataQuery().orderBy(ProductCategory.categoryName)) { [weak self] result, error in
            self?.isLoading = false
            if let error = error {
                print("Failed to load list of product categories: \(error.localizedDescription)")
                return
            }
            self?.productCategories = result!
        }
    }
}
