// Source: SAPOData DataService class reference, dataServiceExample using proxy classes (https://help.sap.com/doc/978e4f6c968c4cc5a30f9d324aa4b1d7/Latest/en-US/Documents/Frameworks/SAPOData/Classes/DataService.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`: a constant copy is changed, created, changed again, updated and deleted.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func dataServiceExample(service: ESPMContainer<OnlineODataProvider>) throws {
    let query = DataQuery().select(Customer.customerID, Customer.firstName, Customer.lastName).orderBy(Customer.lastName)
    let customers = try service.fetchCustomers(matching: query)
    let customer = customers.first!.copy()
    customer.customerID = GuidValue.random().toString()
    customer.lastName = "Created"
    try service.createEntity(customer)
    customer.lastName = "Updated"
    try service.updateEntity(customer)
    try service.deleteEntity(customer)
}
