import Foundation
import ODataCurl
import XCTest

@testable import OData

/// `fetchEntities` over a streaming transport, both transports: a small page of known length is read whole
/// (no task, no stream), a large or chunked one is decoded while it arrives, and a page that fails to decode
/// or is cancelled stops its transfer.
final class PageStreamingCollectTests: SlowFeedTestCase {
    private func probed(_ transport: any ODataTransport, _ probe: PageProbe) -> OnlineODataProvider {
        OnlineODataProvider(
            serviceName: "Test", serviceRoot: server.url("/svc/"), options: .init(retryPolicy: .none, middlewares: [probe.middleware]),
            transport: transport)
    }

    func testFetchEntitiesReadsASmallPageOfKnownLengthWhole() async throws {
        let probe = PageProbe()
        for (name, transport) in Self.transports {
            probe.reset()
            // 100 entries ≈ 45 KB with a Content-Length: below the 256 KB threshold
            let list = try await probed(transport(), probe).send(
                .fetchEntities(
                    Self.items.custom("n", "100").custom("next", "1"), options: .init()), headers: [:])
            XCTAssertEqual(list.entities.map { $0["ID"] }, (0..<100).map { .int32($0) }, name)
            XCTAssertEqual(list.nextLink, "Items?n=3", name)
            let stream = try XCTUnwrap(probe.stream, "\(name): the page request ran with a stream set")
            XCTAssertFalse(stream.didStream, "\(name): a small page of known length is not streamed")
            XCTAssertEqual(stream.takenPieces, 0, name)
            XCTAssertGreaterThan(try XCTUnwrap(probe.body, name), 40_000, "\(name): the body arrived whole in the response")
        }
    }

    func testFetchEntitiesStreamsAPageOfUnknownLength() async throws {
        let probe = PageProbe()
        for (name, transport) in Self.transports {
            for count in [10, 3_000] {
                probe.reset()
                let list = try await probed(transport(), probe).send(
                    .fetchEntities(
                        Self.items.custom("n", "\(count)").custom("chunked", "1").custom("next", "1"), options: .init()), headers: [:])
                XCTAssertEqual(list.entities.map { $0["ID"] }, (0..<Int32(count)).map { .int32($0) }, "\(name), \(count)")
                XCTAssertEqual(list.inlineCount, count, "\(name), \(count)")
                XCTAssertEqual(list.nextLink, "Items?n=3", "\(name), \(count)")
                let stream = try XCTUnwrap(probe.stream, name)
                XCTAssertTrue(stream.didStream, "\(name), \(count): a chunked page (no Content-Length) is streamed")
                XCTAssertGreaterThan(stream.takenPieces, 0, "\(name), \(count)")
                XCTAssertEqual(probe.body, 0, "\(name), \(count): the body went to the stream, not the response")
            }
        }
    }

    /// A streamed delta page keeps its deleted entries (they are entries of the array, not entities).
    func testAStreamedDeltaPageKeepsItsDeletedEntries() async throws {
        try await assertAStreamedDeltaPageKeepsItsDeletedEntries(format: .json)
    }

    func testFetchEntitiesDecodesALargePageWhileItArrives() async throws {
        let probe = PageProbe()
        for (name, transport) in Self.transports {
            probe.reset()
            // 20,000 entries ≈ 8.6 MB with a Content-Length; 256 KB at once, then 1.5 s of silence, then the rest
            let provider = probed(transport(), probe)
            let query = Self.items.custom("n", "20000").custom("split", "262144").custom("pause", "1.5")
            async let fetched = provider.send(.fetchEntities(query, options: .init()), headers: [:])
            try await Task.sleep(nanoseconds: 800_000_000)
            let stream = try XCTUnwrap(probe.stream, name)
            XCTAssertTrue(stream.didStream, "\(name): a large page is streamed")
            XCTAssertGreaterThan(stream.takenPieces, 0, "\(name): entries of the first 256 KB were decoded before the rest came")
            let list = try await fetched
            XCTAssertEqual(list.entities.map { $0["ID"] }, (0..<20_000).map { .int32($0) }, name)
            XCTAssertEqual(list.inlineCount, 20_000, name)
            XCTAssertEqual(probe.body, 0, "\(name): the body went to the stream, not the response")
            if name == "curl" {
                XCTAssertLessThanOrEqual(
                    stream.peakBufferedBytes, (1 << 20) + 65_536, "curl: at most the stream's limit plus one piece is held")
            }
        }
    }

