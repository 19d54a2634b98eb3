import Foundation
import ODataTestSupport
import XCTest

@testable import OData

/// `AtomFeedReader` fed a body cut at every piece size gives what `ODataAtomDecoder` gives for the whole body —
/// entities, deleted entries, paging facts — and, for a malformed body, an error of the same kind (and entity).
final class AtomFeedReaderTests: XCTestCase {
    private static let item = TestItem.type
    private static let pieceSizes = [1, 7, 64]

    static let namespaces = """
        xmlns="http://www.w3.org/2005/Atom" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" \
        xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices" xmlns:at="http://purl.org/atompub/tombstones/1.0"
        """

    static func entry(_ id: Int, name: String? = nil, idText: String? = nil) -> String {
        "<entry><id>Items(\(id))</id><category term=\"Test.Item\" scheme=\"http://schemas.microsoft.com/ado/2007/08/dataservices/scheme\"/>"
            + "<content type=\"application/xml\"><m:properties><d:ID>\(idText ?? String(id))</d:ID>"
            + "<d:Name>\(name ?? "item &amp; <![CDATA[<\(id)>]]> \u{e9}")</d:Name></m:properties></content></entry>"
    }

    static func feed(_ body: String, base: String = "http://h/svc/") -> String {
        "<?xml version=\"1.0\" encoding=\"utf-8\"?><feed xml:base=\"\(base)\" \(namespaces)><id>\(base)Items</id>\(body)</feed>"
    }

    static let entries = (0..<12).map { entry($0) }.joined(separator: "\n")

    /// Generated feeds: paging facts before and after the entries, deleted entries between them, other encodings,
    /// and bodies that are not feeds.
    static let generated: [String: Data] = [
        "count and next link": Data(
            feed("<m:count>12</m:count>\(entries)<link rel=\"next\" href=\"Items?$skiptoken=12&amp;$top=3\"/>").utf8),
        "next link first": Data(feed("<link rel=\"next\" href=\"Items?$skiptoken=3\"/>\(entries)").utf8),
        "delta with deleted entries":
            Data(
                feed(
                    entry(1) + "<at:deleted-entry ref=\"Items(8)\" when=\"2026-12-02T07:00:00Z\"/>" + entry(2)
                        + "<at:deleted-entry ref=\"Items(9)\"/><link rel=\"delta\" href=\"Items?!deltatoken=7\"/>"
                ).utf8),
        "empty feed": Data(feed("").utf8),
        "byte-order mark": Data([0xEF, 0xBB, 0xBF] + Array(feed(entries).utf8)),
        "no declaration": Data("<feed \(namespaces)>\(entries)</feed>".utf8),
        "UTF-16": feed(entries).data(using: .utf16)!,
        "ISO-8859-1": Data(
            feed(entries).replacingOccurrences(of: "utf-8", with: "ISO-8859-1").data(using: .isoLatin1)!),
        "single entry": Data(
            ("<?xml version=\"1.0\"?>" + entry(3).replacingOccurrences(of: "<entry>", with: "<entry \(namespaces)>")).utf8),
        "error document": Data(
            "<m:error xmlns:m=\"http://schemas.microsoft.com/ado/2007/08/dataservices/metadata\"><m:code>X</m:code><m:message xml:lang=\"en\">no</m:message></m:error>"
                .utf8),
        "comments and whitespace": Data(("<!-- a --> \n<feed \(namespaces)>\n<!-- c -->" + entries + "</feed>\n<!-- b -->\n").utf8),
    ]

