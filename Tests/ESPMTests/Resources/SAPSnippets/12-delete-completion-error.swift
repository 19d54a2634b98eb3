// Source: SAP tutorial: deleteEntity with an (Error?) completion.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

@MainActor
final class ListViewController {
    var espmContainer: ESPMContainer<OnlineODataProvider>!
    var entities: [Customer] = []

    func delete(at index: Int) {
        let customer = entities[index]
        espmContainer.deleteEntity(customer) { error in
            if error == nil { self.entities.remove(at: index) }
        }
    }
}
