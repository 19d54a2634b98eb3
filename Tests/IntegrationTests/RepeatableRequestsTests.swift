import ESPM
import Foundation
import OData
import Synchronization
import XCTest

/// Writes that are safe to repeat (`Options.repeatableRequests`) against `scripts/servers/repeatable_proxy.py`,
/// which honours OASIS Repeatable Requests (and SAP Gateway's headers) in front of pyslet (ESPM) and mock-sap
/// (GWSAMPLE_BASIC) and can apply a write and then drop its answer.
final class RepeatableRequestsTests: XCTestCase {
    private var proxy: URL!

    override func setUp() async throws {
        proxy = try TestServers.url("ODATA_TEST_REPEATABLE_URL")
    }

    private func espm(_ repeatable: RepeatableRequests) async throws -> ESPMContainer<OnlineODataProvider> {
        let root = proxy.appendingPathComponent("ESPM.svc/")
        try await TestServers.resetPyslet(root)
        try await RepeatableProxy.control(proxy, "reset")  // after the data's reset: the log has the test's requests only
        var options = OnlineODataProvider.Options(retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: 0.05))
        options.repeatableRequests = repeatable
        return ESPMContainer(provider: TestServers.provider(serviceName: "ESPM", serviceRoot: root, options: options))
    }

    private func customer(_ id: String) -> Customer {
        var customer = Customer()
        customer.customerID = id
        customer.firstName = "Repeat"
        customer.lastName = "Able"
        customer.city = "Walldorf"
        customer.dateOfBirth = LocalDateTime(utc: Date(timeIntervalSince1970: 1_700_000_000))
        return customer
    }

    private func count(_ service: ESPMContainer<OnlineODataProvider>) async throws -> Int {
        try await service.fetchCustomers(matching: DataQuery().filter(Customer.lastName.equal("Able"))).count
    }

    func testACreateWhoseAnswerIsLostIsSentAgainWithItsIdAndAppliedOnce() async throws {
        let service = try await espm(.oasis)
        try await RepeatableProxy.control(proxy, "fault", json: #"{"method": "POST", "path": "Customers"}"#)
        let created = try await service.createEntity(customer("R001"))
        XCTAssertEqual(created.customerID, "R001")
        let log = try await RepeatableProxy.log(proxy)
        XCTAssertEqual(log.forwarded, ["POST /ESPM.svc/Customers"], "applied once")
        XCTAssertEqual(log.replayed, ["POST /ESPM.svc/Customers"], "the second send got the kept answer")
        let sent = try XCTUnwrap(log.headers.first)
        XCTAssertNotNil(UUID(uuidString: sent["Repeatability-Request-ID"] ?? ""), "a UUID")
        XCTAssertNotNil(sent["Repeatability-First-Sent"].flatMap(RepeatableProxy.imfDate), "an IMF-fixdate")
        let entities = try await count(service)
        XCTAssertEqual(entities, 1)
    }

    func testEveryKindOfWriteCarriesItsOwnId() async throws {
        let service = try await espm(.oasis)
        var created = try await service.createEntity(customer("R002"))
        created.city = "Berlin"
        let updated = try await service.updateEntity(created)
        try await service.deleteEntity(updated)
        let log = try await RepeatableProxy.log(proxy)
        XCTAssertEqual(log.forwarded.map { $0.split(separator: " ").first.map(String.init) ?? "" }, ["POST", "MERGE", "DELETE"])
        let ids = log.headers.compactMap { $0["Repeatability-Request-ID"] }
        XCTAssertEqual(Set(ids).count, 3, "one id per write: \(ids)")
    }

    func testSAPGatewayHeadersAreSentAndHonoured() async throws {
        let service = try await espm(.sapGateway)
        try await RepeatableProxy.control(proxy, "fault", json: #"{"method": "POST", "path": "Customers"}"#)
        _ = try await service.createEntity(customer("R003"))
        let log = try await RepeatableProxy.log(proxy)
        XCTAssertEqual(log.forwarded, ["POST /ESPM.svc/Customers"])
        XCTAssertEqual(log.replayed, ["POST /ESPM.svc/Customers"])
        let id = try XCTUnwrap(log.headers.first?["RequestID"])
        XCTAssertEqual(id.count, 32)
        XCTAssertTrue(id.allSatisfy(\.isHexDigit), id)
        XCTAssertNotNil(log.headers.first?["RepeatabilityCreation"].flatMap(RepeatableProxy.imfDate))
        XCTAssertNil(log.headers.first?["Repeatability-Request-ID"])
        let entities = try await count(service)
        XCTAssertEqual(entities, 1)
    }

    func testWithoutRepeatableRequestsAWriteIsNeitherStampedNorSentTwice() async throws {
        let service = try await espm(.off)
        try await RepeatableProxy.control(proxy, "fault", json: #"{"method": "POST", "path": "Customers"}"#)
        do {
            _ = try await service.createEntity(customer("R004"))
            XCTFail("the lost answer was not reported")
        } catch {
            XCTAssertTrue([.transport, .truncatedBody].contains(error.kind), "\(error)")
        }
        let log = try await RepeatableProxy.log(proxy)
        XCTAssertEqual(log.forwarded, ["POST /ESPM.svc/Customers"], "sent once")
        XCTAssertEqual(log.headers, [[:]], "no repeatability headers")
        XCTAssertEqual(log.replayed, [])
    }

    func testAChangesetWhoseAnswerIsLostAfterItWasAppliedIsAppliedOnce() async throws {
        try await RepeatableProxy.control("POST", proxy.appendingPathComponent("_mock/reset"))
        try await RepeatableProxy.control(proxy, "reset")
        var options = OnlineODataProvider.Options(handlesCSRF: false, retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: 0.05))
        options.repeatableRequests = .oasis
        let root = proxy.appendingPathComponent("sap/opu/odata/IWBEP/GWSAMPLE_BASIC/")
        let provider = TestServers.provider(serviceName: "GWSAMPLE_BASIC", serviceRoot: root, options: options)
        let model = try await provider.loadDataModel()
        let partners = try model.entitySet("BusinessPartnerSet")
        let loaded = try await provider.send(.fetchEntities(DataQuery().from(partners).top(2), options: .init()), headers: [:]).entities
        XCTAssertEqual(loaded.count, 2)
        let changes = ChangeSet()
        for entity in loaded {
            var changed = entity
            try changed.set("CompanyName", to: .string("Once"))
            try changes.updateEntity(changed, in: partners)
        }
        let batch = RequestBatch()
        batch.addChanges(changes)
        try await RepeatableProxy.control(proxy, "fault", json: #"{"method": "POST", "path": "$batch"}"#)
        try await provider.send(.processBatch(batch))
        XCTAssertTrue(changes.isSuccess, "\(String(describing: changes.error))")
        let log = try await RepeatableProxy.log(proxy)
        let batchPath = "POST /sap/opu/odata/IWBEP/GWSAMPLE_BASIC/$batch"
        XCTAssertEqual(log.forwarded, [batchPath], "the changeset reached mock-sap once")
        XCTAssertEqual(log.replayed, [batchPath], "its repeat got the kept answer (with the ETags' first update, not a 412)")
        let names = try await provider.send(.fetchEntities(DataQuery().from(partners).top(2), options: .init()), headers: [:])
            .entities.map { $0["CompanyName"] }
        XCTAssertEqual(names, [.string("Once"), .string("Once")])
    }

    func testAServiceWhoseMetadataDeclaresThemGetsThemByDefault() async throws {
        let root = proxy.appendingPathComponent("ESPM.svc/")
        try await TestServers.resetPyslet(root)
        try await RepeatableProxy.control(proxy, "reset")
        let options = OnlineODataProvider.Options(retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: 0.05))
        XCTAssertEqual(options.repeatableRequests, .whenDeclared, "the default")
        let provider = TestServers.provider(serviceName: "ESPM", serviceRoot: root, options: options)
        XCTAssertEqual(provider.repeatableRequests, .off, "nothing declared before $metadata is read")
        _ = try await provider.loadDataModel()
        XCTAssertEqual(provider.repeatableRequests, .oasis, "the proxy's $metadata declares Org.OData.Repeatability.V1.Supported")
        let service = ESPMContainer(provider: provider)
        try await RepeatableProxy.control(proxy, "fault", json: #"{"method": "POST", "path": "Customers"}"#)
        _ = try await service.createEntity(customer("R007"))
        let log = try await RepeatableProxy.log(proxy)
        XCTAssertEqual(log.forwarded, ["POST /ESPM.svc/Customers"])
        XCTAssertEqual(log.replayed, ["POST /ESPM.svc/Customers"])
        let entities = try await count(service)
        XCTAssertEqual(entities, 1)
    }

    func testAServiceWhoseMetadataDoesNotDeclareThemGetsNoneByDefault() async throws {
        let root = try TestServers.pyslet()
        try await TestServers.resetPyslet(root)
        let sent = Mutex<[HTTPHeaders]>([])
        let recorder = ClosureMiddleware { request, next in
            if request.isModifying { sent.withLock { $0.append(request.headers) } }
            return try await next(request)
        }
        let provider = TestServers.provider(serviceName: "ESPM", serviceRoot: root, options: .init(middlewares: [recorder]))
        _ = try await provider.loadDataModel()
        XCTAssertEqual(provider.repeatableRequests, .off)
        let service = ESPMContainer(provider: provider)
        let created = try await service.createEntity(customer("R008"))
        try await service.deleteEntity(created)
        let headers = sent.withLock { $0 }
        XCTAssertEqual(headers.count, 2)
        XCTAssertFalse(headers.contains(where: RepeatableRequests.isRepeatable), "no repeatability headers")
    }

    func testAnotherRequestUnderAUsedIdIsRejected() async throws {
        let service = try await espm(.off)
        var headers = HTTPHeaders()
        headers["Repeatability-Request-ID"] = UUID().uuidString.lowercased()
        headers["Repeatability-First-Sent"] = RepeatableRequests.imfFixdate(Date())
        _ = try await service.createEntity(customer("R005"), headers: headers)
        do {
            _ = try await service.createEntity(customer("R006"), headers: headers)
            XCTFail("a second request under the same id was accepted")
        } catch {
            XCTAssertEqual(error.statusCode, 422)
        }
        let log = try await RepeatableProxy.log(proxy)
        XCTAssertEqual(log.rejected, ["POST /ESPM.svc/Customers"])
        let entities = try await count(service)
        XCTAssertEqual(entities, 1)
    }
}

/// The repeatable proxy's test control (`/_control/…`).
enum RepeatableProxy {
    struct Log: Decodable {
        var forwarded: [String]
        var replayed: [String]
        var rejected: [String]
        /// Requests whose body ended before its `Content-Length` (never forwarded).
        var incomplete: [String]
        var headers: [[String: String]]
    }

    static func control(_ proxy: URL, _ action: String, json: String = "{}") async throws {
        _ = try await TestServers.control("POST", proxy.appendingPathComponent("_control/\(action)"), json: json)
    }

    static func control(_ method: String, _ url: URL) async throws {
        _ = try await TestServers.control(method, url, json: "{}")
    }

    static func log(_ proxy: URL) async throws -> Log {
        let response = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: proxy.appendingPathComponent("_control/log")))
        return try JSONDecoder().decode(Log.self, from: response.body)
    }

    /// An IMF-fixdate read back (nil when it is not one).
    static func imfDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
