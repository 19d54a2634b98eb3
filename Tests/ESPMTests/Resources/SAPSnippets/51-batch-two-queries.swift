// Source: SAPOData RequestBatch class reference: several queries in one batch, each read with queryResult(for:) (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/RequestBatch.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func overviewInOneRequest(service: ESPMContainer<OnlineODataProvider>) throws -> ([Customer], [Product]) {
    let customersQuery = DataQuery().from(ESPMContainerMetadata.EntitySets.customers).top(10)
    let productsQuery = DataQuery().from(ESPMContainerMetadata.EntitySets.products).top(5)
    let batch = RequestBatch()
    batch.addQuery(customersQuery)
    batch.addQuery(productsQuery)
    try service.processBatch(batch)
    let customers = try Customer.array(from: batch.queryResult(for: customersQuery).entityList())
    let products = try Product.array(from: batch.queryResult(for: productsQuery).entityList())
    return (customers, products)
}
