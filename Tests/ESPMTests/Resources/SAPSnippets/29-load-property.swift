// Source: SAPOData DataService.loadProperty reference (navigation property).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

func loadOrders(service: ESPMContainer<OnlineODataProvider>, customer: inout Customer) throws {
    try service.loadProperty(Customer.salesOrders, into: &customer)
    print(customer.salesOrders.count)
}
