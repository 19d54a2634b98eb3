// Source: SAPOData DataService class reference, createRelatedEntity(_:in:property:) (synchronous, throws) (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/DataService.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`/`import ODataSAPCompatibility`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func addItem(to order: SalesOrderHeader, service: ESPMContainer<OnlineODataProvider>) throws {
    let item = SalesOrderItem()
    item.productID = "HT-1000"
    item.quantity = BigDecimal.fromInt(2)
    try service.createRelatedEntity(item, in: order, property: SalesOrderHeader.items)
    print(item.itemNumber.map(String.init) ?? "new")
}
