// Source: SAPOData ChangeSet class reference, applyChangesExample (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/ChangeSet.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`; the constants, `.copy()` and the ChangeSet writes without `try` are SAP's.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func applyChangesToConstants(service: ESPMContainer<OnlineODataProvider>) throws {
    let products = try service.fetchProducts(matching: DataQuery().top(3))
    let product1 = products[0].copy()
    let product2 = products[1]
    let product3 = products[2]
    product1.productID = "HT-9999"
    product1.name = "Strawberry Yoghurt"
    product2.name = "Blackberry Yoghurt"
    let entityChanges = ChangeSet()
    entityChanges.createEntity(product1)
    entityChanges.updateEntity(product2)
    entityChanges.deleteEntity(product3)
    try service.applyChanges(entityChanges)
}
