import ESPM
import Foundation
import OData
import ODataOffline
import XCTest

/// Sync against the harness's delta server (`scripts/servers/delta_server.py`, ESPM Customers, page size 5):
/// delta links with tombstones, an expired delta token, and creates whose answer is lost.
final class DeltaServerTests: XCTestCase {
    private var root: URL!
    private let recorder = RecordingTransport()

    override func setUp() async throws {
        root = try OfflineServers.url("ODATA_TEST_DELTA_URL")
        try await DeltaServer.control(root, "reset")
    }

    /// An opened offline store over the delta server; `repeatable` writes carry repeatable-request headers (and are
    /// then sent once per upload, so that a lost answer stops the upload as it does without them).
    private func offline(_ folder: URL? = nil, repeatable: RepeatableRequests = .off) async throws -> OfflineODataProvider {
        var parameters = OfflineODataParameters()
        parameters.storeEncryptionKey = OfflineFixtures.storeKey
        parameters.storeName = "delta"
        parameters.storePath = try folder ?? OfflineFixtures.temporaryFolder()
        var options = OnlineODataProvider.Options()
        if repeatable.isOn {
            options.repeatableRequests = repeatable
            options.retryPolicy = RetryPolicy(maxAttempts: 1)
        }
        let provider = OfflineODataProvider(serviceRoot: root, parameters: parameters, options: options, transport: recorder)
        try provider.add(definingQuery: OfflineODataDefiningQuery(name: "customers", query: "Customers"))
        try await provider.open()
        return provider
    }

