// Source: SAPOData BigDecimal reference: fromDouble, parse and add return BigDecimal (not optional).
// Adapted to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`); `var total: BigDecimal` is annotated (an unannotated
// binding of a factory call keeps this SDK's optional form).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func orderTotal(items: [SalesOrderItem]) -> BigDecimal {
    var total: BigDecimal = BigDecimal.fromDouble(0.0)
    for item in items {
        total = total.add(item.grossAmount ?? BigDecimal.parse("0"))
    }
    return total.add(BigDecimal.fromDouble(4.95))
}

func reprice(_ product: inout Product) {
    product.price = BigDecimal.fromDouble(9.99)
    let discounted: BigDecimal = BigDecimal.parse("8.99")
    print(discounted.toString())
}
