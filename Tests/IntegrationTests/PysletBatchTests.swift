import ESPM
import Foundation
import OData
import ODataSAPCompatibility
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

    /// The server's version of what a changeset created or updated, in both formats: the created entity as pyslet
    /// answered it (its URI and ETag), the updated one with its new ETag, each addressing the entity that was written.
    func testChangesetWritesAnswerTheServersVersionInBothFormats() async throws {
        for format in [PayloadFormat.json, .atom] {
            let (service, _) = try await service(format)
            var created = Customer()
            created.customerID = "V-\(format.rawValue)"
            created.lastName = "Version"
            created.dateOfBirth = LocalDateTime(utc: Date(timeIntervalSince1970: 1_700_000_000))
            var existing = try await service.fetchCustomerWithKey(customerID: "C000003")
            existing.city = "Changed in a changeset"
            let changes = ChangeSet()
            let createID = changes.createEntity(created)
            let updateID = try changes.updateEntity(existing)
            let batch = RequestBatch()
            batch.addChanges(changes)
            try await service.processBatch(batch)
            XCTAssertTrue(changes.isSuccess, "\(format): \(String(describing: changes.error))")

            var server = try XCTUnwrap(changes.serverVersion(of: Customer.self, forContentID: createID), "\(format)")
            XCTAssertEqual(server.lastName, "Version", "\(format)")
            let uri = try XCTUnwrap(server.entityValue.metadata.uri, "\(format)")
            XCTAssertTrue(uri.hasSuffix("Customers('V-\(format.rawValue)')"), "\(format): \(uri)")
            // The ETags are the server's current ones (pyslet answers Atom writes without an ETag: then none).
            let createdNow = try await service.fetchCustomerWithKey(customerID: "V-\(format.rawValue)")
            XCTAssertEqual(server.entityValue.metadata.etag, createdNow.entityValue.metadata.etag, "\(format)")
            let afterUpdate = try XCTUnwrap(changes.serverVersion(of: Customer.self, forContentID: updateID), "\(format)")
            let existingNow = try await service.fetchCustomerWithKey(customerID: "C000003")
            XCTAssertEqual(afterUpdate.entityValue.metadata.etag, existingNow.entityValue.metadata.etag, "\(format)")
            if format == .json {
                XCTAssertNotNil(server.entityValue.metadata.etag)
                XCTAssertNotEqual(afterUpdate.entityValue.metadata.etag, existing.entityValue.metadata.etag, "a new ETag")
            }
            XCTAssertEqual(afterUpdate.city, "Changed in a changeset")
            XCTAssertFalse(afterUpdate.entityValue.hasChanges, "\(format)")

            // Both server versions carry current ETags: updating them again is not a 412.
            server.city = "Second write"
            var again = afterUpdate
            again.city = "Changed twice"
            let next = ChangeSet()
            try next.updateEntity(server)
            try next.updateEntity(again)
            let second = RequestBatch()
            second.addChanges(next)
            try await service.processBatch(second)
            XCTAssertTrue(next.isSuccess, "\(format): \(String(describing: next.error))")
            let reread = try await service.fetchCustomerWithKey(customerID: "V-\(format.rawValue)")
            XCTAssertEqual(reread.city, "Second write", "\(format)")
            let rereadExisting = try await service.fetchCustomerWithKey(customerID: "C000003")
            XCTAssertEqual(rereadExisting.city, "Changed twice", "\(format)")
        }
    }
}
