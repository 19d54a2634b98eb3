// Source: SAPOData RequestBatch reference: addQuery, addChanges, processBatch, queryResult(for:).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func batchExample(service: ESPMContainer<OnlineODataProvider>, newCustomer: Customer) throws {
    let batch = RequestBatch()
    let changes = ChangeSet()
    changes.createEntity(newCustomer, in: ESPMContainerMetadata.EntitySets.customers)
    batch.addChanges(changes)
    let query = DataQuery().from(ESPMContainerMetadata.EntitySets.products).top(5)
    batch.addQuery(query)
    try service.processBatch(batch)
    let products = try Product.array(from: batch.queryResult(for: query).entityList())
    print(products.count)
}
