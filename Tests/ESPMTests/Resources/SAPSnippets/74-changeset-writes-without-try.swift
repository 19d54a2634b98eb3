// Source: SAPOData ChangeSet class reference, applyChangesExample using proxy classes (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/ChangeSet.html).
// Adapted only to the ESPM names (Product.supplierDetails for Product.supplier) and `import OData`/`import ESPM`/`import ODataSAPCompatibility`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func applyChangesExample(service: ESPMContainer<OnlineODataProvider>) throws {
    let suppliers = try service.fetchSuppliers(matching: DataQuery().top(2))
    let products = try service.fetchProducts(matching: DataQuery().top(3))
    let product1 = products[0].copy()
    let product2 = products[1].copy()
    let product3 = products[2].copy()
    product1.name = "Blueberry Muffins"
    product2.name = "Strawberry Yoghurt"
    product3.name = "Raspberry Pie"
    let entityCreates = ChangeSet()
    entityCreates.createEntity(product1)
    entityCreates.createEntity(product2)
    entityCreates.createEntity(product3)
    try service.applyChanges(entityCreates)
    let entityChanges = ChangeSet()
    product2.name = "Blackberry Yoghurt"
    entityChanges.updateEntity(product2)
    entityChanges.deleteEntity(product3)
    try service.applyChanges(entityChanges)
    let linkChanges = ChangeSet()
    let supplier1 = suppliers[0]
    let supplier2 = suppliers[1]
    linkChanges.createLink(from: product1, property: Product.supplierDetails, to: supplier1)
    linkChanges.updateLink(from: product1, property: Product.supplierDetails, to: supplier2)
    linkChanges.deleteLink(from: product1, property: Product.supplierDetails)
    try service.applyChanges(linkChanges)
}
