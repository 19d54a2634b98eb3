import Foundation
import ODataTestSupport
import XCTest

@testable import OData

/// Request metrics, the observer, and W3C trace context through a provider's pipeline (over a scripted transport;
/// `RequestMetricsIntegrationTests` covers the real servers).
final class RequestMetricsTests: XCTestCase {
    private let root = URL(string: "http://127.0.0.1:1/svc/")!

    private func provider(_ options: OnlineODataProvider.Options, _ transport: MockTransport) -> OnlineODataProvider {
        OnlineODataProvider(serviceName: "S", serviceRoot: root, options: options, transport: transport)
    }

    /// `00-<32 hex>-<16 hex>-<2 hex>`, lower case, ids not all zero (W3C Trace Context, section 3.2).
    private func assertValidTraceparent(_ value: String?, file: StaticString = #filePath, line: UInt = #line) {
        guard let value else { return XCTFail("no traceparent", file: file, line: line) }
        let pattern = #"^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$"#
        XCTAssertNotNil(value.range(of: pattern, options: .regularExpression), value, file: file, line: line)
        let parts = value.split(separator: "-")
        XCTAssertFalse(parts[1].allSatisfy { $0 == "0" }, file: file, line: line)
        XCTAssertFalse(parts[2].allSatisfy { $0 == "0" }, file: file, line: line)
    }

