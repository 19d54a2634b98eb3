// Source: SAP tutorial fiori-ios-scpms-teched18 (Explore the generated app): loading an entity set with a completion handler.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

@MainActor
final class CustomersViewController {
    var espmContainer: ESPMContainer<OnlineODataProvider>!
    var customers: [Customer] = []

    func loadData(completionHandler: @escaping () -> Void) {
        let query = DataQuery().orderBy(Customer.lastName)
        espmContainer.fetchCustomers(matching: query) { customers, error in
            guard let customers = customers else {
                print("Error: \(String(describing: error))")
                return
            }
            DispatchQueue.main.async {
                self.customers = customers
                completionHandler()
            }
        }
    }
}
