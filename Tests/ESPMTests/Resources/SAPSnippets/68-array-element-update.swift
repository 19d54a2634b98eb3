// Source: SAP iOS tutorial "Update an entity" (table view: `let product = products[indexPath.row]; product.price = …; try dataService.updateEntity(product)`).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func discount(service: ESPMContainer<OnlineODataProvider>, products: [Product], row: Int) throws {
    let product = products[row]
    product.price = BigDecimal((product.price?.doubleValue() ?? 0) * 0.9)
    try service.updateEntity(product)
    print(products[row].price?.doubleValue() ?? 0)
}
