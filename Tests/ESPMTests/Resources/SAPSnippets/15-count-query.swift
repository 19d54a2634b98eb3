// Source: SAPOData DataQuery.count / QueryResult.count reference.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func productCount(service: ESPMContainer<OnlineODataProvider>) throws -> Int64 {
    let query = DataQuery().from(ESPMContainerMetadata.EntitySets.products).count()
    return try service.executeQuery(query).count()
}
