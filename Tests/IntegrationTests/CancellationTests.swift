import Foundation
import ODataCurl
import ODataTestSupport
import XCTest

@testable import OData

/// Issue 30 item 5: a cancelled call ends promptly with `ODataError` `.cancelled` wherever its task is
/// cancelled — before sending, in flight, in a retry back-off, while a page streams — over both transports,
/// against servers on 127.0.0.1 (`SlowFeedServer`, which holds a page back, and mock-sap's busy scenario).
/// Every wait is bounded: a call that does not end fails the test instead of hanging it.
final class CancellationTests: SlowFeedTestCase {
    /// How long a cancelled call may take to end.
    private static let prompt: TimeInterval = 2

    /// A page of 20,000 entries, its first `split` bytes at once, then 5 s of silence.
    private static let heldPage = items.custom("n", "20000").custom("split", "262144").custom("pause", "5")

    /// Runs `call` in a task, cancels the task once `cancelWhen` returns, and checks that the call ends with an
    /// `ODataError` `.cancelled` within `prompt`; returns the error.
    @discardableResult
    private func assertCancelled<Value: Sendable>(
        _ name: String, cancelWhen: () async -> Void, call: @escaping @Sendable () async throws -> Value,
        file: StaticString = #filePath, line: UInt = #line
    ) async -> ODataError? {
        let task = Task { () async -> (any Error)? in
            do {
                _ = try await call()
                return nil
            } catch {
                return error
            }
        }
        await cancelWhen()
        let cancelled = Date()
        task.cancel()
        guard let outcome = await BoundedWait.value(of: task, within: Self.prompt) else {
            XCTFail("\(name): the cancelled call did not end within \(Self.prompt) s", file: file, line: line)
            return nil
        }
        XCTAssertLessThan(Date().timeIntervalSince(cancelled), Self.prompt, name, file: file, line: line)
        guard let failure = outcome else {
            XCTFail("\(name): the cancelled call succeeded", file: file, line: line)
            return nil
        }
        guard let error = failure as? ODataError else {
            XCTFail("\(name): \(type(of: failure)) instead of an ODataError: \(failure)", file: file, line: line)
            return nil
        }
        XCTAssertEqual(error.kind, .cancelled, "\(name): \(error)", file: file, line: line)
        return error
    }

    func testCancelledBeforeSendingSendsNothing() async throws {
        for (name, transport) in Self.transports {
            let counted = CountingTransport(transport())
            let provider = OnlineODataProvider(
                serviceName: "Test", serviceRoot: server.url("/svc/"), options: .init(retryPolicy: .none), transport: counted)
            let error = await assertCancelled(
                name, cancelWhen: {},
                call: {
                    withUnsafeCurrentTask { $0?.cancel() }
                    return try await provider.send(.fetchEntities(Self.items.custom("n", "3"), options: .init()), headers: [:])
                })
            XCTAssertEqual(error?.url?.path, "/svc/Items", name)
            XCTAssertEqual(counted.sent, 0, "\(name): a cancelled task sends nothing")
        }
    }

    func testCancelledInFlight() async throws {
        for (name, transport) in Self.transports {
            let sending = OneShotSignal()
            let provider = OnlineODataProvider(
                serviceName: "Test", serviceRoot: server.url("/svc/"),
                options: .init(retryPolicy: .none, middlewares: [SignalMiddleware(before: sending)]), transport: transport())
            let request = HTTPRequest(method: "GET", url: try provider.url(for: Self.heldPage.relativeURLString))
            await assertCancelled(
                name, cancelWhen: { await self.waitThenSettle(sending, name) },
                call: {
                    try await provider.execute(request)
                })
            let afterwards = try await provider.send(.fetchEntities(Self.items.custom("n", "3"), options: .init()), headers: [:])
            XCTAssertEqual(afterwards.entities.count, 3, "\(name): the transport goes on after a cancellation")
        }
    }

    func testCancelledInARetryBackOff() async throws {
        let root = try TestServers.gwsample()
        for (name, transport) in Self.transports {
            let refused = OneShotSignal()
            // waits of 20 s between attempts: the call can only end early by its cancellation
            let retry = RetryMiddleware(policy: RetryPolicy(maxAttempts: 3, baseDelay: 20, maxDelay: 20))
            let provider = OnlineODataProvider(
                serviceName: "GWSAMPLE_BASIC", serviceRoot: root,
                options: .init(retryPolicy: .none, middlewares: [retry, SignalMiddleware(afterStatus: 503, refused)]),
                transport: transport())
            let query = DataQuery().from(EntitySetDescriptor(name: "BusinessPartnerSet", entityType: TestItem.type)).top(1)
            let error = await assertCancelled(
                name, cancelWhen: { await self.waitFor(refused, name) },
                call: {
                    try await provider.send(.fetchEntities(query, options: .init()), headers: ["sap-mock-scenario": "busy"])
                })
            XCTAssertTrue(error?.message.contains("waiting to retry") == true, "\(name): \(String(describing: error))")
        }
    }

    func testCancelledWhileAPageStreams() async throws {
        for (name, transport) in Self.transports {
            let provider = provider(transport())
            let first = OneShotSignal()
            await assertCancelled(
                name, cancelWhen: { await self.waitFor(first, name) },
                call: {
                    var count = 0
                    for try await _ in provider.entities(Self.heldPage) {
                        count += 1
                        first.fulfil()
                    }
                    return count
                })
            let streamFirst = OneShotSignal()
            await assertCancelled(
                "\(name), entityStream", cancelWhen: { await self.waitFor(streamFirst, name) },
                call: {
                    var count = 0
                    for try await _ in provider.entityStream(Self.heldPage) {
                        count += 1
                        streamFirst.fulfil()
                    }
                    return count
                })
            let pageFirst = OneShotSignal()
            await assertCancelled(
                "\(name), pages", cancelWhen: { await self.waitThenSettle(pageFirst, name) },
                call: {
                    pageFirst.fulfil()
                    var count = 0
                    for try await page in provider.pages(Self.heldPage) { count += page.entities.count }
                    return count
                })
        }
    }

    /// Waits for `signal` (at most 10 s).
    private func waitFor(_ signal: OneShotSignal, _ name: String) async {
        let given = await signal.wait(within: 10)
        XCTAssertTrue(given, "\(name): no signal")
    }

    /// Waits for `signal`, then a moment, so that the request it announces is on its way.
    private func waitThenSettle(_ signal: OneShotSignal, _ name: String) async {
        await waitFor(signal, name)
        try? await Task.sleep(nanoseconds: 300_000_000)
    }
}

/// A middleware that gives a signal before it sends a request, or when an answer has a status.
private struct SignalMiddleware: ODataMiddleware {
    var before: OneShotSignal?
    var status: Int?
    var answered: OneShotSignal?

    init(before: OneShotSignal) { self.before = before }

    init(afterStatus status: Int, _ answered: OneShotSignal) {
        self.status = status
        self.answered = answered
    }

    func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        before?.fulfil()
        let response = try await next(request)
        if response.statusCode == status { answered?.fulfil() }
        return response
    }
}

/// A transport that counts what it sends.
private final class CountingTransport: ODataTransport, @unchecked Sendable {
    private let inner: any ODataTransport
    private let lock = NSLock()
    private var count = 0

    init(_ inner: any ODataTransport) { self.inner = inner }

    var sent: Int { lock.withLock { count } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { count += 1 }
        return try await inner.send(request)
    }
}
