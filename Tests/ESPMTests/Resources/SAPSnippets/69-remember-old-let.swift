// Source: SAPOData EntityValue.rememberOld / oldEntity reference (a class-based proxy held as a constant).
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func nameChanged(customer: Customer) -> Bool {
    customer.rememberOld()
    customer.lastName = "Renamed"
    return customer.old.lastName != customer.lastName
}
