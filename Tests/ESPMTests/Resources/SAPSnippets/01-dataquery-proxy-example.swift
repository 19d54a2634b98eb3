// Source: SAPOData DataQuery class reference, example using proxy classes (help.sap.com …/SAPOData/Classes/DataQuery.html).
// Adapted only to the ESPM names and `import OData`/`import ESPM`.
import ESPM
import Foundation
import OData
import ODataSAPCompatibility

func dataQueryExample(service: ESPMContainer<OnlineODataProvider>) throws {
    let query = DataQuery()
        .select(Customer.customerID, Customer.lastName, Customer.city)
        .filter(Customer.city.toLower().contains("king"))
        .orderBy(Customer.lastName)
    let customers = try service.fetchCustomers(matching: query)
    print(customers.count)
}
