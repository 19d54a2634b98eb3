// Source: SAPOData DataService.createEntity reference (synchronous, from a background queue).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func createCustomer(service: ESPMContainer<OnlineODataProvider>) throws {
    let customer = Customer(withDefaults: true)
    customer.firstName = "Ada"
    customer.lastName = "Lovelace"
    customer.customerID = GuidValue.random().toString()
    try service.createEntity(customer)
}
