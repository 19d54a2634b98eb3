import ESPM
import Foundation
import OData
import XCTest

/// `$batch` against pyslet (through the harness's `$batch` layer, `scripts/servers/pyslet_batch.py`) in JSON
/// and in Atom: the reads ask for the service's format, changeset bodies are written in it, and the answers
/// are decoded by each part's content type.
final class PysletBatchTests: XCTestCase {
    /// The body of every `$batch` request sent.
    private final class Sent: @unchecked Sendable {
        private let lock = NSLock()
        private var bodies: [String] = []
        func record(_ request: HTTPRequest) {
            guard request.url.path.hasSuffix("/$batch"), case .data(let data) = request.body else { return }
            lock.withLock { bodies.append(String(decoding: data, as: UTF8.self)) }
        }
        var all: [String] { lock.withLock { bodies } }
    }

    private func service(_ format: PayloadFormat) async throws -> (ESPMContainer<OnlineODataProvider>, Sent) {
        let root = try TestServers.pyslet()
        try await TestServers.resetPyslet(root)
        let sent = Sent()
        let recorder = ClosureMiddleware { request, next in
            sent.record(request)
            return try await next(request)
        }
        let options = OnlineODataProvider.Options(format: format, middlewares: [recorder])
        return (ESPMContainer(provider: TestServers.provider(serviceName: "ESPM", serviceRoot: root, options: options)), sent)
    }

    func testReadsAndChangesetsFollowTheFormat() async throws {
        for format in [PayloadFormat.json, .atom] {
            let (service, sent) = try await service(format)
            let customers = ESPMContainerMetadata.EntitySets.customers
            let list = DataQuery().from(customers).orderBy(Customer.customerID).top(3)
            let one = DataQuery().from(customers).withKey(Customer.key(customerID: "C000002"))
            let batch = RequestBatch()
            batch.addQuery(list)
            batch.addQuery(one)
            var created = Customer()
            created.customerID = "Z-\(format.rawValue)"
            created.lastName = "Batch"
            created.city = "Walldorf"
            created.dateOfBirth = LocalDateTime(utc: Date(timeIntervalSince1970: 1_700_000_000))
            let changes = ChangeSet()
            // The set is named in JSON and taken from the type in Atom (SAP's createEntity(_:)).
            if format == .json {
                changes.createEntity(created, in: customers)
            } else {
                changes.createEntity(created)
            }
            batch.addChanges(changes)
            try await service.processBatch(batch)

            let body = try XCTUnwrap(sent.all.first)
            let accept = format == .json ? "Accept: application/json" : "Accept: application/atom+xml"
            XCTAssertEqual(body.components(separatedBy: accept).count - 1, 3, "\(format): \(body)")
            XCTAssertEqual(body.contains("<entry"), format == .atom, body)
            XCTAssertTrue(changes.isSuccess, "\(format): \(String(describing: changes.error))")

            let expected = try await service.fetchCustomers(matching: DataQuery().orderBy(Customer.customerID).top(3))
            let read = Customer.array(from: try batch.queryResult(for: list).entityList())
            XCTAssertEqual(read.map(\.customerID), expected.map(\.customerID), "\(format)")
            XCTAssertEqual(read.map(\.lastName), expected.map(\.lastName), "\(format)")
            XCTAssertNotNil(read.first?.lastName)
            let single = Customer(entityValue: try batch.queryResult(for: one).requiredEntity())
            XCTAssertEqual(single.customerID, "C000002", "\(format)")
            let stored = try await service.fetchCustomerWithKey(customerID: "Z-\(format.rawValue)")
            XCTAssertEqual(stored.lastName, "Batch", "\(format)")
            XCTAssertEqual(stored.city, "Walldorf", "\(format)")
            // SAP's count(_:) as Int64, beside count(matching:)
            let count: Int64 = try await service.count(DataQuery().from(customers))
            let native = try await service.count(matching: DataQuery().from(customers))
            XCTAssertEqual(count, Int64(native))
            XCTAssertGreaterThan(count, 60)
        }
    }

    func testLinkWritesInAChangesetFollowTheFormat() async throws {
        for format in [PayloadFormat.json, .atom] {
            let (service, sent) = try await service(format)
            let orders = try await service.fetchSalesOrderHeaders(matching: DataQuery().top(1))
            let order = try XCTUnwrap(orders.first)
            let target = order.customerID == "C000004" ? "C000005" : "C000004"
            let customer = try await service.fetchCustomerWithKey(customerID: target)
            let changes = ChangeSet()
            try changes.updateLink(
                from: order, property: SalesOrderHeader.customerDetails, to: customer,
                sourceSet: ESPMContainerMetadata.EntitySets.salesOrderHeaders, targetSet: ESPMContainerMetadata.EntitySets.customers)
            let batch = RequestBatch()
            batch.addChanges(changes)
            try await service.processBatch(batch)
            XCTAssertTrue(changes.isSuccess, "\(format): \(String(describing: changes.error))")
            let body = try XCTUnwrap(sent.all.first)
            XCTAssertEqual(body.contains("Content-Type: application/xml"), format == .atom, body)
            XCTAssertEqual(body.contains("<uri"), format == .atom, body)
            var moved = try await service.fetchSalesOrderHeaderWithKey(salesOrderID: order.salesOrderID)
            try await service.loadProperty(SalesOrderHeader.customerDetails, into: &moved)
            XCTAssertEqual(moved.customerDetails?.customerID, target, "\(format)")
        }
    }
}
