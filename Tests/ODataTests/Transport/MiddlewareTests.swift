import ODataTestSupport
import XCTest

@testable import OData

final class MiddlewareTests: XCTestCase {
    private func pipeline(_ middlewares: [any ODataMiddleware], _ transport: MockTransport) -> HTTPPipeline {
        HTTPPipeline(middlewares: middlewares, transport: transport)
    }

    func testCSRFFetchedOnceBeforeFirstWriteAndReused() async throws {
        let transport = MockTransport { request, _ in
            if request.headers["x-csrf-token"] == "Fetch" {
                return .make(200, ["x-csrf-token": "T1"], url: request.url)
            }
            return .make(request.headers["x-csrf-token"] == "T1" ? 204 : 403, url: request.url)
        }
        let csrf = CSRFMiddleware(serviceRoot: testRoot)
        let chain = pipeline([csrf], transport)
        let read = try await chain.send(HTTPRequest(method: "GET", url: testRoot.appendingPathComponent("A")))
        XCTAssertEqual(read.statusCode, 403, "reads carry no token and trigger no fetch")
        for _ in 0..<2 {
            let write = try await chain.send(HTTPRequest(method: "MERGE", url: testRoot.appendingPathComponent("A")))
            XCTAssertEqual(write.statusCode, 204)
        }
        XCTAssertEqual(transport.requests.map(\.method), ["GET", "GET", "MERGE", "MERGE"])
        XCTAssertEqual(transport.requests[1].url, testRoot)
    }

    func testCSRFRefetchedOnceOn403Required() async throws {
        let transport = MockTransport { request, index in
            if request.headers["x-csrf-token"] == "Fetch" {
                return .make(200, ["x-csrf-token": index == 0 ? "old" : "new"], url: request.url)
            }
            if request.headers["x-csrf-token"] == "new" { return .make(201, url: request.url) }
            return .make(403, ["x-csrf-token": "Required"], url: request.url)
        }
        let chain = pipeline([CSRFMiddleware(serviceRoot: testRoot)], transport)
        let response = try await chain.send(HTTPRequest(method: "POST", url: testRoot.appendingPathComponent("A")))
        XCTAssertEqual(response.statusCode, 201)
        XCTAssertEqual(transport.requests.map(\.method), ["GET", "POST", "GET", "POST"])
    }

    func testCSRFGivesUpAfterOneRefetch() async throws {
        let transport = MockTransport { request, _ in
            if request.headers["x-csrf-token"] == "Fetch" { return .make(200, ["x-csrf-token": "t"], url: request.url) }
            return .make(403, ["x-csrf-token": "Required"], url: request.url)
        }
        let chain = pipeline([CSRFMiddleware(serviceRoot: testRoot)], transport)
        let response = try await chain.send(HTTPRequest(method: "DELETE", url: testRoot.appendingPathComponent("A")))
        XCTAssertEqual(response.statusCode, 403)
        XCTAssertEqual(transport.requests.count, 4)
    }

    func testRetryHonoursRetryAfterForReadsOnly() async throws {
        let slept = SleepRecorder()
        let transport = MockTransport { request, index in
            index < 2 ? .make(503, ["Retry-After": "2"], url: request.url) : .make(200, url: request.url)
        }
        let retry = RetryMiddleware(policy: RetryPolicy(maxAttempts: 3, maxDelay: 5)) { await slept.add($0) }
        let response = try await pipeline([retry], transport).send(HTTPRequest(method: "GET", url: testRoot))
        XCTAssertEqual(response.statusCode, 200)
        let delays = await slept.values
        XCTAssertEqual(delays, [2, 2])

        let writes = MockTransport { request, _ in .make(503, ["Retry-After": "1"], url: request.url) }
        for method in ["POST", "MERGE", "PUT", "DELETE", "PATCH"] {
            let answer = try await pipeline([retry], writes).send(HTTPRequest(method: method, url: testRoot))
            XCTAssertEqual(answer.statusCode, 503)
        }
        XCTAssertEqual(writes.requests.count, 5, "a write is never sent twice")
    }

