import ESPM
import Foundation
import OData
import XCTest

/// Writes in Atom (`Options.format = .atom`) against pyslet: the bodies are Atom entries and `$links`
/// `<uri>` documents with Atom/XML content types, and pyslet applies them. (pyslet's Atom answers carry no
/// ETags, so ETag checks are covered by the JSON tests in PysletWriteTests.)
final class PysletAtomWriteTests: XCTestCase {
    private final class Sent: @unchecked Sendable {
        private let lock = NSLock()
        private var contentTypes: [String: [String]] = [:]
        func record(_ request: HTTPRequest) {
            guard let type = request.headers["Content-Type"] else { return }
            lock.withLock { contentTypes[request.effectiveMethod, default: []].append(type) }
        }
        func types(_ method: String) -> [String] { lock.withLock { contentTypes[method] ?? [] } }
    }

    private var service: ESPMContainer<OnlineODataProvider>!
    private let sent = Sent()

    override func setUp() async throws {
        let root = try TestServers.pyslet()
        try await TestServers.resetPyslet(root)
        let sent = self.sent
        let recorder = ClosureMiddleware { request, next in
            sent.record(request)
            return try await next(request)
        }
        let options = OnlineODataProvider.Options(format: .atom, middlewares: [recorder])
        service = ESPMContainer(provider: TestServers.provider(serviceName: "ESPM", serviceRoot: root, options: options))
    }

    func testCreateUpdateDeleteInAtom() async throws {
        var customer = Customer()
        customer.customerID = "A1"
        customer.firstName = "Ada"
        customer.lastName = "Lovelace"
        customer.city = "London"
        customer.dateOfBirth = LocalDateTime(utc: Date(timeIntervalSince1970: 1_700_000_000))
        let created = try await service.createEntity(customer)
        XCTAssertEqual(created.customerID, "A1")
        XCTAssertEqual(sent.types("POST"), ["application/atom+xml;type=entry"])

        var changed = try await service.fetchCustomerWithKey(customerID: "A1")
        XCTAssertEqual(changed.dateOfBirth?.utc(), Date(timeIntervalSince1970: 1_700_000_000))
        changed.city = "Paris"
        _ = try await service.updateEntity(changed)
        let reread = try await service.fetchCustomerWithKey(customerID: "A1")
        XCTAssertEqual([reread.city, reread.firstName], ["Paris", "Ada"], "MERGE in Atom sends only the changed property")

        // PUT on a seeded customer: pyslet refuses an Atom PUT whose UpdatedTimestamp differs from the stored
        // one (403 ConstraintError; JSON is not checked), and a customer created by a client has none stored.
        var seeded = try await service.fetchCustomerWithKey(customerID: "C000002")
        let seededLastName = seeded.lastName
        seeded.firstName = "Augusta"
        seeded.city = nil
        _ = try await service.updateEntity(seeded, options: RequestOptions(updateMode: .replace))
        let replaced = try await service.fetchCustomerWithKey(customerID: "C000002")
        XCTAssertEqual(replaced.firstName, "Augusta")
        XCTAssertNil(replaced.city)
        XCTAssertEqual(replaced.lastName, seededLastName)
        XCTAssertEqual(sent.types("MERGE"), ["application/atom+xml;type=entry"])
        XCTAssertEqual(sent.types("PUT"), ["application/atom+xml;type=entry"])

        try await service.deleteEntity(reread)
        do {
            _ = try await service.fetchCustomerWithKey(customerID: "A1")
            XCTFail("deleted")
        } catch let error as ODataError {
            XCTAssertEqual(error.statusCode, 404)
        }
    }

    func testDeepInsertAndLinksInAtom() async throws {
        let customer = try await service.fetchCustomerWithKey(customerID: "C000003")
        var order = SalesOrderHeader()
        order.salesOrderID = "600000002"
        order.customerID = "C000003"
        order.lifeCycleStatus = "N"
        order.lifeCycleStatusName = "New"
        var item = SalesOrderItem()
        item.itemNumber = 10
        item.salesOrderID = "600000002"
        item.productID = "HT-1000"
        item.quantity = BigDecimal(2)
        item.setRelatedEntity(try await service.fetchProductWithKey(productID: "HT-1000"), for: SalesOrderItem.productDetails)
        order.setRelated([item], for: SalesOrderHeader.items)
        let created = try await service.createRelatedEntity(order, in: customer, property: Customer.salesOrders)
        XCTAssertEqual(created.salesOrderID, "600000002")
        let items = try await service.fetchSalesOrderItems(matching: DataQuery().filter(SalesOrderItem.salesOrderID == "600000002"))
        XCTAssertEqual(items.map(\.itemNumber), [10], "the inline item was deep-inserted from the Atom entry")

        var links = try await service.fetchLinks(from: customer, property: Customer.salesOrders)
        XCTAssertTrue(links.uris.contains { $0.hasSuffix("SalesOrderHeaders('600000002')") }, "\(links.uris)")
        let other = try await service.fetchCustomerWithKey(customerID: "C000004")
        try await service.setLink(from: created, property: SalesOrderHeader.customerDetails, to: other)
        XCTAssertEqual(sent.types("PUT"), ["application/xml"])
        var moved = try await service.fetchSalesOrderHeaderWithKey(salesOrderID: "600000002")
        try await service.loadProperty(SalesOrderHeader.customerDetails, into: &moved)
        XCTAssertEqual(moved.customerDetails?.customerID, "C000004")
        links = try await service.fetchLinks(from: customer, property: Customer.salesOrders)
        XCTAssertFalse(links.uris.contains { $0.hasSuffix("SalesOrderHeaders('600000002')") }, "\(links.uris)")
    }
}
