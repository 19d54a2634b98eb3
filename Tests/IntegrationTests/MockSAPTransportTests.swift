import Foundation
import OData
import XCTest

/// CSRF, `$batch`, ETags, SAP errors and faults against mock-sap, at the HTTP level of the provider.
final class MockSAPTransportTests: XCTestCase {
    private var root: URL!

    override func setUp() async throws {
        root = try TestServers.gwsample()
        try await TestServers.resetMockSAP()
    }

    private func provider(_ options: OnlineODataProvider.Options = .init()) -> OnlineODataProvider {
        TestServers.provider(serviceName: "GWSAMPLE_BASIC", serviceRoot: root, options: options)
    }

    private func get(_ provider: OnlineODataProvider, _ path: String, headers: HTTPHeaders = [:]) async throws -> HTTPResponse {
        var request = HTTPRequest(method: "GET", url: try provider.url(for: path), headers: headers)
        request.headers["Accept"] = "application/json"
        return try await provider.execute(request)
    }

    private func merge(_ provider: OnlineODataProvider, _ path: String, _ json: String, ifMatch: String = "*") async throws -> HTTPResponse
    {
        let request = HTTPRequest(
            method: "MERGE", url: try provider.url(for: path),
            headers: ["Content-Type": "application/json", "Accept": "application/json", "If-Match": ifMatch], body: .data(Data(json.utf8)))
        return try await provider.execute(request)
    }

    private func companyName(_ provider: OnlineODataProvider, _ id: String) async throws -> String? {
        let body = try await get(provider, "BusinessPartnerSet('\(id)')?$select=CompanyName").body
        let json = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        return (json?["d"] as? [String: Any])?["CompanyName"] as? String
    }

