// Source: SAP iOS tutorial pattern "update the entity in the completion handler" (SAPOData DataService.updateEntity with a class-based proxy captured by a closure).
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

@MainActor
func renameAll(service: ESPMContainer<OnlineODataProvider>, customers: [Customer], city: String) {
    customers.forEach { customer in
        customer.city = city
    }
    for customer in customers {
        service.updateEntity(customer) { (error: Error?) in
            if let error { print("update failed: \(error)") } else { print(customer.city ?? "") }
        }
    }
}
