// Code ported from SAPOData, with the two lines a porter adds: `"sapCompatibility": true` in this target's
// odata-generator-config.json (the container gets SAP's synchronous forms) and `import ODataSAPCompatibility` with
// the product as a dependency (SAP's spellings and DataService's own synchronous forms). Top-level code without
// `await` is synchronous, so it calls the blocking forms, as SAP code on a background queue does. The provider is
// made as SAP's samples make it, from a `String` root, without `try`. run.sh runs it against pyslet.
import Foundation
import OData
import ODataSAPCompatibility

guard let root = ProcessInfo.processInfo.environment["ODATA_TEST_PYSLET_URL"] else {
    print("set ODATA_TEST_PYSLET_URL to the ESPM service root")
    exit(2)
}

let service = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: root))
let customers = try service.fetchCustomers(matching: DataQuery().top(3).orderBy(Customer.customerID))
var customer = customers[1]
customer.city = "Ported City"
try service.updateEntity(&customer)
let reread = try service.fetchCustomerWithKey(customerID: customer.customerID)
let count = try service.count(matching: DataQuery().from(ESPMContainerMetadata.EntitySets.customers))
let result = try service.executeQuery(DataQuery().from(ESPMContainerMetadata.EntitySets.products).top(2))
let products = try Product.array(from: result.entityList())

print("customers: \(customers.compactMap(\.customerID).joined(separator: ","))")
print("updated: \(reread.customerID ?? "?") \(reread.city ?? "nil")")
print("count: \(count)")
print("products: \(products.count)")