    func testCSRFTokenFetchedAutomaticallyAndRefetchedAfterServerForgetsIt() async throws {
        let provider = provider()
        let first = try await merge(provider, "BusinessPartnerSet('0100000000')", #"{"CompanyName":"First"}"#)
        XCTAssertEqual(first.statusCode, 204)
        // the reset drops every token the server issued: the cached one is refused once, then renewed
        try await TestServers.control("POST", try TestServers.mockSAP().appendingPathComponent("_mock/reset"), json: "{}")
        let second = try await merge(provider, "BusinessPartnerSet('0100000000')", #"{"CompanyName":"Second"}"#)
        XCTAssertEqual(second.statusCode, 204)
        let name = try await companyName(provider, "0100000000")
        XCTAssertEqual(name, "Second")
    }

    func testWithoutCSRFHandlingTheServerRefuses() async throws {
        let provider = provider(.init(handlesCSRF: false))
        do {
            _ = try await merge(provider, "BusinessPartnerSet('0100000000')", #"{"CompanyName":"X"}"#)
            XCTFail("expected 403")
        } catch let error as ODataError {
            XCTAssertEqual(error.statusCode, 403)
            XCTAssertEqual(error.responseHeaders["x-csrf-token"], "Required")
            XCTAssertEqual(error.serviceError?.code, "/IWFND/CM_CSRF")
        }
    }

    func testStaleETagIsTypedPreconditionFailedWithSAPDetails() async throws {
        let provider = provider()
        let read = try await get(provider, "BusinessPartnerSet('0100000000')")
        let json = try JSONSerialization.jsonObject(with: read.body) as? [String: Any]
        let etag = try XCTUnwrap(((json?["d"] as? [String: Any])?["__metadata"] as? [String: Any])?["etag"] as? String)
        _ = try await merge(provider, "BusinessPartnerSet('0100000000')", #"{"CompanyName":"A"}"#, ifMatch: etag)
        do {
            _ = try await merge(provider, "BusinessPartnerSet('0100000000')", #"{"CompanyName":"B"}"#, ifMatch: etag)
            XCTFail("expected 412 for the stale ETag")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .preconditionFailed)
            XCTAssertEqual(error.serviceError?.code, "/IWBEP/CX_MGW_BUSI_EXCEPTION")
            XCTAssertEqual(error.serviceError?.details.first?.severity, "error")
        }
        let name = try await companyName(provider, "0100000000")
        XCTAssertEqual(name, "A")
    }

    func testBatchWithQueryAndAtomicChangesets() async throws {
        let provider = provider()
        let batch = RequestBatch()
        let read = batch.addQuery(
            BatchPartRequest(
                method: "GET", url: "BusinessPartnerSet('0100000000')?$select=CompanyName", headers: ["Accept": "application/json"]))
        let good = ChangeSet()
        good.add(
            BatchPartRequest(
                method: "MERGE", url: "BusinessPartnerSet('0100000001')",
                headers: ["Content-Type": "application/json", "If-Match": "*"], body: Data(#"{"CompanyName":"Batched"}"#.utf8)))
        let bad = ChangeSet()
        bad.add(
            BatchPartRequest(
                method: "MERGE", url: "BusinessPartnerSet('0100000002')",
                headers: ["Content-Type": "application/json", "If-Match": "*"], body: Data(#"{"CompanyName":"RolledBack"}"#.utf8)))
        bad.add(
            BatchPartRequest(
                method: "MERGE", url: "BusinessPartnerSet('9999999999')",
                headers: ["Content-Type": "application/json", "If-Match": "*"], body: Data(#"{"CompanyName":"Nobody"}"#.utf8)))
        batch.addChanges(good)
        batch.addChanges(bad)
        try await provider.send(.processBatch(batch))

        guard case .success(let part)? = batch.queryResult(at: read) else { return XCTFail("the read should succeed") }
        XCTAssertEqual(part.statusCode, 200)
        XCTAssertTrue(good.isSuccess)
        XCTAssertEqual(good.responses.map(\.statusCode), [204])
        XCTAssertFalse(bad.isSuccess)
        XCTAssertEqual(bad.error?.statusCode, 404)
        let batched = try await companyName(provider, "0100000001")
        XCTAssertEqual(batched, "Batched")
        let rolledBack = try await companyName(provider, "0100000002")
        XCTAssertNotEqual(rolledBack, "RolledBack", "a failed changeset changes nothing")
    }

    func testBusyServerIsRetriedForReadsHonouringRetryAfter() async throws {
        try await TestServers.control(
            "POST", try TestServers.mockSAP().appendingPathComponent("_mock/faults"),
            json: #"{"method":"GET","match":"BusinessPartnerSet","scenario":"busy","count":2}"#)
        let start = Date()
        let provider = provider(.init(retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: 0.01, maxDelay: 0.2)))
        let response = try await get(provider, "BusinessPartnerSet?$top=1")
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.4, "two Retry-After waits capped at 0.2 s")
    }

    func testBusyServerFailsTypedWhenRetriesRunOutAndWritesAreNotRetried() async throws {
        let provider = provider(.init(retryPolicy: RetryPolicy(maxAttempts: 2, maxDelay: 0.05)))
        do {
            _ = try await get(provider, "BusinessPartnerSet?$top=1", headers: ["sap-mock-scenario": "busy"])
            XCTFail("expected 503")
        } catch let error as ODataError {
            XCTAssertEqual(error.statusCode, 503)
            XCTAssertTrue(error.isThrottled)
            XCTAssertEqual(error.responseHeaders["Retry-After"], "30")
        }
        try await TestServers.control(
            "POST", try TestServers.mockSAP().appendingPathComponent("_mock/faults"),
            json: #"{"method":"MERGE","match":"BusinessPartnerSet","scenario":"busy","count":1}"#)
        do {
            _ = try await merge(provider, "BusinessPartnerSet('0100000000')", #"{"CompanyName":"Once"}"#)
            XCTFail("expected the write to fail without retry")
        } catch let error as ODataError {
            XCTAssertEqual(error.statusCode, 503)
        }
        let name = try await companyName(provider, "0100000000")
        XCTAssertNotEqual(name, "Once")
    }

    func testFaultScenariosGiveTypedErrors() async throws {
        let provider = provider(.init(retryPolicy: .none))
        let expected: [(String, Int, ODataError.Kind)] = [
            ("auth", 401, .httpStatus), ("expired-token", 401, .httpStatus), ("forbidden", 403, .httpStatus),
            ("lock", 423, .httpStatus), ("precondition", 412, .preconditionFailed), ("notfound", 404, .httpStatus),
            ("error", 500, .httpStatus), ("csrf", 403, .httpStatus),
        ]
        for (scenario, status, kind) in expected {
            do {
                _ = try await get(provider, "BusinessPartnerSet?$top=1", headers: ["sap-mock-scenario": scenario])
                XCTFail("\(scenario) should fail")
            } catch let error as ODataError {
                XCTAssertEqual(error.statusCode, status, scenario)
                XCTAssertEqual(error.kind, kind, scenario)
                if scenario == "auth" {
                    // a Basic challenge: URLSession's own challenge handling must not lose the body
                    XCTAssertNotNil(error.responseHeaders["WWW-Authenticate"])
                }
                XCTAssertNotNil(error.serviceError?.message, scenario)
            }
        }
    }

    func testTimeoutAndCancellation() async throws {
        let provider = provider(.init(retryPolicy: .none))
        var request = HTTPRequest(
            method: "GET", url: try provider.url(for: "BusinessPartnerSet?$top=1"), headers: ["sap-mock-scenario": "slow"])
        request.timeout = 0.5
        let start = Date()
        do {
            _ = try await provider.execute(request)
            XCTFail("expected a timeout")
        } catch {
            XCTAssertEqual(error.kind, .timeout)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.5)

        request.timeout = nil
        let task = Task { try await provider.execute(request) }
        try await Task.sleep(nanoseconds: 200_000_000)
        let cancelled = Date()
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .cancelled)
        }
        XCTAssertLessThan(Date().timeIntervalSince(cancelled), 1.0)
    }

    func testSAPMessageHeaderReachesTheHandler() async throws {
        try await TestServers.control(
            "POST", try TestServers.mockSAP().appendingPathComponent("_mock/faults"),
            json: #"{"method":"GET","match":"BusinessPartnerSet","message":"Data is outdated"}"#)
        let seen = MessageBox()
        let provider = provider(.init(sapMessageHandler: { messages, _ in seen.add(messages) }))
        _ = try await get(provider, "BusinessPartnerSet?$top=1")
        XCTAssertEqual(seen.messages.map(\.message), ["Data is outdated"])
    }
}

final class MessageBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [SAPMessage] = []
    var messages: [SAPMessage] { lock.withLock { stored } }
    func add(_ messages: [SAPMessage]) { lock.withLock { stored += messages } }
}
