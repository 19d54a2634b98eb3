// Source: SAPOData QueryResult reference: executeQuery, entityList and <Type>.array(from:).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func readCustomers(service: ESPMContainer<OnlineODataProvider>) throws -> [Customer] {
    let query = DataQuery().from(ESPMContainerMetadata.EntitySets.customers).top(20)
    let result = try service.executeQuery(query)
    return try Customer.array(from: result.entityList())
}
