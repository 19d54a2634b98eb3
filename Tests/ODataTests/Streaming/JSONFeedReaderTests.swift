import Foundation
import ODataTestSupport
import XCTest

@testable import OData

/// `JSONFeedReader` fed a body cut at every piece size gives exactly what the whole body decodes to —
/// entities, deleted entries, paging facts — and, for a malformed body, the same error at the same place.
final class JSONFeedReaderTests: XCTestCase {
    private static let item = TestItem.type

    private static func entry(_ id: Int) -> String {
        #"{"__metadata":{"uri":"Items(\#(id))","type":"Test.Item"},"ID":\#(id),"Name":"n{\#(id)}[\"x\\\"]"}"#
    }

    private static let entries = (0..<12).map(entry).joined(separator: ", ")

    /// Strings longer than eight bytes, with brackets, escaped quotes and backslashes at every offset within a word.
    private static let longStringEntries = (0..<12).map { id in
        let name = String(repeating: "x", count: id) + #"{a \"long\" name [with] \\ brackets} \"}]\" and more than eight bytes"#
        return #"{"__metadata":{"uri":"Items(\#(id))","type":"Test.Item"},"ID":\#(id),"Name":"\#(name)"}"#
    }.joined(separator: ",")

    private static let deleted = #"{"@odata.context":"$metadata#Items/$deletedEntity","id":"Items(99)"}"#

    private static let bodies: [String: String] = [
        "v2 feed with count and next link": #"{"d":{"__count":"12","results":[\#(entries)],"__next":"Items?$skiptoken=12"}}"#,
        "v2 feed, next link first": #" { "d" : { "__next" : "Items?$skiptoken=3" , "results" : [ \#(entries) ] } } "#,
        "v1 feed": #"{"d":[\#(entries)]}"#,
        "v2 feed with long strings": #"{"d":{"results":[\#(longStringEntries)],"__next":"Items?$skiptoken=12"}}"#,
        "delta feed with a deleted entry": #"{"d":{"results":[\#(entry(1)),\#(deleted),\#(entry(2))],"__delta":"Items?!deltatoken=7"}}"#,
        "empty feed": #"{"d":{"results":[]}}"#,
        "single entry": #"{"d":\#(entry(7))}"#,
        "error": #"{"error":{"code":"X","message":{"lang":"en","value":"results: [no]"}}}"#,
    ]

    private static let malformed: [String: String] = [
        "a string ID": #"{"d":{"results":[\#(entry(1)),{"ID":"two","Name":"b"},\#(entry(3))]}}"#,
        "an element that is not an entry": #"{"d":{"results":[\#(entry(1)), 42, \#(entry(2))]}}"#,
        "only elements that are not entries": #"{"d":{"results":[1, 2]}}"#,
        "a missing comma": #"{"d":{"results":[\#(entry(1)) \#(entry(2))]}}"#,
        "a trailing comma": #"{"d":{"results":[\#(entry(1)),]}}"#,
        "an unclosed string": #"{"d":{"results":[\#(entry(1)),{"ID":3,"Name":"b}]}}"#,
        "nesting deeper than the limit":
            #"{"d":{"results":[\#(entry(1)),{"ID":3,"Deep":\#(String(repeating: "[", count: 130))1\#(String(repeating: "]", count: 130))}]}}"#,
    ]

    private static let pieceSizes = [1, 2, 3, 5, 8, 16, 97, 400]

    /// Feeds `body` in pieces of `size` bytes; returns the entries read and the remainder.
    private func read(_ body: Data, size: Int) throws -> (entries: EntityList, remainder: JSONFeedReader.Remainder, held: Int) {
        var reader = JSONFeedReader(entityType: Self.item, typeResolver: nil)
        var entries = EntityList(entities: [])
        let held = try reader.read(body, inPiecesOf: size, into: &entries)
        return (entries, try reader.finish(), held)
    }

    func testEveryPieceSizeGivesTheWholeBodysEntriesAndPagingFacts() throws {
        for (name, text) in Self.bodies {
            let body = Data(text.utf8)
            let whole: Result<EntityList, any Error> = Result { try ODataJSONDecoder().decodeEntityList(body, entityType: Self.item) }
            for size in Self.pieceSizes + [body.count] {
                let (entries, remainder, _) = try read(body, size: size)
                switch remainder {
                case .envelope(let envelope):
                    let list = try whole.get()
                    let rest = try ODataJSONDecoder().decodeEntityList(envelope, entityType: Self.item)
                    XCTAssertEqual(entries.entities, list.entities, "\(name), pieces of \(size)")
                    XCTAssertEqual(entries.deletedEntryIDs, list.deletedEntryIDs, "\(name), pieces of \(size)")
                    XCTAssertEqual(rest.nextLink, list.nextLink, "\(name), pieces of \(size)")
                    XCTAssertEqual(rest.deltaLink, list.deltaLink, "\(name), pieces of \(size)")
                    XCTAssertEqual(rest.inlineCount, list.inlineCount, "\(name), pieces of \(size)")
                    XCTAssertTrue(rest.entities.isEmpty, name)
                case .whole(let data):
                    XCTAssertTrue(["single entry", "error"].contains(name), name)
                    XCTAssertEqual(data, body, "\(name): a body without an entry array comes back whole")
                    XCTAssertTrue(entries.entities.isEmpty, name)
                }
            }
        }
        XCTAssertEqual(try read(Data(Self.bodies["delta feed with a deleted entry"]!.utf8), size: 7).entries.deletedEntryIDs, ["Items(99)"])
    }

