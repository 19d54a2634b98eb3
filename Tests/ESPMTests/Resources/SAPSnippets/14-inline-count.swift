// Source: SAPOData DataQuery.inlineCount / QueryResult.inlineCount reference.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

func countedPage(service: ESPMContainer<OnlineODataProvider>) async throws -> (Int, Int?) {
    let query = DataQuery().from(ESPMContainerMetadata.EntitySets.products).inlineCount().top(10)
    let result = try await service.executeQuery(query)
    return (try result.entityList().count, result.inlineCount)
}
