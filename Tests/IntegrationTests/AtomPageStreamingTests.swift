import Foundation
import ODataCurl
import XCTest

@testable import OData

/// Atom pages stream like JSON ones, over both transports: `entities(…)` yields entities before the body has
/// ended, `fetchEntities` decodes a large page while it arrives and keeps its paging facts and deleted entries,
/// malformed XML mid-page is a typed error that stops the transfer, and cancelling stops it too.
final class AtomPageStreamingTests: SlowFeedTestCase {
    private static let atomItems = items(in: .atom)

    private func atomProvider(_ transport: any ODataTransport) -> OnlineODataProvider {
        provider(transport, format: .atom)
    }

    func testEntitiesArriveBeforeALargeSlowAtomPageEnds() async throws {
        // 8,000 entries ≈ 5 MB; 256 KB at once, then 1.5 s of silence, then the rest
        let query = Self.atomItems.custom("n", "8000").custom("split", "262144").custom("pause", "1.5")
        for (name, transport) in Self.transports {
            let provider = atomProvider(transport())
            XCTAssertTrue(provider.streamsPages(of: query), name)
            let start = Date()
            var firstArrival: TimeInterval?
            var ids: [Int32] = []
            var streamed = false
            var iterator = provider.entities(query).makeAsyncIterator()
            while let entity = try await iterator.next() {
                if firstArrival == nil { firstArrival = Date().timeIntervalSince(start) }
                if case .int32(let id)? = entity["ID"] { ids.append(id) }
                if iterator.streamed?.stream?.didStream == true { streamed = true }
            }
            XCTAssertEqual(ids, (0..<8_000).map(Int32.init), name)
            XCTAssertTrue(streamed, "\(name): the page went through the body stream")
            XCTAssertLessThan(try XCTUnwrap(firstArrival, name), 1.0, "\(name): the first entity comes before the page has ended")
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 1.5, "\(name): the rest of the page comes 1.5 s late")
        }
    }

    func testFetchEntitiesStreamsAnAtomPageAndKeepsItsPagingFacts() async throws {
        for (name, transport) in Self.transports {
            let list = try await atomProvider(transport()).send(
                .fetchEntities(
                    Self.atomItems.custom("n", "3000").custom("chunked", "1").custom("next", "1"), options: .init()), headers: [:])
            XCTAssertEqual(list.entities.map { $0["ID"] }, (0..<3_000).map { .int32($0) }, name)
            XCTAssertEqual(list.inlineCount, 3_000, name)
            XCTAssertEqual(list.nextLink, "Items?n=3&format=atom", name)
        }
    }

    func testEntitiesFollowTheNextLinkOfAStreamedAtomPage() async throws {
        for (name, transport) in Self.transports {
            var ids: [Int32] = []
            for try await entity in atomProvider(transport()).entities(Self.atomItems.custom("n", "2000").custom("next", "1")) {
                if case .int32(let id)? = entity["ID"] { ids.append(id) }
            }
            XCTAssertEqual(ids, (0..<2_000).map(Int32.init) + [0, 1, 2], "\(name): both pages, the second through the next link")
        }
        var ids: [Int32] = []
        for try await entity in atomProvider(CurlTransport()).entityStream(Self.atomItems.custom("n", "2000").custom("next", "1")) {
            if case .int32(let id)? = entity["ID"] { ids.append(id) }
        }
        XCTAssertEqual(ids, (0..<2_000).map(Int32.init) + [0, 1, 2], "entityStream reads Atom pages")
    }

    func testAStreamedAtomDeltaPageKeepsItsDeletedEntries() async throws {
        try await assertAStreamedDeltaPageKeepsItsDeletedEntries(format: .atom)
    }

    func testABadEntryInAStreamedAtomPageIsATypedErrorNamingTheEntity() async throws {
        try await assertABadEntryIsATypedErrorPlacedInTheBody(format: .atom, entryBytes: 600...680)  // about 640 bytes each
    }

    func testMalformedXMLMidPageIsATypedErrorAndStopsTheTransfer() async throws {
        for (name, transport) in Self.transports {
            // 8,000 entries ≈ 5 MB; entry 100 (in the first 256 KB) is malformed XML; the rest comes after 2 s
            let start = Date()
            do {
                _ = try await atomProvider(transport()).send(
                    .fetchEntities(
                        Self.atomItems.custom("n", "8000").custom("split", "262144").custom("pause", "2").custom("broken", "100"),
                        options: .init()), headers: [:])
                XCTFail("\(name): entry 100 is malformed")
            } catch {
                XCTAssertEqual(error.kind, .decoding, "\(name): \(error)")
                XCTAssertTrue(error.message.contains("malformed XML"), "\(name): \(error.message)")
                let position = try XCTUnwrap(error.position, name)
                XCTAssertGreaterThan(position, 100 * 600, "\(name): the offset counts from the body's start")
                XCTAssertLessThan(position, 101 * 680, "\(name): at entry 100")
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 1.8, "\(name): the error came before the rest of the page")
            let sent = try await sentBytes()
            XCTAssertLessThan(sent, 2_500_000, "\(name): the transfer stopped; the server could not send the rest (\(sent) bytes)")
        }
    }

    func testCancellingAStreamedAtomPageStopsTheTransfer() async throws {
        for (name, transport) in Self.transports {
            let provider = atomProvider(transport())
            let query = Self.atomItems.custom("n", "8000").custom("split", "262144").custom("pause", "2")
            let start = Date()
            let firstEntity = Expectation()
            let iteration = Task {
                var count = 0
                for try await _ in provider.entities(query) {
                    count += 1
                    if count == 1 { firstEntity.fulfil() }
                }
                return count
            }
            try await firstEntity.wait()
            iteration.cancel()
            do {
                let count = try await iteration.value
                XCTFail("\(name): the iteration was cancelled, yet it read \(count) entities")
            } catch let error as ODataError {
                XCTAssertEqual(error.kind, .cancelled, "\(name): \(error)")
            } catch is CancellationError {}
            XCTAssertLessThan(Date().timeIntervalSince(start), 1.8, "\(name): cancelled before the rest of the page")
            let sent = try await sentBytes()
            XCTAssertLessThan(sent, 2_500_000, "\(name): the transfer stopped (\(sent) bytes sent)")
        }
    }
}

/// A one-shot signal from one task to another.
private final class Expectation: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var waiter: CheckedContinuation<Void, Never>?

    func fulfil() {
        let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            done = true
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    func wait() async throws {
        await withCheckedContinuation { continuation in
            let now = lock.withLock { () -> Bool in
                if done { return true }
                waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}
