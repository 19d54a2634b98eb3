// Source: written in the style of SAP Assistant generated master view controllers: loadData with a completion, requestEntities with [unowned self] on the generated fetch.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

@MainActor
final class SalesOrderHeadersMasterViewController {
    var espmContainer: ESPMContainer<OnlineODataProvider>!
    var entities: [SalesOrderHeader] = []
    var loadingIndicatorShown = false

    func loadData(completionHandler: @escaping () -> Void) {
        requestEntities { error in
            defer { completionHandler() }
            if let error = error {
                print("Loading data failed: \(error.localizedDescription)")
                return
            }
            self.loadingIndicatorShown = false
        }
    }

    func requestEntities(completionHandler: @escaping (Error?) -> Void) {
        espmContainer.fetchSalesOrderHeaders(matching: DataQuery().selectAll()) { [unowned self] salesOrderHeaders, error in
            guard let salesOrderHeaders = salesOrderHeaders else {
                completionHandler(error!)
                return
            }
            self.entities = salesOrderHeaders
            completionHandler(nil)
        }
    }
}
