// Source: SAP tutorial (create a product): setting a decimal price from a Double.
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func newProduct() -> Product {
    var product = Product()
    product.productID = "HT-9999"
    product.name = "Notebook"
    product.price = BigDecimal.fromDouble(1299.99)
    product.currencyCode = "EUR"
    return product
}
