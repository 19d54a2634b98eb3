// Source: SAP-style code updating the same entity twice (class semantics).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func updateTwice(service: ESPMContainer<OnlineODataProvider>, customer: Customer) throws {
    customer.firstName = "A"
    try service.updateEntity(customer)
    customer.firstName = "B"
    try service.updateEntity(customer)
}
