// Source: SAPOData ChangeSet class reference, applyChangesExample (entityChanges: updateEntity, deleteEntity) (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/ChangeSet.html).
// Adapted to the ESPM names and `import OData`/`import ESPM`; a struct entity is a `var` (not `.copy()`), and ChangeSet writes `throw`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func applyEntityChanges(service: ESPMContainer<OnlineODataProvider>) throws {
    let products = try service.fetchProducts(matching: DataQuery().top(3))
    var product2 = products[1]
    let product3 = products[2]
    let entityChanges = ChangeSet()
    product2.name = "Blackberry Yoghurt"
    try entityChanges.updateEntity(product2)
    try entityChanges.deleteEntity(product3)
    try service.applyChanges(entityChanges)
}
