// Source: SAPOData BigDecimal reference: fromDouble, add, multiply, toString.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func orderTotal(items: [SalesOrderItem]) -> String {
    var total = BigDecimal.fromInt(0)
    for item in items {
        let amount = item.grossAmount ?? BigDecimal.fromInt(0)
        total = total.add(amount)
    }
    let withTax = total.multiply(BigDecimal.parse("1.19") ?? BigDecimal.fromInt(1))
    return withTax.toString()
}
