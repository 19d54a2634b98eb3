// Source: SAPOData ChangeSet.createEntity(_:) reference: the entity set is taken from the entity's type.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility` for the synchronous form).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func createTwo(service: ESPMContainer<OnlineODataProvider>, first: Customer, second: Customer) throws {
    let changes = ChangeSet()
    changes.createEntity(first)
    changes.createEntity(second)
    let batch = RequestBatch()
    batch.addChanges(changes)
    try service.processBatch(batch)
}