    func testRetryOnDroppedConnectionWithBackoffAndLimit() async throws {
        let slept = SleepRecorder()
        let transport = MockTransport { request, _ in
            throw ODataError(.transport, "connection reset", url: request.url, underlyingError: URLError(.networkConnectionLost))
        }
        let retry = RetryMiddleware(policy: RetryPolicy(maxAttempts: 3, baseDelay: 0.5)) { await slept.add($0) }
        do {
            _ = try await pipeline([retry], transport).send(HTTPRequest(method: "GET", url: testRoot))
            XCTFail("expected the transport error")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .transport)
        }
        XCTAssertEqual(transport.requests.count, 3)
        let delays = await slept.values
        XCTAssertEqual(delays, [0.5, 1.0])
    }

    func testRetryAfterHTTPDate() {
        let retry = RetryMiddleware(policy: RetryPolicy())
        let response = HTTPResponse.make(503, ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"], url: testRoot)
        XCTAssertEqual(retry.retryAfter(response), 0, "a date in the past means now")
        XCTAssertNil(retry.retryAfter(.make(503, ["Retry-After": "soon"], url: testRoot)))
    }

    func testBearerTokenRefreshedOnceAfter401() async throws {
        let calls = SleepRecorder()
        let auth = BearerTokenMiddleware { refresh in
            await calls.add(refresh ? 1 : 0)
            return refresh ? "fresh" : "stale"
        }
        let transport = MockTransport { request, _ in
            .make(request.headers["Authorization"] == "Bearer fresh" ? 200 : 401, url: request.url)
        }
        let chain = pipeline([auth], transport)
        let first = try await chain.send(HTTPRequest(method: "POST", url: testRoot))
        XCTAssertEqual(first.statusCode, 200)
        let second = try await chain.send(HTTPRequest(method: "GET", url: testRoot))
        XCTAssertEqual(second.statusCode, 200)
        let providerCalls = await calls.values
        XCTAssertEqual(providerCalls, [0, 1], "the refreshed token is cached")
        XCTAssertEqual(transport.requests.map { $0.headers["Authorization"] }, ["Bearer stale", "Bearer fresh", "Bearer fresh"])
    }

    func testBasicAuthentication() async throws {
        let transport = MockTransport { request, _ in .make(200, url: request.url) }
        _ = try await pipeline([BasicAuthenticationMiddleware(user: "u", password: "p:w")], transport)
            .send(HTTPRequest(method: "GET", url: testRoot))
        XCTAssertEqual(transport.requests.first?.headers["Authorization"], "Basic dTpwOnc=")
    }

    func testLoggingRedactsSecrets() async throws {
        let logger = CollectingLogger()
        let transport = MockTransport { request, _ in
            .make(200, ["Set-Cookie": "SAP_SESSIONID=secret1", "x-csrf-token": "secret2"], url: request.url)
        }
        var request = HTTPRequest(method: "GET", url: URL(string: "http://user:pw@127.0.0.1:9/svc/")!)
        request.headers["Authorization"] = "Basic c2VjcmV0"
        request.headers["Cookie"] = "a=secret3"
        request.headers["x-csrf-token"] = "Fetch"
        _ = try await pipeline([LoggingMiddleware(logger: logger)], transport).send(request)
        let text = logger.lines.joined(separator: "\n")
        XCTAssertEqual(logger.lines.count, 2)
        for secret in ["c2VjcmV0", "secret1", "secret2", "secret3", "pw"] {
            XCTAssertFalse(text.contains(secret), "\(secret) leaked into: \(text)")
        }
        XCTAssertTrue(text.contains("x-csrf-token: Fetch"))
        XCTAssertTrue(text.contains("Authorization: <redacted>"))
    }

    func testCancelledTaskSendsNothing() async throws {
        let transport = MockTransport { request, _ in .make(200, url: request.url) }
        let chain = pipeline([], transport)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await chain.send(HTTPRequest(method: "GET", url: testRoot))
        }
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .cancelled)
        }
        XCTAssertTrue(transport.requests.isEmpty)
    }
}

actor SleepRecorder {
    private(set) var values: [TimeInterval] = []
    func add(_ value: TimeInterval) { values.append(value) }
}

final class CollectingLogger: ODataLogger, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    let minimumLevel: ODataLogLevel = .debug
    var lines: [String] { lock.withLock { stored } }
    func log(_ level: ODataLogLevel, _ message: String) { lock.withLock { stored.append(message) } }
}
