import Foundation
import OData
import ODataCurl
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `CurlTransport`'s engine thread is never left asleep with work queued: requests sent one after another at
/// pauses around its awake window, concurrent ones, and cancellations in between each complete without waiting
/// for the engine's poll timeout (1 s), which a lost wake-up would cost.
final class CurlEngineWakeUpTests: XCTestCase {
    private var server: HTTPFaultServer!
    /// A request that finishes in less than this did not wait for the 1 s poll timeout (the local server
    /// answers `/echo` in about a millisecond).
    private let bound: Duration = .milliseconds(500)

    override func setUp() async throws {
        server = HTTPFaultServer()
        try server.start()
    }

    override func tearDown() async throws {
        server.stop()
    }

    /// Sends `/echo` and returns how long it took.
    private static func echo(_ transport: CurlTransport, _ url: URL) async throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await transport.send(HTTPRequest(method: "GET", url: url))
        XCTAssertEqual(response.statusCode, 200)
        return clock.now - start
    }

    /// Sends `/slow` (3 s), cancels it after `delay` (or before it is sent) and returns how long the cancelled
    /// request took to fail after the cancellation.
    private static func cancelledSlow(_ transport: CurlTransport, _ url: URL, after delay: Duration?) async throws -> Duration {
        let task = Task {
            if delay == nil { withUnsafeCurrentTask { $0?.cancel() } }
            _ = try await transport.send(HTTPRequest(method: "GET", url: url))
        }
        if let delay { try await Task.sleep(for: delay) }
        let clock = ContinuousClock()
        let start = clock.now
        task.cancel()
        do {
            try await task.value
            XCTFail("a cancelled request succeeded")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .cancelled)
        }
        return clock.now - start
    }

    /// Pauses of the calling thread around the engine's 250 µs window (the caller's turn between two requests).
    private static let pauses: [useconds_t] = [0, 50, 150, 200, 230, 250, 270, 300, 400, 1_000]

    func testSequentialRequestsAndCancellationsNeverWaitForThePollTimeout() async throws {
        let transport = CurlTransport(configuration: .init(proxy: .none))
        let (echoURL, slowURL) = (server.url("/echo"), server.url("/slow"))
        var slowest: Duration = .zero
        for index in 0..<600 {
            usleep(Self.pauses[index % Self.pauses.count])
            if index % 50 == 49 {
                slowest = max(slowest, try await Self.cancelledSlow(transport, slowURL, after: index % 100 == 49 ? .milliseconds(20) : nil))
            } else {
                slowest = max(slowest, try await Self.echo(transport, echoURL))
            }
        }
        XCTAssertLessThan(slowest, bound, "a request waited for the engine's poll timeout")
    }

    func testConcurrentRequestsAndCancellationsNeverWaitForThePollTimeout() async throws {
        let transport = CurlTransport(configuration: .init(proxy: .none))
        let (echoURL, slowURL, pauses) = (server.url("/echo"), server.url("/slow"), Self.pauses)
        let slowest = try await withThrowingTaskGroup(of: Duration.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var slowest: Duration = .zero
                    for index in 0..<30 {
                        usleep(pauses[(index + worker) % pauses.count])
                        if (index + worker) % 10 == 9 {
                            slowest = max(
                                slowest, try await Self.cancelledSlow(transport, slowURL, after: worker % 2 == 0 ? .milliseconds(10) : nil))
                        } else {
                            slowest = max(slowest, try await Self.echo(transport, echoURL))
                        }
                    }
                    return slowest
                }
            }
            return try await group.reduce(Duration.zero) { max($0, $1) }
        }
        XCTAssertLessThan(slowest, bound, "a request waited for the engine's poll timeout")
    }

    func testTransfersQueuedBeyondTheConnectionLimitDoNotWaitForThePollTimeout() async throws {
        // 40 requests at once over 2 connections: libcurl keeps 38 pending, and did not always take one up
        // again when a connection freed up (a 1 s stall in about one burst of five before the engine polled
        // again every 10 ms while a transfer waits for a connection)
        let transport = CurlTransport(configuration: .init(maximumConnectionsPerHost: 2, proxy: .none))
        let echoURL = server.url("/echo")
        for _ in 0..<12 {
            let slowest = try await withThrowingTaskGroup(of: Duration.self) { group in
                for _ in 0..<40 { group.addTask { try await Self.echo(transport, echoURL) } }
                return try await group.reduce(Duration.zero) { max($0, $1) }
            }
            XCTAssertLessThan(slowest, .milliseconds(900), "a queued request waited for the engine's poll timeout")
        }
    }

    func testTheEngineSleepsAgainAfterASequentialRequestAndIsWokenForTheNext() async throws {
        let transport = CurlTransport(configuration: .init(proxy: .none))
        var slowest: Duration = .zero
        for _ in 0..<5 {
            slowest = max(slowest, try await Self.echo(transport, server.url("/echo")))
            try await Task.sleep(for: .milliseconds(30))  // far past the window: the engine blocks in its poll
        }
        XCTAssertLessThan(slowest, bound, "a request to a sleeping engine waited for the poll timeout")
    }
}
