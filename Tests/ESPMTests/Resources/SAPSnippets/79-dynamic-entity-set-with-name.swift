// Source: SAPOData DataService class reference, dataServiceExample using the dynamic API: entitySet(withName:), entityType.property(withName:), executeQuery(_:).entityList() (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/DataService.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`/`import ODataSAPCompatibility`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func dynamicExample(service: ESPMContainer<OnlineODataProvider>) throws -> [EntityValue] {
    let customersEntitySet = service.entitySet(withName: "Customers")
    let customerEntityType = customersEntitySet.entityType
    let customerIDProperty = customerEntityType.property(withName: "CustomerId")
    let lastNameProperty = customerEntityType.property(withName: "LastName")
    let query = DataQuery()
        .select(customerIDProperty, lastNameProperty)
        .from(customersEntitySet).orderBy(lastNameProperty)
    return try service.executeQuery(query).entityList()
}
