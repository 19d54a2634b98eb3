import Foundation
import GWSampleBasic
import OData
import ODataOffline
import Synchronization
import XCTest

/// The offline store against GWSAMPLE_BASIC on mock-sap: CSRF-protected `$batch` upload and a stale ETag
/// (412) into the error archive with the server's current version.
final class MockSAPOfflineTests: XCTestCase {
    private var root: URL!
    private let recorder = RecordingTransport()

    override func setUp() async throws {
        let base = try OfflineServers.url("ODATA_TEST_MOCKSAP_URL")
        try await OfflineServers.control("POST", base.appendingPathComponent("_mock/reset"), json: "{}")
        root = base.appendingPathComponent("sap/opu/odata/IWBEP/GWSAMPLE_BASIC/")
    }

    private func offline() async throws -> OfflineODataProvider {
        var parameters = OfflineODataParameters()
        parameters.storeEncryptionKey = OfflineFixtures.storeKey
        parameters.storeName = "gwsample"
        parameters.storePath = try OfflineFixtures.temporaryFolder()
        let provider = OfflineODataProvider(serviceRoot: root, parameters: parameters, transport: recorder)
        try provider.add(definingQuery: OfflineODataDefiningQuery(name: "partners", query: "BusinessPartnerSet"))
        try await provider.open()
        try await provider.download()
        return provider
    }

    private func partner(_ id: String, name: String) -> BusinessPartner {
        var partner = BusinessPartner()
        partner.businessPartnerID = id
        partner.companyName = name
        partner.businessPartnerRole = "01"
        partner.currencyCode = "EUR"
        partner.emailAddress = "offline@example.com"
        return partner
    }

    func testBatchUploadThroughCSRF() async throws {
        let provider = try await offline()
        let local = GWSampleBasicService(provider: provider)
        let partners = GWSampleBasicServiceMetadata.EntitySets.businessPartnerSet
        _ = try await provider.send(.createEntity(partner("0100009001", name: "Offline One").entityValue, in: partners))
        _ = try await provider.send(.createEntity(partner("0100009002", name: "Offline Two").entityValue, in: partners))
        var sap = try await local.fetchBusinessPartnerWithKey(businessPartnerID: "0100000000")
        sap.companyName = "SAP Offline"
        _ = try await provider.send(.updateEntity(sap.entityValue))

        let before = recorder.requests.count
        let result = try await provider.upload()
        XCTAssertEqual(result, OfflineODataUploadResult(succeeded: 3, failed: 0, notSent: 0))
        let sent = recorder.requests.dropFirst(before)
        XCTAssertTrue(sent.contains { $0.method == "POST" && $0.url.path.hasSuffix("$batch") }, "sent as one $batch")
        XCTAssertFalse(sent.contains { $0.method == "POST" && $0.url.path.hasSuffix("BusinessPartnerSet") }, "not one by one")
        XCTAssertTrue(sent.contains { $0.headers["x-csrf-token"] == "Fetch" }, "a CSRF token was fetched")

        let server = GWSampleBasicService(provider: OnlineODataProvider(serviceName: "GWSAMPLE_BASIC", serviceRoot: root))
        let one = try await server.fetchBusinessPartnerWithKey(businessPartnerID: "0100009001")
        XCTAssertEqual(one.companyName, "Offline One")
        let renamed = try await server.fetchBusinessPartnerWithKey(businessPartnerID: "0100000000")
        XCTAssertEqual(renamed.companyName, "SAP Offline")
        let uploaded = try await local.fetchBusinessPartnerWithKey(businessPartnerID: "0100000000")
        XCTAssertEqual(uploaded.entityValue.metadata.etag, renamed.entityValue.metadata.etag, "the new ETag is stored")
    }

    func testStaleETagGoesToTheErrorArchiveWithTheServersVersion() async throws {
        let provider = try await offline()
        let server = GWSampleBasicService(provider: OnlineODataProvider(serviceName: "GWSAMPLE_BASIC", serviceRoot: root))
        var theirs = try await server.fetchBusinessPartnerWithKey(businessPartnerID: "0100000001")
        theirs.companyName = "Changed on the server"
        _ = try await server.updateEntity(theirs)

        let local = GWSampleBasicService(provider: provider)
        var mine = try await local.fetchBusinessPartnerWithKey(businessPartnerID: "0100000001")
        mine.companyName = "Changed offline"
        _ = try await provider.send(.updateEntity(mine.entityValue))
        var other = try await local.fetchBusinessPartnerWithKey(businessPartnerID: "0100000002")
        other.companyName = "Also offline"
        _ = try await provider.send(.updateEntity(other.entityValue))

        let result = try await provider.upload()
        XCTAssertEqual(result, OfflineODataUploadResult(succeeded: 1, failed: 1, notSent: 0))
        let archive = try await provider.errorArchive()
        XCTAssertEqual(archive.count, 1)
        let entry = try XCTUnwrap(archive.first)
        XCTAssertEqual(entry.httpStatusCode, 412)
        XCTAssertEqual(entry.requestMethod, "MERGE")
        XCTAssertEqual(entry.requestURL, "BusinessPartnerSet('0100000001')")
        XCTAssertFalse(entry.message.isEmpty)
        XCTAssertEqual(entry.affectedEntity.map { BusinessPartner(entityValue: $0).companyName }, "Changed offline")
        XCTAssertEqual(entry.serverEntity.map { BusinessPartner(entityValue: $0).companyName }, "Changed on the server")
        let stillTheirs = try await server.fetchBusinessPartnerWithKey(businessPartnerID: "0100000001")
        XCTAssertEqual(stillTheirs.companyName, "Changed on the server")
        let applied = try await server.fetchBusinessPartnerWithKey(businessPartnerID: "0100000002")
        XCTAssertEqual(applied.companyName, "Also offline", "the rest was uploaded")

        try await provider.deleteErrorArchiveEntry(entry)
        let reverted = try await local.fetchBusinessPartnerWithKey(businessPartnerID: "0100000001")
        XCTAssertEqual(reverted.companyName, "Changed on the server")
        reverted.entityValue.metadata.etag.map { XCTAssertEqual($0, stillTheirs.entityValue.metadata.etag) }
    }
}

/// A URLSession transport that records the requests it sends.
final class RecordingTransport: ODataTransport {
    private let inner = URLSessionTransport()
    private let sent = Mutex<[HTTPRequest]>([])

    /// The requests so far.
    var requests: [HTTPRequest] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        sent.withLock { $0.append(request) }
        return try await inner.send(request)
    }
}
