// Source: SAPOData DataService.createEntity reference, createEntityExample using proxy classes (`let customer = Customer(); customer.companyName = …; service.createEntity(customer)`).
// Adapted only to the ESPM names and `import OData`/`import ESPM` (and the porter's `import ODataSAPCompatibility`).
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func addItem(service: ESPMContainer<OnlineODataProvider>, order: SalesOrderHeader) async throws {
    let item = SalesOrderItem()
    item.salesOrderID = order.salesOrderID
    item.itemNumber = 10
    item.productID = "HT-1000"
    item.quantity = BigDecimal(2)
    item.currencyCode = order.currencyCode
    try await service.createEntity(item)
    print(item.isNew, item.quantity?.intValue() ?? 0)
}
