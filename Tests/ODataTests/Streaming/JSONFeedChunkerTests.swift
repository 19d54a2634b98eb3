import Foundation
import XCTest

@testable import OData

/// `JSONFeedChunker` cut at every piece size: the runs it hands out plus what `finish()` returns
/// decode to exactly what the whole body decodes to.
final class JSONFeedChunkerTests: XCTestCase {
    private static let item = TestItem.type

    private static func entry(_ id: Int) -> String {
        #"{"__metadata":{"uri":"Items(\#(id))","type":"Test.Item"},"ID":\#(id),"Name":"n{\#(id)}[\"x\\\"]"}"#
    }

    private static let entries = (0..<12).map(entry).joined(separator: ", ")

    /// Strings longer than the eight bytes the chunker skips at once, with brackets, escaped quotes and
    /// backslashes at every offset within a word.
    private static let longStringEntries = (0..<12).map { id in
        let name = String(repeating: "x", count: id) + #"{a \"long\" name [with] \\ brackets} \"}]\" and more than eight bytes"#
        return #"{"__metadata":{"uri":"Items(\#(id))","type":"Test.Item"},"ID":\#(id),"Name":"\#(name)"}"#
    }.joined(separator: ",")

    private static let bodies: [String: String] = [
        "v2 feed with count and next link": #"{"d":{"__count":"12","results":[\#(entries)],"__next":"Items?$skiptoken=12"}}"#,
        "v2 feed, next link first": #" { "d" : { "__next" : "Items?$skiptoken=3" , "results" : [ \#(entries) ] } } "#,
        "v1 feed": #"{"d":[\#(entries)]}"#,
        "v2 feed with long strings": #"{"d":{"results":[\#(longStringEntries)],"__next":"Items?$skiptoken=12"}}"#,
        "empty feed": #"{"d":{"results":[]}}"#,
        "single entry": #"{"d":\#(entry(7))}"#,
        "error": #"{"error":{"code":"X","message":{"lang":"en","value":"results: [no]"}}}"#,
    ]

    /// Feeds `body` in pieces of `size` bytes; returns the entities of the runs and the remainder's list.
    private func chunked(_ body: Data, size: Int) throws -> (entities: [EntityValue], rest: EntityList?, runs: Int) {
        var chunker = JSONFeedChunker()
        var entities: [EntityValue] = []
        var runs = 0
        let decoder = ODataJSONDecoder()
        var offset = 0
        while offset < body.count {
            let piece = body[offset..<min(offset + size, body.count)]
            offset += piece.count
            piece.withUnsafeBytes { chunker.append($0) }
            if let run = chunker.takeRun() {
                runs += 1
                XCTAssertEqual(body[run.bodyOffset], UInt8(ascii: "{"), "a run starts at an entry")
                entities += try decoder.decodeEntityList(Data(run.bytes[run.range]), entityType: Self.item).entities
            }
        }
        switch try chunker.finish() {
        case .envelope(let data):
            return (entities, try decoder.decodeEntityList(data, entityType: Self.item), runs)
        case .whole(let data):
            XCTAssertEqual(data, body, "a body without an entry array comes back whole")
            XCTAssertEqual(runs, 0)
            return (entities, nil, runs)
        }
    }

    func testEveryPieceSizeGivesTheWholeBodysEntitiesAndPagingFacts() throws {
        for (name, text) in Self.bodies {
            let body = Data(text.utf8)
            let whole: Result<EntityList, any Error> = Result { try ODataJSONDecoder().decodeEntityList(body, entityType: Self.item) }
            for size in [1, 2, 3, 5, 16, 97, 400, body.count] {
                let (entities, rest, _) = try chunked(body, size: size)
                switch whole {
                case .success(let list):
                    if let rest {
                        XCTAssertEqual(entities, list.entities, "\(name), pieces of \(size)")
                        XCTAssertEqual(rest.nextLink, list.nextLink, "\(name), pieces of \(size)")
                        XCTAssertEqual(rest.inlineCount, list.inlineCount, "\(name), pieces of \(size)")
                        XCTAssertTrue(rest.entities.isEmpty, name)
                    } else {
                        XCTAssertEqual(name, "single entry")
                    }
                case .failure:
                    XCTAssertNil(rest, "\(name): kept whole, so the decoder reports its own error")
                }
            }
        }
    }

