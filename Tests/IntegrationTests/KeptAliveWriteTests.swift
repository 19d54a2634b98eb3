import ESPM
import Foundation
import OData
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A write whose connection dies before any byte of its answer, on a connection kept alive from an earlier
/// request: the HTTP client underneath takes it for an idle connection that died and may send the request again on
/// its own. That resend must carry the body, or not happen; the SDK decides what is sent again. Against
/// `scripts/servers/repeatable_proxy.py`'s fault `"answer": "none"` (it applies the write, then closes the
/// connection), over the suite's transport. Every wait is bounded: a body-less resend fails at the idle timeout.
final class KeptAliveWriteTests: XCTestCase {
    private var proxy: URL!
    /// The idle timeout of the transports here: a request left waiting fails after it, not after 60 s.
    private let idleTimeout: TimeInterval = 5

    override func setUp() async throws {
        proxy = try TestServers.url("ODATA_TEST_REPEATABLE_URL")
    }

    /// ESPM behind the proxy with a connection already kept alive by a read, over the suite's transport or `transport`.
    private func espm(
        _ repeatable: RepeatableRequests, transport: (any ODataTransport)? = nil
    ) async throws -> ESPMContainer<OnlineODataProvider> {
        let root = proxy.appendingPathComponent("ESPM.svc/")
        try await TestServers.resetPyslet(root)
        try await RepeatableProxy.control(proxy, "reset")
        var options = OnlineODataProvider.Options(retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: 0.05))
        options.transportConfiguration.requestTimeout = idleTimeout
        options.repeatableRequests = repeatable
        let provider =
            transport.map { OnlineODataProvider(serviceName: "ESPM", serviceRoot: root, options: options, transport: $0) }
            ?? TestServers.provider(serviceName: "ESPM", serviceRoot: root, options: options)
        let service = ESPMContainer(provider: provider)
        let before = try await count(service)
        XCTAssertEqual(before, 0)
        return service
    }

    private func customer(_ id: String) -> Customer {
        var customer = Customer()
        customer.customerID = id
        customer.firstName = "Kept"
        customer.lastName = "Alive"
        customer.city = "Walldorf"
        customer.dateOfBirth = LocalDateTime(utc: Date(timeIntervalSince1970: 1_700_000_000))
        return customer
    }

    private func count(_ service: ESPMContainer<OnlineODataProvider>) async throws -> Int {
        try await service.fetchCustomers(matching: DataQuery().filter(Customer.lastName.equal("Alive"))).count
    }

    func testARepeatableCreateLostOnAKeptAliveConnectionIsRecoveredAtOnceAndAppliedOnce() async throws {
        let service = try await espm(.oasis)
        try await RepeatableProxy.control(proxy, "fault", json: #"{"method": "POST", "path": "Customers", "answer": "none"}"#)
        let started = Date()
        let created = try await service.createEntity(customer("K001"))
        let took = Date().timeIntervalSince(started)
        XCTAssertEqual(created.customerID, "K001")
        XCTAssertLessThan(took, idleTimeout - 1, "recovered at once, not after a body-less resend timed out")
        let log = try await RepeatableProxy.log(proxy)
        XCTAssertEqual(log.forwarded, ["POST /ESPM.svc/Customers"], "applied once")
        XCTAssertEqual(log.replayed, ["POST /ESPM.svc/Customers"], "the second send, with its body, got the kept answer")
        XCTAssertEqual(log.rejected, [])
        let entities = try await count(service)
        XCTAssertEqual(entities, 1)
    }

    func testACreateWithoutAnIdLostOnAKeptAliveConnectionIsReportedAtOnceAndNotSentTwice() async throws {
        let service = try await espm(.off)
        try await RepeatableProxy.control(proxy, "fault", json: #"{"method": "POST", "path": "Customers", "answer": "none"}"#)
        let started = Date()
        do {
            _ = try await service.createEntity(customer("K002"))
            XCTFail("the lost answer was not reported")
        } catch {
            XCTAssertEqual(error.kind, .transport, "\(error)")
            XCTAssertTrue(error.message.contains("the connection closed before any answer"), error.message)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), idleTimeout - 1, "reported at once, not after a timeout")
        let log = try await RepeatableProxy.log(proxy)
        XCTAssertEqual(log.forwarded, ["POST /ESPM.svc/Customers"], "sent once: a write without an id is never sent twice")
        XCTAssertEqual(log.headers, [[:]], "no repeatability headers")
        let entities = try await count(service)
        XCTAssertEqual(entities, 1, "the service applied it (its answer was what got lost)")
    }

    func testOverASessionOfTheCallersTheBodylessResendIsStoppedToo() async throws {
        // URLSessionTransport(session:) over a plain session, which has no delegate to stop it
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = idleTimeout
        let service = try await espm(.oasis, transport: URLSessionTransport(session: URLSession(configuration: configuration)))
        try await RepeatableProxy.control(proxy, "fault", json: #"{"method": "POST", "path": "Customers", "answer": "none"}"#)
        let started = Date()
        let created = try await service.createEntity(customer("K003"))
        XCTAssertEqual(created.customerID, "K003")
        XCTAssertLessThan(Date().timeIntervalSince(started), idleTimeout - 1, "recovered at once")
        let log = try await RepeatableProxy.log(proxy)
        XCTAssertEqual(log.forwarded, ["POST /ESPM.svc/Customers"], "applied once")
        XCTAssertEqual(log.replayed, ["POST /ESPM.svc/Customers"])
        let entities = try await count(service)
        XCTAssertEqual(entities, 1)
    }
}
