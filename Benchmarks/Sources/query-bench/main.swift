// Benchmark (not a test): build and render 100,000 typical OData v2 queries to relative URLs.
// Run: swift run -c release --package-path Benchmarks query-bench [count]
// Reports queries/s for (1) building + rendering DataQuery values, (2) rendering prebuilt queries, and
// (3) a reference point: Foundation's URLComponents assembling the same URLs from pre-rendered option strings.
import Foundation
import OData

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000

// A small ESPM-like model, as generated code would declare it.
let customerType = EntityTypeDescriptor(
    qualifiedName: "ESPM.Customer",
    properties: [
        PropertyDescriptor(name: "CustomerId", type: .primitive(.string), index: 0, isNullable: false, isKey: true),
        PropertyDescriptor(name: "FirstName", type: .primitive(.string), index: 1),
        PropertyDescriptor(name: "LastName", type: .primitive(.string), index: 2),
        PropertyDescriptor(name: "DateOfBirth", type: .primitive(.dateTime), index: 3),
        PropertyDescriptor(name: "City", type: .primitive(.string), index: 4),
    ],
    navigationProperties: [
        NavigationDescriptor(name: "SalesOrders", isCollection: true, targetTypeName: "ESPM.SalesOrderHeader", index: 0) {
            orderType
        }
    ],
    keyNames: ["CustomerId"])
let orderType = EntityTypeDescriptor(
    qualifiedName: "ESPM.SalesOrderHeader",
    properties: [
        PropertyDescriptor(name: "SalesOrderId", type: .primitive(.string), index: 0, isNullable: false, isKey: true),
        PropertyDescriptor(name: "NetAmount", type: .primitive(.decimal), index: 1),
        PropertyDescriptor(name: "LifeCycleStatus", type: .primitive(.string), index: 2),
    ],
    navigationProperties: [
        NavigationDescriptor(name: "Items", isCollection: true, targetTypeName: "ESPM.SalesOrderItem", index: 0) { orderType }
    ],
    keyNames: ["SalesOrderId"])
let customers = EntitySetDescriptor(name: "Customers", entityType: customerType)
let orders = EntitySetDescriptor(name: "SalesOrderHeaders", entityType: orderType)
let firstName = TypedProperty<String>(customerType.properties[1])
let lastName = TypedProperty<String>(customerType.properties[2])
let dateOfBirth = TypedProperty<LocalDateTime>(customerType.properties[3])
let city = TypedProperty<String>(customerType.properties[4])
let customerID = TypedProperty<String>(customerType.properties[0])
let salesOrders = customerType.navigationProperties[0]
let netAmount = TypedProperty<BigDecimal>(orderType.properties[1])
let status = TypedProperty<String>(orderType.properties[2])
let items = orderType.navigationProperties[0]
let updateStatus = FunctionImportDescriptor(
    name: "UpdateSalesOrderStatus", httpMethod: "POST",
    parameters: [FunctionParameterDescriptor(name: "id", type: .string), FunctionParameterDescriptor(name: "newStatus", type: .string)])
let born = LocalDateTime(year: 1980, month: 1, day: 1)!
let terms = ["Anna", "O'Brien", "Müller & Söhne", "x/y?z", "Smith"]

/// Five typical query shapes, chosen by `i`.
func makeQuery(_ i: Int) -> DataQuery {
    let term = terms[i % terms.count]
    switch i % 5 {
    case 0:
        return DataQuery().from(customers).filter(firstName.contains(term).or(lastName.contains(term))).orderBy(lastName).top(20)
    case 1:
        return DataQuery().from(customers).withKey(customerID, "C\(i)").expand(salesOrders)
    case 2:
        return DataQuery().from(orders).select(netAmount, status).filter(netAmount > BigDecimal(significand: Int128(i), scale: 2))
            .orderBy(netAmount, .descending).skip(i % 100).top(50).inlineCount()
    case 3:
        return DataQuery().from(customers).filter(dateOfBirth < born && city == term).expand(
            salesOrders, withQuery: DataQuery().select(netAmount).expand(items)
        ).custom("sap-client", "100")
    default:
        return DataQuery().invoke(updateStatus, parameters: ["id": .string("\(i)"), "newStatus": .string(term)])
    }
}

func measure(_ label: String, _ body: () -> Int) {
    let start = DispatchTime.now().uptimeNanoseconds
    let checksum = body()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let rate = Double(count) / seconds
    let padded = label.padding(toLength: 52, withPad: " ", startingAt: 0)
    print(
        padded
            + String(
                format: " %8.3f s  %10.0f queries/s  %7.2f µs/query  (checksum %d)", seconds, rate, seconds * 1e6 / Double(count), checksum)
    )
}

print("Rendering \(count) typical queries (5 shapes: search, key+expand, select/filter/order/paging, nested expand, function import)")
print("Example URLs:")
for i in 0..<5 { print("  " + makeQuery(i).relativeURLString) }

measure("build DataQuery + render relativeURLString") {
    var total = 0
    for i in 0..<count { total &+= makeQuery(i).relativeURLString.utf8.count }
    return total
}

let prebuilt = (0..<count).map(makeQuery)
measure("render prebuilt DataQuery") {
    var total = 0
    for query in prebuilt { total &+= query.relativeURLString.utf8.count }
    return total
}

// Reference point: Foundation assembling URLs from already rendered, unencoded option values.
let parts: [(path: String, items: [URLQueryItem])] = prebuilt.map { query in
    let options = query.queryOptions.map { URLQueryItem(name: $0.name, value: $0.value.removingPercentEncoding) }
    return (query.resourcePath.removingPercentEncoding ?? query.resourcePath, options)
}
measure("reference: URLComponents from pre-rendered values") {
    var total = 0
    for part in parts {
        var components = URLComponents()
        components.path = part.path
        components.queryItems = part.items.isEmpty ? nil : part.items
        total &+= (components.string ?? "").utf8.count
    }
    return total
}
