import ESPM
import Foundation
import OData
import ODataOffline
import XCTest

/// The offline upload with repeatable requests (`Options.repeatableRequests`) against
/// `scripts/servers/repeatable_proxy.py` in front of pyslet: a create whose answer the proxy drops after pyslet
/// applied it is sent again with the id it was first sent with — by the retry policy in the same upload, or by
/// the next upload after a restart (the id is kept in the request queue) — and pyslet holds it once.
final class RepeatableUploadTests: XCTestCase {
    private var proxy: URL!
    private var root: URL { proxy.appendingPathComponent("ESPM.svc/") }

    override func setUp() async throws {
        proxy = try OfflineServers.url("ODATA_TEST_REPEATABLE_URL")
        try await OfflineServers.control("POST", root.appendingPathComponent("_harness/reset"))
        try await OfflineServers.control("POST", proxy.appendingPathComponent("_control/reset"), json: "{}")
    }

    /// An opened store over the proxy; `.whenDeclared` (the default) takes the headers from the proxy's `$metadata`,
    /// which declares them (kept in the store, so also when a reopened store reads no `$metadata`).
    private func offline(
        _ folder: URL, attempts: Int, repeatable: RepeatableRequests = .whenDeclared
    ) async throws -> OfflineODataProvider {
        var parameters = OfflineODataParameters()
        parameters.storeEncryptionKey = OfflineFixtures.storeKey
        parameters.storeName = "repeatable"
        parameters.storePath = folder
        var options = OnlineODataProvider.Options(retryPolicy: RetryPolicy(maxAttempts: attempts, baseDelay: 0.05))
        options.repeatableRequests = repeatable
        let provider = OfflineODataProvider(serviceRoot: root, parameters: parameters, options: options)
        try await provider.open()
        return provider
    }

    private func dropNextCreateAnswer() async throws {
        try await OfflineServers.control(
            "POST", proxy.appendingPathComponent("_control/fault"), json: #"{"method": "POST", "path": "Customers"}"#)
    }

    /// The writes the proxy passed on to pyslet, and those it answered from a kept answer.
    private func proxyLog() async throws -> (forwarded: [String], replayed: [String], ids: [String]) {
        let response = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: proxy.appendingPathComponent("_control/log")))
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        let headers = object?["headers"] as? [[String: String]] ?? []
        return (
            object?["forwarded"] as? [String] ?? [], object?["replayed"] as? [String] ?? [],
            headers.compactMap { $0["Repeatability-Request-ID"] }
        )
    }

    private func onServer(_ lastName: String) async throws -> [String?] {
        let service = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: root))
        return try await service.fetchCustomers(matching: DataQuery().filter(Customer.lastName.equal(lastName))).map(\.customerID)
    }

    func testALostCreateAnswerIsRepeatedByTheSameUploadAndAppliedOnce() async throws {
        let provider = try await offline(try OfflineFixtures.temporaryFolder(), attempts: 3, repeatable: .oasis)
        let customer = OfflineFixtures.customer("R10", first: "Lost", last: "Retried")
        _ = try await provider.send(.createEntity(customer.entityValue, in: ESPMContainerMetadata.EntitySets.customers))
        try await dropNextCreateAnswer()
        let result = try await provider.upload()
        XCTAssertEqual(result, OfflineODataUploadResult(succeeded: 1, failed: 0, notSent: 0))
        let log = try await proxyLog()
        XCTAssertEqual(log.forwarded, ["POST /ESPM.svc/Customers"], "pyslet got it once")
        XCTAssertEqual(log.replayed, ["POST /ESPM.svc/Customers"], "the repeat got the kept answer")
        let server = try await onServer("Retried")
        XCTAssertEqual(server, ["R10"])
        let pending = try await provider.hasPendingUpload()
        XCTAssertFalse(pending)
        try await provider.close()
    }

    func testALostCreateAnswerIsRepeatedAfterARestartWithTheKeptId() async throws {
        let folder = try OfflineFixtures.temporaryFolder()
        let first = try await offline(folder, attempts: 1)
        let customer = OfflineFixtures.customer("R11", first: "Lost", last: "Restarted")
        _ = try await first.send(.createEntity(customer.entityValue, in: ESPMContainerMetadata.EntitySets.customers))
        try await dropNextCreateAnswer()
        do {
            try await first.upload()
            XCTFail("the lost answer did not stop the upload")
        } catch {
            XCTAssertTrue([.transport, .truncatedBody].contains(error.kind), "\(error)")
        }
        try await first.close()

        let second = try await offline(folder, attempts: 1)  // a new process would open the same store like this
        let result = try await second.upload()
        XCTAssertEqual(result, OfflineODataUploadResult(succeeded: 1, failed: 0, notSent: 0))
        let log = try await proxyLog()
        XCTAssertEqual(log.forwarded, ["POST /ESPM.svc/Customers"], "pyslet got it once")
        XCTAssertEqual(log.replayed, ["POST /ESPM.svc/Customers"], "sent again with the id of its first send")
        XCTAssertEqual(log.ids.count, 1, "sent with an id: the $metadata the store keeps declares them")
        let server = try await onServer("Restarted")
        XCTAssertEqual(server, ["R11"])
        let local = try await ESPMContainer(provider: second).fetchCustomers(
            matching: DataQuery().filter(Customer.lastName.equal("Restarted")))
        XCTAssertEqual(local.map(\.customerID), ["R11"])
        try await second.close()
    }
}
