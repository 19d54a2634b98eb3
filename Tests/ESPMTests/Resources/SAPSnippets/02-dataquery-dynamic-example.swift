// Source: SAPOData DataQuery class reference, example using the dynamic API.
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func dataQueryDynamicExample(service: DataService<OnlineODataProvider>, model: DataModel) throws {
    let customersEntitySet = try model.entitySet(withName: "Customers")
    let customerEntityType = customersEntitySet.entityType
    let customerIDProperty = try customerEntityType.property(withName: "CustomerId")
    let lastNameProperty = try customerEntityType.property(withName: "LastName")
    let query = DataQuery()
        .select(customerIDProperty, lastNameProperty)
        .from(customersEntitySet)
        .orderBy(lastNameProperty)
    let customers = try service.executeQuery(query).entityList()
    print(customers.count)
}