    func testADecodingErrorInALargeStreamedPageStopsTheTransfer() async throws {
        for (name, transport) in Self.transports {
            // 20,000 entries ≈ 8.6 MB; entry 100 (in the first 256 KB) is bad; the rest comes after 2 s of silence
            let start = Date()
            do {
                _ = try await provider(transport()).send(
                    .fetchEntities(
                        Self.items.custom("n", "20000").custom("split", "262144").custom("pause", "2").custom("bad", "100"),
                        options: .init()), headers: [:])
                XCTFail("\(name): entry 100 has a string ID")
            } catch {
                XCTAssertEqual(error.kind, .decoding, "\(name): \(error)")
                XCTAssertTrue(error.message.contains("entity 100"), "\(name): \(error.message)")
                let position = try XCTUnwrap(error.position, name)
                XCTAssertGreaterThan(position, 100 * 440, "\(name): the offset counts from the body's start")
                XCTAssertLessThan(position, 101 * 460, "\(name): inside entry 100 (about 452 bytes each)")
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 1.8, "\(name): the error came before the rest of the page")
            let sent = try await sentBytes()
            XCTAssertLessThan(sent, 4_000_000, "\(name): the transfer stopped; the server could not send the rest (\(sent) bytes)")
        }
    }

    func testAStreamedPageThatFailsToDecodeIsReportedAsAFailedRequest() async throws {
        for (name, transport) in Self.transports {
            for bad in ["100", "19999"] {  // a bad entry early (the transfer stops) and one in the page's last bytes
                let collector = RequestMetricsCollector()
                var options = OnlineODataProvider.Options(retryPolicy: .none)
                options.requestObserver = collector
                let provider = OnlineODataProvider(
                    serviceName: "Test", serviceRoot: server.url("/svc/"), options: options, transport: transport())
                do {
                    _ = try await provider.send(
                        .fetchEntities(
                            Self.items.custom("n", "20000").custom("bad", bad), options: .init()), headers: [:])
                    XCTFail("\(name): entry \(bad) has a string ID")
                } catch {
                    XCTAssertEqual(error.kind, .decoding, "\(name): \(error)")
                }
                XCTAssertEqual(collector.metrics.map(\.errorKind), [.decoding], "\(name), bad entry \(bad)")
                XCTAssertEqual(collector.summary().failures, 1, "\(name), bad entry \(bad)")
            }
        }
    }

    func testCancellingFetchEntitiesStopsAStreamedPageAndItsReader() async throws {
        for (name, transport) in Self.transports {
            // 20,000 entries ≈ 8.6 MB; 256 KB at once (the reader decodes it), then 2 s of silence
            let provider = provider(transport())
            let query = Self.items.custom("n", "20000").custom("split", "262144").custom("pause", "2")
            let start = Date()
            let fetch = Task { try await provider.send(.fetchEntities(query, options: .init()), headers: [:]) }
            try await Task.sleep(nanoseconds: 500_000_000)
            fetch.cancel()
            do {
                _ = try await fetch.value
                XCTFail("\(name): the read was cancelled")
            } catch let error as ODataError {
                XCTAssertEqual(error.kind, .cancelled, "\(name): \(error)")
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 1.8, "\(name): cancelled before the rest of the page")
            let sent = try await sentBytes()
            XCTAssertLessThan(sent, 4_000_000, "\(name): the transfer stopped (\(sent) bytes sent)")
        }
    }
}

/// What a test middleware saw of the page request: the request's page stream and the response's body size.
private final class PageProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var streams: [ResponseBodyStream] = []
    private var bodies: [Int] = []

    /// A middleware recording the stream of each request and the body size of its response.
    var middleware: ClosureMiddleware {
        ClosureMiddleware { request, next in
            if let stream = request.responseBodyStream { self.lock.withLock { self.streams.append(stream) } }
            let response = try await next(request)
            self.lock.withLock { self.bodies.append(response.body.count) }
            return response
        }
    }

    var stream: ResponseBodyStream? { lock.withLock { streams.last } }
    var body: Int? { lock.withLock { bodies.last } }

    func reset() {
        lock.withLock {
            streams = []
            bodies = []
        }
    }
}
