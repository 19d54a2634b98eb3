import Foundation
import OData
import ODataMetadata
import ODataOffline

// Writes an encrypted offline store with the release's own code (ODataOffline at ef02732) on the SQLCipher it links.
let arguments = CommandLine.arguments
let folder = URL(fileURLWithPath: arguments[1])
let metadata = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
var parameters = OfflineODataParameters()
parameters.storeName = "sqlcipher3"
parameters.storePath = folder
parameters.storeEncryptionKey = "SQLCipher 3 store key"
let provider = OfflineODataProvider(metadata: metadata, parameters: parameters)
try await provider.open()
let model = try DataModel(metadata: try MetadataParser.parse(metadata))
let customers = try model.entitySet("Customers")
let orders = try model.entitySet("SalesOrderHeaders")
for (id, first, city) in [("C1", "Ada", "Zanzibarcity"), ("C2", "Grace", "Arlington"), ("C3", "Zoë", "Göteborg")] {
    var customer = EntityValue(type: customers.entityType)
    try customer.set("CustomerId", id)
    try customer.set("FirstName", first)
    try customer.set("LastName", "Store3")
    try customer.set("City", city)
    try customer.set("Country", "DE")
    _ = try await provider.createEntity(customer, in: customers)
}
for (id, customer, amount) in [("S1", "C1", "10.50"), ("S2", "C1", "99.99"), ("S3", "C3", "1234.567")] {
    var order = EntityValue(type: orders.entityType)
    try order.set("SalesOrderId", id)
    try order.set("CustomerId", customer)
    try order.set("CurrencyCode", "EUR")
    try order.set("NetAmount", to: .decimal(BigDecimal(string: amount) ?? BigDecimal(0)))
    _ = try await provider.createEntity(order, in: orders)
}
try await provider.close()
print("wrote \(folder.path)/sqlcipher3.sqlite")
