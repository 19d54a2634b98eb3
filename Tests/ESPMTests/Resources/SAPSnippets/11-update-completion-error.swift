// Source: SAP tutorial (update an entity): updateEntity with an (Error?) completion in a view controller.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

@MainActor
final class EditCustomerViewController {
    var espmContainer: ESPMContainer<OnlineODataProvider>!
    var customer = Customer()
    var isSaving = false

    func updateCustomer() {
        isSaving = true
        espmContainer.updateEntity(customer) { error in
            self.isSaving = false
            if let error = error { print(error) }
        }
    }
}