    static let malformed: [String: Data] = [
        "a string ID": Data(feed(entry(1) + entry(2, idText: "two") + entry(3)).utf8),
        "a mismatched end tag mid-page": Data(feed(entry(1) + entry(2) + "<entry><id>x</id></entr>" + entry(4)).utf8),
        "cut off": Data(feed(entries).utf8.dropLast(40)),
        "cut off after the feed's start": Data("<?xml version=\"1.0\"?><feed \(namespaces)>".utf8),
        "a DOCTYPE": Data(("<?xml version=\"1.0\"?><!DOCTYPE feed [<!ENTITY x \"y\">]>" + feed(entries).dropFirst(38)).utf8),
        "nesting over libxml2's limit": Data(
            feed(
                entry(1) + "<entry><id>Items(2)</id><x>" + String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
                    + "</x></entry>"
            )
            .utf8),
        "content after the feed": Data((feed(entries) + "<feed/>").utf8),
        "a NUL byte": Data(feed(entries).utf8.prefix(200) + [0] + feed(entries).utf8.dropFirst(200)),
        "a declared encoding not supported": Data(feed(entries).replacingOccurrences(of: "utf-8", with: "EBCDIC").utf8),
        "not a feed": Data("<?xml version=\"1.0\"?><foo/>".utf8),
        "empty": Data(),
    ]

    static func recorded() throws -> [(String, Data, EntityTypeDescriptor)] {
        typealias M = RefScenarioModel
        return [
            ("olingo_feed_employees_full.xml", try Payloads.data("olingo_feed_employees_full.xml"), M.employee),
            ("olingo_feed_with_delta_link.xml", try Payloads.data("olingo_feed_with_delta_link.xml"), M.employee),
            ("olingo_Room_InlineEmployeesToTeam.xml", try Payloads.data("olingo_Room_InlineEmployeesToTeam.xml"), M.room),
            ("northwind_atom_MultipleProducts.xml", try Payloads.data("northwind_atom_MultipleProducts.xml"), NorthwindModel.product),
            (
                "northwind_atom_SingleProductWithCategory.xml", try Payloads.data("northwind_atom_SingleProductWithCategory.xml"),
                NorthwindModel.product
            ),
            (
                "northwind_atom_SingleCustomerWithAddress.xml", try Payloads.data("northwind_atom_SingleCustomerWithAddress.xml"),
                NorthwindModel.customer
            ),
        ]
    }

    /// Feeds `body` in pieces of `size` bytes as `StreamedPageDecoder` does; a body left whole is decoded whole.
    static func read(_ body: Data, size: Int, type: EntityTypeDescriptor = item) throws -> (list: EntityList, whole: Bool, held: Int) {
        var reader = AtomFeedReader(entityType: type, typeResolver: RefScenarioModel.resolver)
        var list = EntityList(entities: [])
        let held = try reader.read(body, inPiecesOf: size, into: &list)
        switch try reader.finishFeed() {
        case .page(let end):
            list.appendPageEnd(end)
            return (list, false, held)
        case .whole(let data):
            XCTAssertTrue(list.entities.isEmpty && list.deletedEntryIDs.isEmpty)
            XCTAssertEqual(data, body, "a body left whole is kept whole")
            return (try ODataAtomDecoder(typeResolver: RefScenarioModel.resolver).decodeEntityList(data, entityType: type), true, held)
        case .envelope:
            throw ODataDecodingError(format: .atom, offset: 0, line: 0, column: 0, message: "an Atom reader gave a JSON envelope")
        }
    }

    /// The whole decoder's result and the reader's, for every piece size, are the same (or errors of one kind).
    private func assertSame(_ name: String, _ body: Data, type: EntityTypeDescriptor = item) -> (
        whole: Result<EntityList, any Error>, pieced: Bool
    ) {
        let whole = Result { try ODataAtomDecoder(typeResolver: RefScenarioModel.resolver).decodeEntityList(body, entityType: type) }
        var pieced = false
        for size in Self.pieceSizes + [max(body.count, 1)] {
            let label = "\(name), pieces of \(size)"
            let result = Result { try Self.read(body, size: size, type: type) }
            switch (whole, result) {
            case (.success(let expected), .success(let got)):
                XCTAssertEqual(got.list.entities, expected.entities, label)
                XCTAssertEqual(got.list.deletedEntryIDs, expected.deletedEntryIDs, label)
                XCTAssertEqual(got.list.nextLink, expected.nextLink, label)
                XCTAssertEqual(got.list.deltaLink, expected.deltaLink, label)
                XCTAssertEqual(got.list.inlineCount, expected.inlineCount, label)
                pieced = pieced || !got.whole
            case (.failure(let expected), .failure(let got)):
                XCTAssertEqual(
                    String(describing: Swift.type(of: got)), String(describing: Swift.type(of: expected)), "\(label): \(got) vs \(expected)"
                )
                if let expected = expected as? ODataDecodingError, let got = got as? ODataDecodingError {
                    // libxml2's errors name no entity in the whole decoder; the reader's own errors do in both
                    if let index = expected.entityIndex {
                        XCTAssertEqual(got.entityIndex, index, "\(label): \(got) vs \(expected)")
                        XCTAssertEqual(got.property, expected.property, label)
                    }
                    XCTAssertLessThanOrEqual(got.offset, body.count, label)
                }
            default:
                XCTFail("\(label): whole \(whole), in pieces \(result)")
            }
        }
        return (whole, pieced)
    }

