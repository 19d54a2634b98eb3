// Source: seed 000 (customer detail screen): expand + fetchCustomerWithKey with a completion handler.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

@MainActor
final class CustomerDetailViewController {
    var dataService: ESPMContainer<OnlineODataProvider>!
    var customerID = "C1"
    var orders: [SalesOrderHeader] = []

    func loadCustomer() {
        let query = DataQuery().expand(Customer.salesOrders)
        dataService.fetchCustomerWithKey(customerID: customerID, query: query) { customer, error in
            guard let customer = customer else { return }
            let total = customer.salesOrders.reduce(0.0) { $0 + ($1.netAmount?.doubleValue() ?? 0) }
            let born = customer.dateOfBirth?.utc()
            DispatchQueue.main.async {
                self.orders = customer.salesOrders
                print(total, born as Any, customer.address?.city ?? "")
            }
        }
    }
}
