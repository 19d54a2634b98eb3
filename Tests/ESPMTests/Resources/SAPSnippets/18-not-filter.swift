// Source: SAPOData QueryFilter.not reference.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func nonGermanCustomers(service: ESPMContainer<OnlineODataProvider>) async throws -> [Customer] {
    let query = DataQuery().filter(Customer.country.equal("DE").not())
    return try await service.fetchCustomers(matching: query)
}
