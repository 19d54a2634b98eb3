// Source: SAPOData DecimalValue reference: of, zero, compare, equal, toString.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func decimalValues(product: Product) -> String {
    let price = DecimalValue.of(product.price ?? BigDecimal.fromInt(0))
    let positive = DecimalValue.compare(price, DecimalValue.zero) > 0
    let same = DecimalValue.equal(price, DecimalValue.of(price.value))
    return "\(price.toString()) \(positive) \(same)"
}
