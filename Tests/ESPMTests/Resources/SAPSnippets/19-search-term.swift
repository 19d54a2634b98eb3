// Source: SAPOData SearchTerm / DataQuery.search reference.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func searchProducts(service: ESPMContainer<OnlineODataProvider>, text: String) async throws -> [Product] {
    let query = DataQuery().search(SearchTerm.parse(text)).top(50)
    return try await service.fetchProducts(matching: query)
}
