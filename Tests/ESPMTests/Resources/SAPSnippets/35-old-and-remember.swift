// Source: SAPOData EntityValue.isNew / rememberOld / old reference.
// Adapted to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`); a struct entity is passed `inout`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func changes(of product: inout Product) -> Bool {
    if product.isNew { return true }
    product.rememberOld()
    product.name = "Renamed"
    return product.old.name != product.name
}