    private var server: ESPMContainer<OnlineODataProvider> {
        ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: root))
    }

    /// Has the server apply the next POST and then drop the connection without an answer, and checks that the
    /// upload stops with an error that has no status.
    private func uploadLosingTheNextPOSTAnswer(
        _ provider: OfflineODataProvider, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        try await DeltaServer.control(root, "fault", json: #"{"method": "POST", "action": "drop"}"#)
        do {
            try await provider.upload()
            XCTFail("the dropped connection did not stop the upload", file: file, line: line)
        } catch {
            XCTAssertTrue(
                error.statusCode == nil || error.kind == .truncatedBody, "the connection ended without a whole answer: \(error)",
                file: file,
                line: line)
        }
    }

    /// The customer reads the download sent, relative to the service root.
    private func reads(after count: Int) -> [String] {
        recorder.requests.dropFirst(count).filter { $0.method == "GET" && !$0.url.path.hasSuffix("$metadata") }.map {
            let text = $0.url.absoluteString.removingPercentEncoding ?? $0.url.absoluteString
            return String(text.dropFirst(root.absoluteString.count))
        }
    }

    func testDeltaLinkAppliesServerChangesAndTombstonesAndKeepsLocalChanges() async throws {
        let provider = try await offline()
        try await provider.download()
        XCTAssertEqual(reads(after: 0), ["Customers", "Customers?$skiptoken=C05", "Customers?$skiptoken=C10"], "server paging")
        let local = ESPMContainer(provider: provider)
        let downloaded = try await local.fetchCustomers()
        XCTAssertEqual(downloaded.count, 12)
        var mine = try await local.fetchCustomerWithKey(customerID: "C05")
        mine.city = "Mine"
        _ = try await provider.send(.updateEntity(mine.entityValue))
        var kept = try await local.fetchCustomerWithKey(customerID: "C07")
        kept.city = "Kept"
        _ = try await provider.send(.updateEntity(kept.entityValue))

        _ = try await server.createEntity(OfflineFixtures.customer("C20", first: "New", last: "OnServer"))
        var renamed = try await server.fetchCustomerWithKey(customerID: "C02")
        renamed.city = "Renamed"
        _ = try await server.updateEntity(renamed)
        try await server.deleteEntity(try await server.fetchCustomerWithKey(customerID: "C03"))
        try await server.deleteEntity(try await server.fetchCustomerWithKey(customerID: "C07"))
        for id in ["C09", "C10", "C11", "C12"] {
            var customer = try await server.fetchCustomerWithKey(customerID: id)
            customer.city = "Delta"
            _ = try await server.updateEntity(customer)
        }

        let before = recorder.requests.count
        try await provider.download()
        let delta = reads(after: before)
        XCTAssertEqual(delta, ["Customers?!deltatoken='1'", "Customers?!deltatoken='1'&$skiptoken=C12"], "the delta link, paged")
        let customers = try await local.fetchCustomers()
        XCTAssertEqual(customers.map(\.customerID), ["C01", "C02", "C04", "C05", "C06", "C07", "C08", "C09", "C10", "C11", "C12", "C20"])
        XCTAssertEqual(customers[1].city, "Renamed", "the server's update arrived")
        XCTAssertEqual(customers[3].city, "Mine", "a pending local change is not overwritten")
        XCTAssertEqual(customers[5].city, "Kept", "a tombstone does not remove an entity with a pending change")
        XCTAssertEqual(customers[7...10].map(\.city), ["Delta", "Delta", "Delta", "Delta"])
        let pending = try await local.fetchCustomers(matching: DataQuery().pendingChangesOnly()).map(\.customerID)
        XCTAssertEqual(pending, ["C05", "C07"])
    }

    func testExpiredDeltaTokenFallsBackToAFullReadWithKeyDiff() async throws {
        let provider = try await offline()
        try await provider.download()
        let local = ESPMContainer(provider: provider)
        var mine = try await local.fetchCustomerWithKey(customerID: "C08")
        mine.city = "Mine"
        _ = try await provider.send(.updateEntity(mine.entityValue))
        try await server.deleteEntity(try await server.fetchCustomerWithKey(customerID: "C04"))
        try await server.deleteEntity(try await server.fetchCustomerWithKey(customerID: "C08"))
        var renamed = try await server.fetchCustomerWithKey(customerID: "C06")
        renamed.city = "Renamed"
        _ = try await server.updateEntity(renamed)
        try await DeltaServer.control(root, "expire-tokens")

        var before = recorder.requests.count
        try await provider.download()
        let fallback = reads(after: before)
        XCTAssertEqual(fallback.first?.hasPrefix("Customers?!deltatoken="), true, "\(fallback)")
        XCTAssertEqual(Array(fallback.dropFirst()), ["Customers", "Customers?$skiptoken=C06"])
        let customers = try await local.fetchCustomers()
        XCTAssertEqual(customers.map(\.customerID), ["C01", "C02", "C03", "C05", "C06", "C07", "C08", "C09", "C10", "C11", "C12"])
        XCTAssertEqual(customers[4].city, "Renamed")
        XCTAssertEqual(customers[6].city, "Mine", "the key diff keeps an entity with a pending change")

        var again = try await server.fetchCustomerWithKey(customerID: "C09")
        again.city = "Again"
        _ = try await server.updateEntity(again)
        before = recorder.requests.count
        try await provider.download()
        let next = reads(after: before)
        XCTAssertEqual(next.count, 1, "\(next)")
        XCTAssertEqual(next.first?.hasPrefix("Customers?!deltatoken="), true, "the full read's new delta link is used: \(next)")
        let updated = try await local.fetchCustomerWithKey(customerID: "C09")
        XCTAssertEqual(updated.city, "Again")
    }

    func testRefusedDeltaTokenFallsBackToAFullReadButAnUnauthorizedOneFails() async throws {
        let provider = try await offline()
        try await provider.download()
        try await server.deleteEntity(try await server.fetchCustomerWithKey(customerID: "C05"))
        try await DeltaServer.control(root, "expire-tokens", json: #"{"status": 401}"#)
        do {
            try await provider.download()
            XCTFail("a 401 for the delta link was taken for a refused token")
        } catch {
            XCTAssertEqual(error.statusCode, 401)
        }
        try await DeltaServer.control(root, "expire-tokens", json: #"{"status": 400}"#)
        let before = recorder.requests.count
        try await provider.download()
        let reads = reads(after: before)
        XCTAssertEqual(reads.count, 4, "the refused delta link, then three pages of the full read: \(reads)")
        XCTAssertEqual(Array(reads.dropFirst()), ["Customers", "Customers?$skiptoken=C06", "Customers?$skiptoken=C11"])
        let customers = try await ESPMContainer(provider: provider).fetchCustomers()
        XCTAssertEqual(customers.count, 11)
        XCTAssertFalse(customers.contains { $0.customerID == "C05" }, "the key diff removed what the server deleted")
    }

    func testCreateWhoseAnswerWasLostIsFoundNotSentTwice() async throws {
        let provider = try await offline()
        try await provider.download()
        let customers = ESPMContainerMetadata.EntitySets.customers
        let lost = try await provider.send(
            .createEntity(OfflineFixtures.customer(nil, first: "Lost", last: "Answer").entityValue, in: customers))
        _ = try await provider.send(
            .createEntity(OfflineFixtures.customer(nil, first: "Second", last: "Create").entityValue, in: customers))
        try await uploadLosingTheNextPOSTAnswer(provider)
        // A change made after the lost answer is queued on its own, not folded into the POST the server applied.
        var edited = Customer(entityValue: lost)
        edited.city = "Edited"
        _ = try await provider.send(.updateEntity(edited.entityValue))

        let result = try await provider.upload()
        XCTAssertEqual(result, OfflineODataUploadResult(succeeded: 3, failed: 0, notSent: 0))
        let log = try await DeltaServer.log(root)
        XCTAssertEqual(
            log, ["POST Customers('D00001')", "POST Customers('D00002')", "MERGE Customers('D00001')"], "no create applied twice")
        let first = try await server.fetchCustomerWithKey(customerID: "D00001")
        XCTAssertEqual(first.firstName, "Lost")
        XCTAssertEqual(first.city, "Edited")
        let local = try await ESPMContainer(provider: provider).fetchCustomers(
            matching: DataQuery().filter(Customer.lastName.equal("Answer")))
        XCTAssertEqual(local.map(\.customerID), ["D00001"], "the local entity took the server's key")
        let pending = try await provider.hasPendingUpload()
        XCTAssertFalse(pending)
    }

    func testLostCreateThatCannotBeToldApartGoesToTheErrorArchive() async throws {
        let provider = try await offline()
        try await provider.download()
        // The server gets a customer with the same values that the store does not know (made after its download).
        var twin = OfflineFixtures.customer("C30", first: "Twin", last: "Values")
        _ = try await server.createEntity(twin)
        twin.customerID = nil
        _ = try await provider.send(.createEntity(twin.entityValue, in: ESPMContainerMetadata.EntitySets.customers))
        try await uploadLosingTheNextPOSTAnswer(provider)
        let result = try await provider.upload()
        XCTAssertEqual(result, OfflineODataUploadResult(succeeded: 0, failed: 1, notSent: 0))
        let log = try await DeltaServer.log(root)
        XCTAssertEqual(log, ["POST Customers('C30')", "POST Customers('D00001')"], "not sent a second time")
        let archive = try await provider.errorArchive()
        XCTAssertEqual(archive.count, 1)
        XCTAssertEqual(archive.first?.code, "ODataOffline.UnansweredCreate")
        XCTAssertNil(archive.first?.httpStatusCode)
        XCTAssertTrue(archive.first?.message.contains("2 entities") == true, archive.first?.message ?? "")
    }

    func testLostCreateIsReplayedByAServiceThatHonoursRepeatableRequests() async throws {
        try await DeltaServer.control(root, "repeatable")
        let provider = try await offline(repeatable: .oasis)
        try await provider.download()
        let customers = ESPMContainerMetadata.EntitySets.customers
        _ = try await provider.send(.createEntity(OfflineFixtures.customer(nil, first: "First", last: "Create").entityValue, in: customers))
        let first = try await provider.upload()
        XCTAssertEqual(first.succeeded, 1, "the answer says Repeatability-Result: accepted")
        // A twin on the server would make looking the create up ambiguous: only the replay settles it.
        var twin = OfflineFixtures.customer("C31", first: "Replayed", last: "Create")
        _ = try await server.createEntity(twin)
        twin.customerID = nil
        _ = try await provider.send(.createEntity(twin.entityValue, in: customers))
        try await uploadLosingTheNextPOSTAnswer(provider)
        let result = try await provider.upload()
        XCTAssertEqual(result, OfflineODataUploadResult(succeeded: 1, failed: 0, notSent: 0))
        let log = try await DeltaServer.log(root)
        XCTAssertEqual(log, ["POST Customers('D00001')", "POST Customers('C31')", "POST Customers('D00002')"])
        let replayed = try await DeltaServer.log(root, "replayed")
        XCTAssertEqual(replayed, ["POST Customers('D00002')"], "sent again with the same Repeatability-Request-ID")
        let local = try await ESPMContainer(provider: provider).fetchCustomers(
            matching: DataQuery().filter(Customer.lastName.equal("Create")))
        XCTAssertEqual(local.map(\.customerID), ["D00001", "D00002"])
    }
}

/// The delta server's test-control endpoints (`/_control/…` beside the service).
enum DeltaServer {
    static func control(_ root: URL, _ action: String, json: String? = nil) async throws {
        try await OfflineServers.control("POST", controlURL(root, action), json: json ?? "{}")
    }

    /// The writes the server applied, in order (`POST Customers('D00001')`, `MERGE Customers('C02')`, …), or
    /// (`"replayed"`) those it answered again from a repeated `Repeatability-Request-ID`.
    static func log(_ root: URL, _ list: String = "applied") async throws -> [String] {
        let response = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: controlURL(root, "log")))
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return object?[list] as? [String] ?? []
    }

    private static func controlURL(_ root: URL, _ action: String) -> URL {
        root.deletingLastPathComponent().appendingPathComponent("_control").appendingPathComponent(action)
    }
}
