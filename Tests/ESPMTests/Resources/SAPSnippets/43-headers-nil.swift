// Source: SAP generated proxies: headers: nil, options: nil.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

func plain(service: ESPMContainer<OnlineODataProvider>) async throws {
    _ = try await service.fetchCustomers(matching: DataQuery(), headers: nil, options: nil)
}
