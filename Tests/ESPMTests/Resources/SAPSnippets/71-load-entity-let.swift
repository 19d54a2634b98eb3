// Source: SAPOData DataService.loadEntity reference, loadEntityExample using proxy classes (`let customer = Customer(); customer.customerID = "ALFKI"; try service.loadEntity(customer)`).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func showCustomer(service: ESPMContainer<OnlineODataProvider>) throws {
    let customer = Customer()
    customer.customerID = "C000000001"
    try service.loadEntity(customer)
    print(customer.lastName ?? "")
}