    /// A malformed entry is the same error, at the same byte and entity, whatever the pieces: an entry is
    /// judged only once its bytes are complete, never because a piece ended inside it.
    func testAMalformedEntryIsTheWholeBodysErrorAtEveryPieceSize() throws {
        for (name, text) in Self.malformed {
            let body = Data(text.utf8)
            var expected: ODataDecodingError?
            XCTAssertThrowsError(try ODataJSONDecoder().decodeEntityList(body, entityType: Self.item), name) {
                expected = $0 as? ODataDecodingError
            }
            let whole = try XCTUnwrap(expected, name)
            for size in Self.pieceSizes + [body.count] {
                XCTAssertThrowsError(try read(body, size: size), "\(name), pieces of \(size)") { error in
                    guard let error = error as? ODataDecodingError else { return XCTFail("\(name): \(error)") }
                    XCTAssertEqual(error.offset, whole.offset, "\(name), pieces of \(size): \(error) vs \(whole)")
                    XCTAssertTrue(
                        error.message.hasPrefix(whole.message), "\(name), pieces of \(size): \(error.message) vs \(whole.message)")
                    if let index = whole.entityIndex { XCTAssertEqual(error.entityIndex, index, "\(name), pieces of \(size)") }
                }
            }
        }
    }

    func testEntriesAreDecodedBeforeTheBodyEnds() throws {
        let body = Data(#"{"d":{"results":[\#(Self.entries)]}}"#.utf8)
        var reader = JSONFeedReader(entityType: Self.item, typeResolver: nil)
        var entries = EntityList(entities: [])
        try body.prefix(body.count / 2).withUnsafeBytes { try reader.read($0, into: &entries) }
        XCTAssertGreaterThan(entries.entities.count, 3)
        XCTAssertLessThan(entries.entities.count, 12)
        XCTAssertEqual(entries.entities.first?["ID"], .int32(0))
    }

    func testABodyEndingInsideTheArrayIsAnError() throws {
        let body = Data(#"{"d":{"results":[\#(Self.entry(1)), {"ID":2"#.utf8)
        for size in [3, body.count] {
            XCTAssertThrowsError(try read(body, size: size)) { error in
                XCTAssertEqual((error as? ODataDecodingError)?.offset, body.count)
            }
        }
    }

    /// Only the entry cut off by a piece's end is kept between pieces (with the envelope), never the piece.
    func testOnlyTheEntryCutOffIsKeptBetweenPieces() throws {
        let many = (0..<2_000).map(Self.entry).joined(separator: ",")
        let body = Data(#"{"d":{"results":[\#(many)],"__next":"Items?$skiptoken=2000"}}"#.utf8)
        let (entries, _, held) = try read(body, size: 16_384)
        XCTAssertEqual(entries.entities.count, 2_000)
        XCTAssertLessThanOrEqual(held, Self.entry(1_999).utf8.count + 64, "one entry and the envelope")
    }

    /// An entry larger than the pieces is gathered across them and decoded once complete.
    func testAnEntryLargerThanAPieceIsGatheredAcrossPieces() throws {
        let name = String(repeating: "[{\\\"}]", count: 2_000)
        let body = Data(#"{"d":{"results":[{"ID":1,"Name":"\#(name)"},\#(Self.entry(2))]}}"#.utf8)
        let (entries, _, _) = try read(body, size: 1_000)
        XCTAssertEqual(entries.entities.count, 2)
        XCTAssertEqual(entries.entities.first?["Name"], .string(String(repeating: "[{\"}]", count: 2_000)))
    }

    /// The fuzz target's check on 1,500 random edits of a feed (bytes replaced, dropped, doubled), in pieces
    /// of 1, 7 and 64 bytes: reading in pieces never gives other entries or paging facts than reading whole.
    func testRandomEditsReadInPiecesGiveWhatTheWholeBodyGives() {
        let body = Array(Self.bodies["delta feed with a deleted entry"]!.utf8) + Array(Self.bodies["v2 feed with long strings"]!.utf8)
        let alphabet = Array(#"{}[]",:\ 0123456789"eE.-+tfnu"#.utf8)
        var generator = SplitMix64(seed: 11)
        let decoder = ODataJSONDecoder()
        for round in 0..<1_500 {
            var bytes = Array(body.prefix(body.count / 2 + Int(generator.next() % UInt64(body.count / 2))))
            for _ in 0..<(1 + generator.next() % 4) {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[at] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: at)
                default: bytes.insert(bytes[at], at: at)
                }
            }
            for size in [1, 7, 64] {
                XCTAssertTrue(
                    decoder.readsTheSameInPieces(Data(bytes), entityType: Self.item, pieceSize: size),
                    "round \(round), pieces of \(size): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }
}

/// A small seeded generator (SplitMix64), so that the random edits are the same on every run (here and in
/// `AtomFeedReaderEditTests`).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
