// Source: SAPOData EntityValue.rememberOld / oldEntity reference (a class-based proxy held as a constant).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData

func nameChanged(customer: Customer) -> Bool {
    customer.rememberOld()
    customer.lastName = "Renamed"
    return customer.old.lastName != customer.lastName
}
