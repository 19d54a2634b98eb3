// Source: SAPOData DataService.loadProperty reference, loadPropertyExample using proxy classes (`try service.loadProperty(Customer.orders, into: customer)`).
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func showOrders(service: ESPMContainer<OnlineODataProvider>, customer: Customer) async throws {
    try await service.loadProperty(Customer.salesOrders, into: customer)
    print(customer.salesOrders.count)
}
