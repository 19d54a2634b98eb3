import BenchESPM
import Foundation
import OData

// Benchmark (not a test): reading and writing a structural property of generated entities on an
// instance. `customer.firstName` goes through EntityProtocol's dynamic member lookup on the static
// descriptor; the reference is the call that generated code declared per property before
// (`value(of: Customer.firstName)` / `setValue(_:for:)`), the same work without the key path.
//
//   swift run -c release --package-path Benchmarks property-access-bench [entities=100000] [rounds=5]

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let entityCount = arguments.first ?? 100_000
let rounds = arguments.dropFirst().first ?? 5

var customers: [Customer] = (0..<entityCount).map { index in
    var customer = Customer()
    customer.setValue("C\(index)", for: Customer.customerID)
    customer.setValue(index.isMultiple(of: 3) ? "Ann" : "Bob", for: Customer.firstName)
    return customer
}

/// The best time of `rounds` runs of `body`, in nanoseconds per entity.
func measure(_ body: () -> Int) -> (nanoseconds: Double, checksum: Int) {
    var best = Double.infinity
    var checksum = 0
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        checksum = body()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        best = min(best, elapsed / Double(entityCount))
    }
    return (best, checksum)
}

let dynamicRead = measure { customers.reduce(0) { $0 &+ ($1.firstName?.utf8.count ?? 0) } }
let directRead = measure { customers.reduce(0) { $0 &+ ($1.value(of: Customer.firstName)?.utf8.count ?? 0) } }
let dynamicWrite = measure {
    for index in customers.indices { customers[index].lastName = "Smith" }
    return customers.count
}
let directWrite = measure {
    for index in customers.indices { customers[index].setValue("Smith", for: Customer.lastName) }
    return customers.count
}
print(
    String(
        format: "read  customer.firstName: %6.1f ns  (value(of:) %6.1f ns, ratio %.2f)  checksum %d / %d",
        dynamicRead.nanoseconds, directRead.nanoseconds, dynamicRead.nanoseconds / directRead.nanoseconds,
        dynamicRead.checksum, directRead.checksum))
print(
    String(
        format: "write customer.lastName:  %6.1f ns  (setValue   %6.1f ns, ratio %.2f)",
        dynamicWrite.nanoseconds, directWrite.nanoseconds, dynamicWrite.nanoseconds / directWrite.nanoseconds))
