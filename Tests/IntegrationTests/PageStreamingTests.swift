import Foundation
import ODataCurl
import XCTest

@testable import OData

/// `entities(…)` streams a page while it arrives, over both transports: the first entity comes before the
/// body has ended, the bytes held for the reader stay bounded, and over `CurlTransport` a slow reader
/// pauses the transfer instead of letting the body pile up.
final class PageStreamingTests: SlowFeedTestCase {
    private static let item = TestItem.type

    /// What one iteration saw.
    private struct Run {
        var ids: [Int32] = []
        var firstArrival: TimeInterval = 0
        var total: TimeInterval = 0
        var peakBuffered = 0
        var pauses = 0
        var streamedPages = 0
    }

    /// Iterates `entities(query)`, sampling the page stream's counters after every entity; `slowly` sleeps
    /// 1 ms after every 50th entity.
    private func iterate(_ provider: OnlineODataProvider, _ query: DataQuery, slowly: Bool = false) async throws -> Run {
        var run = Run()
        let start = Date()
        var iterator = provider.entities(query).makeAsyncIterator()
        var lastStream: ObjectIdentifier?
        while let entity = try await iterator.next() {
            if run.ids.isEmpty { run.firstArrival = Date().timeIntervalSince(start) }
            if case .int32(let id)? = entity["ID"] { run.ids.append(id) }
            if let stream = iterator.streamed?.stream {
                run.peakBuffered = max(run.peakBuffered, stream.peakBufferedBytes)
                run.pauses = max(run.pauses, stream.pauses)
                if lastStream != ObjectIdentifier(stream), stream.didStream {
                    lastStream = ObjectIdentifier(stream)
                    run.streamedPages += 1
                }
            }
            if slowly, run.ids.count % 50 == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        }
        run.total = Date().timeIntervalSince(start)
        return run
    }

    func testFirstEntityArrivesBeforeALargeSlowPageEnds() async throws {
        // 20,000 entries ≈ 8.6 MB; 256 KB at once, then 1.5 s of silence, then the rest
        let query = Self.items.custom("n", "20000").custom("split", "262144").custom("pause", "1.5")
        for (name, transport) in Self.transports {
            let run = try await iterate(provider(transport()), query)
            XCTAssertEqual(run.ids, (0..<20_000).map(Int32.init), name)
            XCTAssertEqual(run.streamedPages, 1, "\(name): the page went through the body stream")
            XCTAssertGreaterThanOrEqual(run.total, 1.5, "\(name): the rest of the page comes 1.5 s late")
            XCTAssertLessThan(run.firstArrival, 1.0, "\(name): the first entity comes before the page has ended")
            XCTAssertGreaterThan(run.peakBuffered, 0, name)
            if name == "curl" {
                XCTAssertLessThanOrEqual(run.peakBuffered, (1 << 20) + 65_536, "curl: at most the stream's limit plus one piece is held")
            }
        }
    }

    func testSlowReaderPausesTheCurlTransferAndTheBufferStaysBounded() async throws {
        let query = Self.items.custom("n", "20000")  // ≈ 8.6 MB at once
        let run = try await iterate(provider(CurlTransport()), query, slowly: true)
        XCTAssertEqual(run.ids, (0..<20_000).map(Int32.init))
        XCTAssertGreaterThan(run.pauses, 0, "the reader fell behind and the transfer was paused")
        XCTAssertLessThanOrEqual(run.peakBuffered, (1 << 20) + 65_536, "at most the stream's limit plus one piece is held")
    }

    func testAPausedTransferDoesNotTimeOut() async throws {
        // a 2 s idle timeout; the reader stops for 5 s after 100 entities of a 2.2 MB page, which pauses the
        // transfer with more than 1 MB still to come
        let transport = CurlTransport(configuration: .init(requestTimeout: 2))
        var iterator = provider(transport).entities(Self.items.custom("n", "5000")).makeAsyncIterator()
        var count = 0
        var pauses = 0
        while try await iterator.next() != nil {
            count += 1
            pauses = max(pauses, iterator.streamed?.stream?.pauses ?? 0)
            if count == 100 { try await Task.sleep(nanoseconds: 5_000_000_000) }
        }
        XCTAssertEqual(count, 5_000)
        XCTAssertGreaterThan(pauses, 0, "the transfer was paused while the reader slept")
    }

    func testEntityStreamWithASlowConsumerDeliversEveryEntityInOrder() async throws {
        var ids: [Int32] = []
        for try await entity in provider(CurlTransport()).entityStream(Self.items.custom("n", "5000").custom("next", "1")) {
            if case .int32(let id)? = entity["ID"] { ids.append(id) }
            if ids.count % 100 == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        }
        XCTAssertEqual(ids, (0..<5_000).map(Int32.init) + [0, 1, 2], "both pages, the second through __next")
    }

    func testABadEntryInAStreamedPageIsATypedErrorPlacedInTheBody() async throws {
        try await assertABadEntryIsATypedErrorPlacedInTheBody(format: .json, entryBytes: 440...460)  // about 452 bytes each
    }

    func testFetchEntitiesDecodesWhileThePageArrivesAndKeepsThePagingFacts() async throws {
        for (name, transport) in Self.transports {
            let list = try await provider(transport()).send(
                .fetchEntities(
                    Self.items.custom("n", "3000").custom("split", "65536").custom("pause", "0.3").custom("next", "1"),
                    options: .init()), headers: [:])
            XCTAssertEqual(list.entities.count, 3_000, name)
            XCTAssertEqual(list.entities.last?["ID"], .int32(2_999), name)
            XCTAssertEqual(list.inlineCount, 3_000, name)
            XCTAssertEqual(list.nextLink, "Items?n=3", name)
        }
    }

    func testAPageWithAnotherContentTypeIsNotStreamedAndFailsTyped() async throws {
        for (name, transport) in Self.transports {
            do {
                for try await _ in provider(transport()).entities(Self.items.custom("n", "10").custom("ctype", "text/plain")) {}
                XCTFail("\(name): text/plain is not a JSON page")
            } catch {
                XCTAssertEqual(error.kind, .wrongContentType, "\(name): \(error)")
            }
        }
    }

    func testARequestAMiddlewareSendsOnItsOwnIsNotStreamedIntoThePage() async throws {
        let side = server.url("/svc/Items?n=2")
        let sideBodies = SideBodies()
        let middleware = ClosureMiddleware { request, next in
            // a middleware fetching something of its own (a token, say) in the page request's task
            let response = try await next(HTTPRequest(method: "GET", url: side))
            sideBodies.record(response.body.count)
            return try await next(request)
        }
        for (name, transport) in Self.transports {
            let provider = OnlineODataProvider(
                serviceName: "Test", serviceRoot: server.url("/svc/"), options: .init(retryPolicy: .none, middlewares: [middleware]),
                transport: transport())
            let run = try await iterate(provider, Self.items.custom("n", "3000"))
            XCTAssertEqual(run.ids, (0..<3_000).map(Int32.init), name)
            XCTAssertEqual(run.streamedPages, 1, "\(name): the page itself is streamed")
            XCTAssertGreaterThan(sideBodies.last, 100, "\(name): the middleware's own response keeps its body")
        }
    }
}

/// The body sizes a test middleware saw.
private final class SideBodies: @unchecked Sendable {
    private let lock = NSLock()
    private var sizes: [Int] = []

    func record(_ size: Int) { lock.withLock { sizes.append(size) } }
    var last: Int { lock.withLock { sizes.last ?? 0 } }
}