    func testRetriesKeepTheTraceIDWithANewParentIDAndCountOnce() async throws {
        let transport = MockTransport { request, index in
            index == 0 ? .make(503, url: request.url) : .make(200, body: "{\"d\":{}}", url: request.url)
        }
        let collector = RequestMetricsCollector()
        var options = OnlineODataProvider.Options(retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: 0))
        options.requestObserver = collector
        options.propagatesTraceContext = true
        let response = try await provider(options, transport).pipeline.send(
            HTTPRequest(method: "GET", url: root.appendingPathComponent("A")))
        XCTAssertEqual(response.statusCode, 200)
        let sent = transport.requests.map { $0.headers["traceparent"] }
        XCTAssertEqual(sent.count, 2)
        sent.forEach { assertValidTraceparent($0) }
        let ids = sent.compactMap { $0?.split(separator: "-").map(String.init) }
        XCTAssertEqual(ids[0][1], ids[1][1], "a retry keeps the trace-id")
        XCTAssertNotEqual(ids[0][2], ids[1][2], "each HTTP request has its own parent-id")
        let metrics = try XCTUnwrap(collector.metrics.first)
        XCTAssertEqual(collector.metrics.count, 1, "one report per logical request")
        XCTAssertEqual(metrics.attempts, 2)
        XCTAssertEqual(metrics.retries, 1)
        XCTAssertEqual(metrics.statusCode, 200)
        XCTAssertEqual(metrics.bytesReceived, 8, "{\"d\":{}} after an empty 503")
        XCTAssertEqual(metrics.traceID, ids[0][1])
        XCTAssertNil(metrics.errorKind)
    }

    func testAnAnswerThatEndsInAnErrorCountsAsFailed() async throws {
        let transport = MockTransport { request, _ in
            switch request.url.lastPathComponent {
            case "Missing": return .make(404, body: "{\"error\":{\"message\":{\"value\":\"no such entity\"}}}", url: request.url)
            case "Stale": return .make(412, url: request.url)
            default: return .make(200, body: "{\"d\":{}}", url: request.url)
            }
        }
        let collector = RequestMetricsCollector()
        var options = OnlineODataProvider.Options()
        options.requestObserver = collector
        let provider = provider(options, transport)
        for path in ["Missing", "Stale", "Found"] {
            do {
                _ = try await provider.execute(HTTPRequest(method: "GET", url: root.appendingPathComponent(path)))
                XCTAssertEqual(path, "Found", "\(path) answered 2xx")
            } catch {
                XCTAssertNotEqual(path, "Found", "\(error)")
            }
        }
        XCTAssertEqual(collector.metrics.map(\.statusCode), [404, 412, 200])
        XCTAssertEqual(collector.metrics.map(\.errorKind), [.httpStatus, .preconditionFailed, nil])
        let summary = collector.summary()
        XCTAssertEqual(summary.failures, 2)
        XCTAssertTrue(summary.description.hasPrefix("3 requests (2 failed)"), summary.description)
    }

    func testAnAnswerThatFailsItsChecksOrDecodingCountsAsFailed() async throws {
        let customers = try RecordedModels.load("ESPM").entitySet("Customers")
        let transport = MockTransport { request, index in
            switch index {
            case 0: .make(200, ["Content-Type": "application/json"], body: "{\"d\":{\"results\":[{\"CustomerId\":", url: request.url)
            case 1: .make(200, ["Content-Type": "text/html"], body: "<html>login</html>", url: request.url)
            default: .make(200, ["Content-Type": "application/json"], body: "{\"d\":{\"results\":[]}}", url: request.url)
            }
        }
        let collector = RequestMetricsCollector()
        var options = OnlineODataProvider.Options()
        options.requestObserver = collector
        let provider = provider(options, transport)
        var kinds: [ODataError.Kind?] = []
        for _ in 0..<3 {
            do {
                _ = try await provider.send(.fetchEntities(DataQuery().from(customers), options: .init()), headers: [:])
                kinds.append(nil)
            } catch {
                kinds.append(error.kind)
            }
        }
        XCTAssertEqual(kinds, [.decoding, .wrongContentType, nil])
        XCTAssertEqual(collector.metrics.map(\.statusCode), [200, 200, 200])
        XCTAssertEqual(collector.metrics.map(\.errorKind), kinds, "each report carries the error the call ended in")
        XCTAssertEqual(collector.summary().failures, 2)
    }

    func testTheCallersTraceAndStateArePropagated() async throws {
        let transport = MockTransport { request, _ in .make(200, url: request.url) }
        var options = OnlineODataProvider.Options()
        options.propagatesTraceContext = true
        let incoming = try XCTUnwrap(
            TraceContext(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", traceState: "congo=t61rcWkgMzE"))
        let provider = provider(options, transport)
        _ = try await provider.pipeline.send(HTTPRequest(method: "GET", url: root, headers: incoming.headers))
        let sent = try XCTUnwrap(transport.requests.first)
        assertValidTraceparent(sent.headers["traceparent"])
        XCTAssertTrue(sent.headers["traceparent"]?.hasPrefix("00-4bf92f3577b34da6a3ce929d0e0e4736-") == true)
        XCTAssertFalse(sent.headers["traceparent"]?.contains("00f067aa0ba902b7") == true, "a new parent-id, not the caller's")
        XCTAssertEqual(sent.headers["tracestate"], "congo=t61rcWkgMzE")
    }

    func testNothingIsAddedWithoutAnObserverOrTracing() async throws {
        let transport = MockTransport { request, _ in .make(200, url: request.url) }
        let provider = provider(OnlineODataProvider.Options(), transport)
        XCTAssertFalse(provider.pipeline.middlewares.contains { $0 is RequestObservationMiddleware || $0 is RequestAttemptMiddleware })
        _ = try await provider.pipeline.send(HTTPRequest(method: "GET", url: root))
        XCTAssertNil(transport.requests.first?.headers["traceparent"])
    }

    func testTraceparentParsingFollowsTheW3CRules() {
        XCTAssertNotNil(TraceContext(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"))
        XCTAssertEqual(TraceContext(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00")?.sampled, false)
        for bad in [
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",  // upper case
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",  // all-zero trace-id
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",  // all-zero parent-id
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // forbidden version
            "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01",  // short trace-id
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",  // version 00 has four fields
            "",
        ] {
            XCTAssertNil(TraceContext(traceparent: bad), bad)
        }
        let fresh = TraceContext()
        assertValidTraceparent(fresh.traceparent())
        XCTAssertNotEqual(fresh.traceID, TraceContext().traceID)
    }

    func testFailedRequestsAreReportedWithTheirKindAndNoSecretAppearsInMetrics() async throws {
        let transport = MockTransport { request, _ in
            throw ODataError(.transport, "connection refused", method: request.method, url: request.url)
        }
        let collector = RequestMetricsCollector()
        var options = OnlineODataProvider.Options(
            authentication: .basic(user: "alice", password: "pw-basic-secret"), retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: 0))
        options.requestObserver = collector
        let url = try XCTUnwrap(URL(string: "http://bob:pw-in-url@127.0.0.1:1/svc/A?$top=1&access_token=tok-secret&sap-client=100"))
        var request = HTTPRequest(
            method: "GET", url: url, headers: ["Cookie": "SAP_SESSIONID=cookie-secret", "x-csrf-token": "csrf-secret"])
        request.proxy = HTTPProxy(url: root, user: "p", password: "proxy-secret")
        do {
            _ = try await provider(options, transport).pipeline.send(request)
            XCTFail("expected a transport error")
        } catch {}
        let metrics = try XCTUnwrap(collector.metrics.first)
        XCTAssertEqual(metrics.errorKind, .transport)
        XCTAssertEqual(metrics.attempts, 2)
        XCTAssertNil(metrics.statusCode)
        XCTAssertEqual(metrics.url, "http://127.0.0.1:1/svc/A?$top=1&access_token=%3Credacted%3E&sap-client=100")
        let everything = "\(metrics) \(String(reflecting: metrics)) \(collector.summary())"
        for secret in ["pw-basic-secret", "pw-in-url", "bob", "tok-secret", "cookie-secret", "csrf-secret", "proxy-secret", "YWxpY2U"] {
            XCTAssertFalse(everything.contains(secret), "\(secret) leaked into \(everything)")
        }
    }

    func testRedactionKeepsOrdinaryURLsAndHidesUserInfoAndSecretParameters() throws {
        let plain = "http://127.0.0.1:1/svc/Customers?$skiptoken=5&$top=10&sap-client=100#x"
        XCTAssertEqual(RequestMetrics.redacted(try XCTUnwrap(URL(string: plain))), plain)
        XCTAssertEqual(
            RequestMetrics.redacted(try XCTUnwrap(URL(string: "https://h/p?a=1&Access%5FToken=t1"))),
            "https://h/p?a=1&Access%5FToken=%3Credacted%3E")
        XCTAssertEqual(RequestMetrics.redacted(try XCTUnwrap(URL(string: "https://u:pw@h/p?sig=abc"))), "https://h/p?sig=%3Credacted%3E")
        XCTAssertEqual(RequestMetrics.redacted(try XCTUnwrap(URL(string: "https://u@h/p"))), "https://h/p")
    }

    func testSummaryCountsPercentilesBytesRetriesAndStatuses() {
        var metrics: [RequestMetrics] = []
        for index in 1...20 {
            let failed = index == 20
            let status: Int = failed ? 404 : 200
            let kind: ODataError.Kind? = failed ? .httpStatus : nil
            let attempts: Int = index == 1 ? 3 : 1
            let duration = Double(index) / 1000
            metrics.append(
                RequestMetrics(
                    method: "GET", url: "u", statusCode: status, errorKind: kind, attempts: attempts, bytesSent: 1, bytesReceived: 100,
                    duration: duration))
        }
        let summary = RequestMetricsSummary(metrics)
        XCTAssertEqual(summary.count, 20)
        XCTAssertEqual(summary.failures, 1)
        XCTAssertEqual(summary.p50, 0.010, accuracy: 1e-9)
        XCTAssertEqual(summary.p95, 0.019, accuracy: 1e-9)
        XCTAssertEqual(summary.bytesReceived, 2000)
        XCTAssertEqual(summary.bytesSent, 20)
        XCTAssertEqual(summary.retries, 2)
        XCTAssertEqual(summary.statuses, [200: 19, 404: 1])
        XCTAssertEqual(
            summary.description,
            "20 requests (1 failed), p50 10.0 ms, p95 19.0 ms, 2.0 KB received, 20 B sent, 2 retries, statuses 200×19 404×1")
        XCTAssertEqual(RequestMetricsSummary([]).p95, 0)
    }
}