    func testEntriesAreHandedOutBeforeTheBodyEnds() throws {
        let body = Data(#"{"d":{"results":[\#(Self.entries)]}}"#.utf8)
        var chunker = JSONFeedChunker()
        let half = body.prefix(body.count / 2)
        half.withUnsafeBytes { chunker.append($0) }
        let run = try XCTUnwrap(chunker.takeRun(), "complete entries of the first half")
        let entities = try ODataJSONDecoder().decodeEntityList(Data(run.bytes[run.range]), entityType: Self.item).entities
        XCTAssertGreaterThan(entities.count, 3)
        XCTAssertLessThan(entities.count, 12)
    }

    func testEntriesNotTakenAccumulateIntoOneRun() throws {
        let body = Data(#"{"d":{"results":[\#(Self.entries)]}}"#.utf8)
        var chunker = JSONFeedChunker()
        for offset in stride(from: 0, to: body.count, by: 50) {
            body[offset..<min(offset + 50, body.count)].withUnsafeBytes { chunker.append($0) }
        }
        XCTAssertGreaterThan(chunker.bufferedBytes, 12 * 60, "the entries wait, untaken")
        let run = try XCTUnwrap(chunker.takeRun())
        XCTAssertEqual(try ODataJSONDecoder().decodeEntityList(Data(run.bytes[run.range]), entityType: Self.item).entities.count, 12)
        XCTAssertNil(chunker.takeRun())
        XCTAssertLessThan(chunker.bufferedBytes, 10, "only the envelope's tail is left")
        guard case .envelope = try chunker.finish() else { return XCTFail("the envelope") }
    }

    func testBodyEndingInsideTheArrayIsAnError() throws {
        var chunker = JSONFeedChunker()
        let body = Data(#"{"d":{"results":[\#(Self.entry(1)), {"ID":2"#.utf8)
        body.withUnsafeBytes { chunker.append($0) }
        _ = chunker.takeRun()
        XCTAssertThrowsError(try chunker.finish()) { error in
            XCTAssertEqual((error as? ODataDecodingError)?.offset, body.count)
        }
    }

    func testAnElementThatIsNotAnEntryAfterEntriesWereHandedOutIsAnError() throws {
        let body = Data(#"{"d":{"results":[\#(Self.entry(1)), 42, \#(Self.entry(2))]}}"#.utf8)
        var chunker = JSONFeedChunker()
        let cut = try XCTUnwrap(body.range(of: Data(", 42".utf8))).lowerBound + 1
        body[..<cut].withUnsafeBytes { chunker.append($0) }
        XCTAssertNotNil(chunker.takeRun(), "entry 1")
        body[cut...].withUnsafeBytes { chunker.append($0) }
        while chunker.takeRun() != nil {}
        XCTAssertThrowsError(try chunker.finish(), "the 42 is not silently dropped")
    }

    func testAnArrayOfNonEntriesComesBackWhole() throws {
        let body = Data(#"{"d":{"results":[1, 2]}}"#.utf8)
        var chunker = JSONFeedChunker()
        body.withUnsafeBytes { chunker.append($0) }
        XCTAssertNil(chunker.takeRun())
        guard case .whole(let whole) = try chunker.finish() else { return XCTFail("kept whole") }
        XCTAssertEqual(whole, body)
    }

    /// Runs are handed over without a copy: the chunker copies each piece once into its buffer, plus the
    /// partial entry after each run taken (before: a second copy of every run, and the rest moved down).
    func testTheChunkerCopiesTheBodyOnceAndThePartialEntriesAfterRuns() throws {
        let many = (0..<2_000).map(Self.entry).joined(separator: ",")
        let body = Data(#"{"d":{"results":[\#(many)]}}"#.utf8)
        var chunker = JSONFeedChunker()
        var runs = 0
        var entities = 0
        for offset in stride(from: 0, to: body.count, by: 16_384) {
            body[offset..<min(offset + 16_384, body.count)].withUnsafeBytes { chunker.append($0) }
            if let run = chunker.takeRun() {
                runs += 1
                entities += try ODataJSONDecoder().decodeEntityList(Data(run.bytes[run.range]), entityType: Self.item).entities.count
            }
        }
        XCTAssertEqual(entities, 2_000)
        let entrySize = Self.entry(1_999).utf8.count + 1
        XCTAssertLessThanOrEqual(chunker.copiedBytes, body.count + (runs + 1) * entrySize, "\(runs) runs")
        XCTAssertGreaterThanOrEqual(chunker.copiedBytes, body.count)
    }
}
