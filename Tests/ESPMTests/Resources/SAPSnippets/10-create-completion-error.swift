// Source: SAP tutorial (create an entity from the app): createEntity with an (Error?) completion.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

@MainActor
final class CreateCustomerViewController {
    var espmContainer: ESPMContainer<OnlineODataProvider>!
    var message = ""

    func save(customer: Customer) {
        espmContainer.createEntity(customer) { error in
            if let error = error {
                self.message = "Create failed: \(error.localizedDescription)"
                return
            }
            self.message = "Created"
        }
    }
}
