// Source: written in the style of SAP Assistant generated detail view controllers: createEntity(_:headers:nil,options:nil) with an (Error?) completion.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

@MainActor
final class CustomerCreateViewController {
    var espmContainer: ESPMContainer<OnlineODataProvider>!
    var entity = Customer()
    var errorText: String?

    func createEntity() {
        espmContainer.createEntity(entity, headers: nil, options: nil) { error in
            if let error = error {
                self.errorText = "Create entry failed. Error: \(error)"
                return
            }
            self.errorText = nil
        }
    }
}
