// Source: written in SAP's style: the async forms of SAPOData's generated fetch methods awaited from a @MainActor model in a Task.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

@MainActor
final class SalesOrdersModel {
    let dataService: ESPMContainer<OnlineODataProvider>
    var orders: [SalesOrderHeader] = []
    var failure: Error?

    init(dataService: ESPMContainer<OnlineODataProvider>) { self.dataService = dataService }

    func load(customerID: String) {
        Task {
            do {
                let query = DataQuery().filter(SalesOrderHeader.customerID.equal(customerID)).orderBy(SalesOrderHeader.createdAt, .descending)
                self.orders = try await dataService.fetchSalesOrderHeaders(matching: query)
            } catch {
                self.failure = error
            }
        }
    }
}
