import ESPM
import Foundation
import OData
import XCTest

/// SAP's `serviceOptions` / `networkOptions` set on a live provider against pyslet: `tunneledMethods` sends MERGE
/// and DELETE as POST with `X-HTTP-Method` (pyslet applies them), a method that cannot be tunnelled is refused,
/// and `checkVersion` accepts pyslet's OData v2 answers.
final class SAPOptionsTests: XCTestCase {
    /// The suite's transport, remembering the method and `X-HTTP-Method` of every request it sends.
    private final class Spy: ODataTransport, @unchecked Sendable {
        let inner: any ODataTransport
        private let lock = NSLock()
        private var seen: [String] = []
        init(_ inner: any ODataTransport) { self.inner = inner }
        var requests: [String] { lock.withLock { seen } }
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            lock.withLock { seen.append("\(request.method) \(request.headers["X-HTTP-Method"] ?? "-")") }
            return try await inner.send(request)
        }
    }

    func testTunneledMethodsGoAsPostAndTheServerAppliesThem() async throws {
        let root = try TestServers.pyslet()
        try await TestServers.resetPyslet(root)
        let options = OnlineODataProvider.Options()
        let spy = Spy(TestServers.transport(for: options) ?? URLSessionTransport(configuration: options.transportConfiguration))
        let provider = OnlineODataProvider(serviceName: "ESPM", serviceRoot: root, options: options, transport: spy)
        let service = ESPMContainer(provider: provider)
        provider.networkOptions.tunneledMethods = ["merge", "DELETE"]
        provider.serviceOptions.checkVersion = true

        var customer = try await service.fetchCustomerWithKey(customerID: "C000002")
        customer.city = "Tunnelled"
        try await service.updateEntity(&customer)
        let reread = try await service.fetchCustomerWithKey(customerID: "C000002")
        XCTAssertEqual(reread.city, "Tunnelled")
        XCTAssertTrue(spy.requests.contains("POST MERGE"), "\(spy.requests)")
        XCTAssertFalse(spy.requests.contains { $0.hasPrefix("MERGE") }, "\(spy.requests)")

        var order = SalesOrderHeader()
        order.salesOrderID = "600000009"
        order.customerID = "C000002"
        order.lifeCycleStatus = "N"
        order.lifeCycleStatusName = "New"
        let created = try await service.createRelatedEntity(order, in: customer, property: Customer.salesOrders)
        try await service.deleteEntity(created)
        XCTAssertTrue(spy.requests.contains("POST DELETE"), "\(spy.requests)")
        do {
            _ = try await service.fetchSalesOrderHeaderWithKey(salesOrderID: "600000009")
            XCTFail("the tunnelled DELETE must have deleted the order")
        } catch {
            XCTAssertEqual(error.statusCode, 404)
        }

        provider.networkOptions.tunneledMethods = ["GET"]
        do {
            _ = try await service.fetchCustomerWithKey(customerID: "C000002")
            XCTFail("GET cannot be tunnelled")
        } catch {
            XCTAssertEqual(error.kind, .invalidRequest)
            XCTAssertTrue(error.message.contains("tunneledMethods names GET"), error.message)
        }
        provider.networkOptions.tunneledMethods = []
        let plain = try await service.fetchCustomerWithKey(customerID: "C000002")
        XCTAssertEqual(plain.city, "Tunnelled")
    }
}
