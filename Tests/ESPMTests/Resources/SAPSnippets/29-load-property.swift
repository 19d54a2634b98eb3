// Source: SAPOData DataService.loadProperty reference (navigation property).
// Adapted to the ESPM names and `import OData`/`import ESPM`; a struct entity is passed `inout` (`into: &customer`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func loadOrders(service: ESPMContainer<OnlineODataProvider>, customer: inout Customer) throws {
    try service.loadProperty(Customer.salesOrders, into: &customer)
    print(customer.salesOrders.count)
}