    func testEveryPieceSizeGivesTheWholeDecodersEntitiesAndPagingFacts() throws {
        for (name, body) in Self.generated {
            let (whole, pieced) = assertSame(name, body)
            if name == "error document" {
                XCTAssertThrowsError(try whole.get(), name) { XCTAssertTrue($0 is ODataErrorBody, "\($0)") }
            } else {
                XCTAssertNoThrow(try whole.get(), name)
            }
            let readWhole = ["UTF-16", "ISO-8859-1", "single entry", "error document"].contains(name)
            XCTAssertEqual(pieced, !readWhole && (try? whole.get()) != nil, "\(name): read in pieces unless it is no UTF-8 feed")
        }
        XCTAssertEqual(
            try Self.read(Self.generated["delta with deleted entries"]!, size: 7).list.deletedEntryIDs, ["Items(8)", "Items(9)"])
        XCTAssertEqual(
            try Self.read(Self.generated["count and next link"]!, size: 1).list.nextLink, "http://h/svc/Items?$skiptoken=12&$top=3")
    }

    func testRecordedPayloadsGiveTheWholeDecodersResults() throws {
        for (name, body, type) in try Self.recorded() {
            _ = assertSame(name, body, type: type)
        }
    }

    func testMalformedBodiesAreErrorsOfTheWholeDecodersKind() throws {
        for (name, body) in Self.malformed {
            let (whole, _) = assertSame(name, body)
            XCTAssertThrowsError(try whole.get(), name)
        }
    }

    func testABodyCutShortIsAPrematureEndPlacedAtItsLastByte() throws {
        let body = Self.malformed["cut off"]!
        for size in Self.pieceSizes + [body.count] {
            XCTAssertThrowsError(try Self.read(body, size: size)) { error in
                guard let error = error as? ODataDecodingError else { return XCTFail("\(error)") }
                XCTAssertTrue(error.message.hasPrefix("premature end of the document"), error.message)
                XCTAssertEqual(error.offset, body.count)
            }
        }
    }

    func testTypedErrorsSayWhatIsWrongAndWhere() throws {
        let cases: [(String, String, Int?)] = [
            ("a DOCTYPE", "DOCTYPE declarations are not accepted", nil),
            ("a string ID", "", 1),
            ("a mismatched end tag mid-page", "malformed XML", nil),
            ("nesting over libxml2's limit", "malformed XML: elements nested deeper than 256 levels", 1),
            ("a NUL byte", "malformed XML: a NUL byte", nil),
        ]
        for (name, message, index) in cases {
            XCTAssertThrowsError(try Self.read(Self.malformed[name]!, size: 7), name) { error in
                guard let error = error as? ODataDecodingError else { return XCTFail("\(name): \(error)") }
                XCTAssertTrue(error.message.hasPrefix(message), "\(name): \(error.message)")
                if let index { XCTAssertEqual(error.entityIndex, index, name) }
            }
        }
    }

