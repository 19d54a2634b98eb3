import ESPM
import Foundation
import OData
import ODataSAPCompatibility
import ODataTestSupport
import XCTest

/// The server's version of what a changeset created or updated (`ChangeSet.serverVersion(forContentID:)`),
/// recorded by `DataService.processBatch` and `applyChanges`, over the in-memory service and a scripted server.
final class ChangeSetServerVersionTests: XCTestCase {
    private let customers = ESPMContainerMetadata.EntitySets.customers

    private func inMemory() -> ESPMContainer<InMemoryProvider> { InMemoryProviderTests.inMemoryService().0 }

    func testCreatesAndUpdatesAnswerTheServersVersion() async throws {
        let service = inMemory()
        var first = try await service.createEntity(InMemoryProviderTests.customer("C1", "Byron"))
        first.lastName = "Lovelace"
        let changes = ChangeSet()
        let created = changes.createEntity(InMemoryProviderTests.customer("C2", "Babbage"))
        let updated = try changes.updateEntity(first)
        XCTAssertNil(changes.serverVersion(forContentID: created), "nothing before the batch runs")
        try await service.applyChanges(changes)

        let server = try XCTUnwrap(changes.serverVersion(of: Customer.self, forContentID: created))
        XCTAssertEqual(server.customerID, "C2")
        XCTAssertEqual(server.lastName, "Babbage")
        XCTAssertFalse(server.isNew, "the created entity has its URI: \(server.entityValue.metadata)")
        XCTAssertFalse(server.entityValue.hasChanges)
        let renamed = try XCTUnwrap(changes.serverVersion(of: Customer.self, forContentID: updated))
        XCTAssertEqual(renamed.lastName, "Lovelace")
        XCTAssertFalse(renamed.entityValue.hasChanges, "the update's changes are accepted")
        XCTAssertTrue(first.entityValue.hasChanges, "a struct entity added to the changeset is a value: it is not changed")

        // The server's version addresses the created entity: an update of it reaches C2.
        var again = server
        again.city = "Cambridge"
        let next = ChangeSet()
        try next.updateEntity(again)
        try await service.applyChanges(next)
        let stored = try await service.fetchCustomerWithKey(customerID: "C2")
        XCTAssertEqual(stored.city, "Cambridge")
    }

    func testAFailedChangesetRecordsNoServerVersion() async throws {
        let service = inMemory()
        try await service.createEntity(InMemoryProviderTests.customer("C1", "Byron"))
        let failing = ChangeSet()
        let fresh = failing.createEntity(InMemoryProviderTests.customer("C3", "Somerville"), in: customers)
        let duplicate = failing.createEntity(InMemoryProviderTests.customer("C1", "Duplicate"), in: customers)
        let batch = RequestBatch()
        batch.addChanges(failing)
        try await service.processBatch(batch)
        XCTAssertFalse(failing.isSuccess)
        XCTAssertNil(failing.serverVersion(forContentID: fresh))
        XCTAssertNil(failing.serverVersion(forContentID: duplicate))
    }

    /// A create the server applied but answered with a body that cannot be read is an error naming the request,
    /// not a changeset that looks fine with its entity lost.
    func testAnUnreadableCreateAnswerIsAnErrorNamingTheRequest() async throws {
        let root = URL(string: "http://127.0.0.1:9/svc/")!
        let transport = MockTransport { request, _ in
            guard request.url.path.hasSuffix("$batch") else { return .make(200, url: request.url) }
            let body = [
                "--b1", "Content-Type: multipart/mixed; boundary=c1", "", "--c1", "Content-Type: application/http",
                "Content-Transfer-Encoding: binary", "", "HTTP/1.1 201 Created", "Content-Type: application/json", "",
                #"{"d":{"__metadata":{"type":"ESPM.Customer"},"CustomerId":"#, "--c1--", "--b1--", "",
            ].joined(separator: "\r\n")
            return .make(202, ["Content-Type": "multipart/mixed; boundary=b1"], body: body, url: request.url)
        }
        let service = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: root, transport: transport))
        let changes = ChangeSet()
        changes.createEntity(InMemoryProviderTests.customer("C9", "Hopper"))
        do {
            try await service.applyChanges(changes)
            XCTFail("an unreadable answer to an applied create must be an error")
        } catch {
            XCTAssertEqual(error.kind, .decoding)
            XCTAssertEqual(error.contentID, "1")
            XCTAssertEqual(error.statusCode, 201)
            XCTAssertTrue(error.message.contains("changeset request 1 of 1 (Content-ID 1)"), error.message)
            XCTAssertTrue(error.message.contains("the server applied it, but its answer cannot be read"), error.message)
        }
    }
}
