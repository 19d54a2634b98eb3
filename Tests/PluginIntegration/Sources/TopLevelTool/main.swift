// A command-line tool as a new user writes it: top-level `try await` against the ESPM container that the
// ODataGenerator build plugin generates into this target with the default configuration (no option set).
// run.sh runs it against the ESPM service on pyslet and the OData 3.0 catalog service (scripts/servers.sh) and
// checks what it prints.
import Foundation
import OData

guard let url = ProcessInfo.processInfo.environment["ODATA_TEST_PYSLET_URL"], let root = URL(string: url) else {
    print("set ODATA_TEST_PYSLET_URL to the ESPM service root")
    exit(2)
}

let service = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: root))
let customers = try await service.fetchCustomers(matching: DataQuery().top(3).orderBy(Customer.customerID))
var changed = customers[0]
changed.city = "Top-level City"
try await service.updateEntity(changed)
let reread = try await service.fetchCustomerWithKey(customerID: changed.customerID)
let count = try await service.count(matching: DataQuery().from(ESPMContainerMetadata.EntitySets.customers))
let products = try await service.fetchProducts(matching: DataQuery().top(5))
let orders = try await service.fetchSalesOrderHeaders(
    matching: DataQuery().filter(SalesOrderHeader.customerID.equal(changed.customerID)).expand(SalesOrderHeader.items))

/// The README's changeset, from an async function: a create (its set taken from the type) and an update in one
/// changeset, then the created customer deleted through the server's version of it (its own address).
func changeSetRoundTrip(_ service: ESPMContainer<OnlineODataProvider>, editing customer: Customer) async throws -> String {
    var newCustomer = Customer()
    newCustomer.customerID = "TL-1"
    newCustomer.lastName = "Top-level"
    newCustomer.dateOfBirth = LocalDateTime(utc: Date(timeIntervalSince1970: 0))
    var edited = customer
    edited.street = "Changeset Street"
    let changes = ChangeSet()
    let id = changes.createEntity(newCustomer)
    try changes.updateEntity(edited)
    try await service.applyChanges(changes)
    guard let created = changes.serverVersion(of: Customer.self, forContentID: id) else { return "no server version" }
    let cleanup = ChangeSet()
    try cleanup.deleteEntity(created)
    try await service.applyChanges(cleanup)
    let addressed = created.entityValue.metadata.uri?.hasSuffix("Customers('TL-1')") == true
    return "\(created.customerID ?? "?") \(addressed ? "at its own address" : "without its address")"
}
let changeSet = try await changeSetRoundTrip(service, editing: reread)
let left = try await service.fetchCustomers(matching: DataQuery().filter(Customer.customerID.equal("TL-1")))

// How far the provider pages (`PagingPolicy`) and which service it speaks (`ServiceDescriptor`): an OData 3.0
// service read with `loadDataModel()`, and the same service adopted by a second provider from that model.
let paging = service.provider.pagingPolicy
let nextPage = try paging.address(of: "Customers?$skiptoken=5")
guard let v3 = ProcessInfo.processInfo.environment["ODATA_TEST_V3_URL"].flatMap(URL.init(string:)) else {
    print("set ODATA_TEST_V3_URL to the OData 3.0 catalog service root")
    exit(2)
}
let catalog = OnlineODataProvider(serviceName: "Catalog", serviceRoot: v3)
let catalogModel = try await catalog.loadDataModel()
let adopting = OnlineODataProvider(serviceName: "Catalog", serviceRoot: v3)
func tell(_ provider: some ServiceAdopting, about service: ServiceDescriptor) { provider.adopt(service) }
tell(adopting, about: catalogModel.service)
let catalogProducts = try await adopting.send(.fetchEntities(DataQuery().from(try catalogModel.entitySet("Products"))))

var names: [String] = []
service.fetchCustomers(matching: DataQuery().top(2).orderBy(Customer.customerID)) { customers, error in
    names = customers?.compactMap(\.customerID) ?? ["error: \(String(describing: error))"]
}
while names.isEmpty { try await Task.sleep(nanoseconds: 1_000_000) }

print("customers: \(customers.compactMap(\.customerID).joined(separator: ","))")
print("updated: \(reread.customerID ?? "?") \(reread.city ?? "nil")")
print("count: \(count)")
print("products: \(products.count)")
print("orders of \(changed.customerID ?? "?"): \(orders.count), items: \(orders.map(\.items.count).reduce(0, +))")
print("changeset: \(changeSet), left: \(left.count)")
print("completion handler: \(names.joined(separator: ","))")
print("paging: at most \(paging.maximumPages) pages, next links under the service root: \(nextPage.hasPrefix(root.absoluteString))")
print("services: \(service.provider.service), \(catalog.service), adopted \(adopting.service), products: \(catalogProducts.entities.count)")
