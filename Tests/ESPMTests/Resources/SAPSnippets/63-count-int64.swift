// Source: SAPOData DataService.count(_:) reference: the count is Int64.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility` for the synchronous form).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func customerCount(service: ESPMContainer<OnlineODataProvider>) throws -> Int64 {
    let query = DataQuery().from(ESPMContainerMetadata.EntitySets.customers)
    let count: Int64 = try service.count(query)
    return count
}

func customerCountAsync(service: ESPMContainer<OnlineODataProvider>) async throws -> Int64 {
    try await service.count(DataQuery().from(ESPMContainerMetadata.EntitySets.customers))
}
