// Source: SAPOData DataService.updateEntity reference, adapted: a struct entity is a `var`.
// Adapted to the ESPM names and `import OData`/`import ESPM`; a struct entity is a `var`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func renameCustomer(service: ESPMContainer<OnlineODataProvider>) throws {
    var customer = try service.fetchCustomerWithKey(customerID: "C1")
    customer.lastName = "Byron"
    try service.updateEntity(customer)
}