    func testEntriesArriveBeforeTheBodyEndsAndTheBodyIsNotKept() throws {
        let body = Data(Self.feed(Self.entries).utf8)
        var reader = AtomFeedReader(entityType: Self.item, typeResolver: nil)
        var list = EntityList(entities: [])
        try body.prefix(body.count / 2).withUnsafeBytes { try reader.read($0, into: &list) }
        XCTAssertGreaterThan(list.entities.count, 3)
        XCTAssertLessThan(list.entities.count, 12)
        XCTAssertEqual(list.entities.first?["ID"], .int32(0))
        XCTAssertEqual(reader.heldBytes, 0, "once the root is a feed, no bytes are kept")
        try body.dropFirst(body.count / 2).withUnsafeBytes { try reader.read($0, into: &list) }
        guard case .page(let end) = try reader.finishFeed() else { return XCTFail("a feed ends as a page") }
        XCTAssertEqual((list.entities + end.entities).map { $0["ID"] }, (0..<12).map { .int32(Int32($0)) })
    }

    /// A large generated feed (2,000 entries, random names) in random pieces is the whole decoder's feed.
    func testALargeFeedInRandomPiecesIsTheWholeFeed() throws {
        var generator = SystemRandomNumberGenerator()
        let names = (0..<2_000).map { _ in
            String((0..<Int.random(in: 0..<60, using: &generator)).map { _ in "ab <>&\"'é😀".randomElement()! })
        }
        let escaped = names.map {
            $0.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
                of: ">", with: "&gt;")
        }
        let body = Data(
            Self.feed("<m:count>2000</m:count>" + escaped.enumerated().map { Self.entry($0.offset, name: $0.element) }.joined()).utf8)
        let expected = try ODataAtomDecoder().decodeEntityList(body, entityType: Self.item)
        XCTAssertEqual(expected.entities.map { $0["Name"] }, names.map { .string($0) })
        var reader = AtomFeedReader(entityType: Self.item, typeResolver: nil)
        var list = EntityList(entities: [])
        var offset = 0
        while offset < body.count {
            let size = Int.random(in: 1...5_000, using: &generator)
            let piece = body[offset..<min(offset + size, body.count)]
            offset += piece.count
            try piece.withUnsafeBytes { try reader.read($0, into: &list) }
        }
        guard case .page(let end) = try reader.finishFeed() else { return XCTFail("a feed ends as a page") }
        XCTAssertEqual(list.entities + end.entities, expected.entities)
        XCTAssertEqual(end.inlineCount, 2000)
    }
}

/// Random edits of Atom feeds (bytes replaced, removed, duplicated, tags cut) read in pieces give what the whole
/// decoder gives: the same entries and facts, or an error exactly when it fails (`readsTheSameInPieces`, also
/// checked by the Atom fuzz target).
final class AtomFeedReaderEditTests: XCTestCase {
    func testRandomEditsReadTheSameInPiecesAsWhole() throws {
        var generator = SplitMix64(seed: 0x5EED_A70A)
        let sources = [
            AtomFeedReaderTests.generated["count and next link"]!, AtomFeedReaderTests.generated["delta with deleted entries"]!,
            try Payloads.data("olingo_feed_employees_full.xml"),
        ]
        let snippets = Array("<>/&;\"' =\u{0}é".utf8) + Array("</entry>".utf8)
        let decoder = ODataAtomDecoder(typeResolver: RefScenarioModel.resolver)
        var failures = 0
        for round in 0..<1_500 {
            var bytes = Array(sources[round % sources.count])
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[at] = snippets.randomElement(using: &generator)!
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(contentsOf: bytes[at..<min(at + 12, bytes.count)], at: at)
                default: bytes.removeSubrange(at..<min(at + Int.random(in: 1...40, using: &generator), bytes.count))
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "<")] }
            }
            let type = round % sources.count == 2 ? RefScenarioModel.employee : TestItem.type
            for size in [1, 7, 64] where !decoder.readsTheSameInPieces(Data(bytes), entityType: type, pieceSize: size) {
                failures += 1
                if failures <= 3 {
                    XCTFail("edit \(round), pieces of \(size): \(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
        XCTAssertEqual(failures, 0)
    }
}
