// Source: SAPOData DataService.deleteEntity reference.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func deleteCustomer(service: ESPMContainer<OnlineODataProvider>, customer: Customer) throws {
    try service.deleteEntity(customer)
}
