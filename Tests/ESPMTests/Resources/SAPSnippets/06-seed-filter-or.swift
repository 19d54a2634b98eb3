// Source: seed 002 (directory app): contains(…).or(…) filter and filterWithQuery-style in-memory evaluation.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

func search(service: ESPMContainer<OnlineODataProvider>, terms: String) async throws -> [Customer] {
    let query = DataQuery().filter(Customer.firstName.contains(terms).or(Customer.lastName.contains(terms)))
    return try await service.fetchCustomers(matching: query)
}
