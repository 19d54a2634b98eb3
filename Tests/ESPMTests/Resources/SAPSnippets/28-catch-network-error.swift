// Source: SAP sample (offline/online handling): catch DataNetworkError.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func loadHandlingNetwork(service: ESPMContainer<OnlineODataProvider>) async {
    do {
        _ = try await service.fetchProducts()
    } catch let error as DataNetworkError {
        print("network problem: \(error.message)")
    } catch {
        print(error)
    }
}
