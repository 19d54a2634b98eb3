// Source: written in the style of SAP Assistant generated detail and list view controllers: updateEntity / deleteEntity with headers: nil, options: nil.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

@MainActor
final class CustomerDetailEditor {
    var espmContainer: ESPMContainer<OnlineODataProvider>!
    var entity = Customer()
    var entities: [Customer] = []

    func save() {
        espmContainer.updateEntity(entity, headers: nil, options: nil) { error in
            if let error = error { print("Update entry failed. Error: \(error)") }
        }
    }

    func delete(at index: Int) {
        espmContainer.deleteEntity(entities[index], headers: nil, options: nil) { error in
            if error == nil { self.entities.remove(at: index) }
        }
    }
}
