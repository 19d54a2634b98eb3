import Foundation
import ODataCurl
import XCTest

@testable import OData

/// What the page-streaming suites share: a `SlowFeedServer` started for each test, a provider on it without
/// retries (in either format), the two streaming transports each test runs over, and the checks the JSON and
/// Atom suites both make.
class SlowFeedTestCase: XCTestCase {
    static let items = DataQuery().from(EntitySetDescriptor(name: "Items", entityType: TestItem.type))

    static let transports: [(String, @Sendable () -> any ODataTransport)] = [
        ("curl", { CurlTransport() }), ("URLSession", { URLSessionTransport() }),
    ]

    var server: SlowFeedServer!

    override func setUpWithError() throws {
        server = SlowFeedServer()
        try server.start()
    }

    override func tearDown() {
        server.stop()
    }

    func provider(_ transport: any ODataTransport, format: PayloadFormat = .json) -> OnlineODataProvider {
        OnlineODataProvider(
            serviceName: "Test", serviceRoot: server.url("/svc/"), options: .init(format: format, retryPolicy: .none),
            transport: transport)
    }

    /// How many body bytes the server wrote for the last page, once it noticed a closed connection.
    func sentBytes() async throws -> Int {
        try await Task.sleep(nanoseconds: 2_500_000_000)  // the server notices once it writes again, after its pause
        let answer = try await CurlTransport().send(HTTPRequest(method: "GET", url: server.url("/sent")))
        return try XCTUnwrap(Int(String(decoding: answer.body, as: UTF8.self)))
    }

    /// `items` in `format` (the server answers Atom when asked).
    static func items(in format: PayloadFormat) -> DataQuery {
        format == .atom ? items.custom("format", "atom") : items
    }

    /// A streamed delta page in `format` keeps its deleted entries (they are entries of the feed, not entities).
    func assertAStreamedDeltaPageKeepsItsDeletedEntries(format: PayloadFormat) async throws {
        for (name, transport) in Self.transports {
            let list = try await provider(transport(), format: format).send(
                .fetchEntities(
                    Self.items(in: format).custom("n", "3000").custom("chunked", "1").custom("deleted", "10"),
                    options: .init()), headers: [:])
            XCTAssertEqual(list.entities.count, 2_700, name)
            XCTAssertEqual(list.deletedEntryIDs, stride(from: 0, to: 3_000, by: 10).map { "Items(\($0))" }, name)
            XCTAssertEqual(list.deltaLink, "Items?!deltatoken=1", name)
        }
    }

    /// A bad entry (entry 2500 of 3,000 has a string ID) in a streamed page in `format` is a typed decoding error
    /// naming the entity, placed inside that entry's bytes (`entryBytes`: the bounds of an entry's size in
    /// `format`), counted from the body's start; no entity after it is yielded.
    func assertABadEntryIsATypedErrorPlacedInTheBody(format: PayloadFormat, entryBytes: ClosedRange<Int>) async throws {
        for (name, transport) in Self.transports {
            var seen = 0
            do {
                for try await _ in provider(transport(), format: format).entities(
                    Self.items(in: format).custom("n", "3000").custom("bad", "2500"))
                {
                    seen += 1
                }
                XCTFail("\(name): entry 2500 has a string ID")
            } catch {
                XCTAssertEqual(error.kind, .decoding, name)
                XCTAssertTrue(error.message.contains("entity 2500"), "\(name): \(error.message)")
                let position = try XCTUnwrap(error.position, name)
                XCTAssertGreaterThan(position, 2500 * entryBytes.lowerBound, "\(name): the offset counts from the body's start")
                XCTAssertLessThan(position, 2501 * entryBytes.upperBound, "\(name): inside entry 2500")
            }
            XCTAssertLessThanOrEqual(seen, 2500, name)
        }
    }
}
