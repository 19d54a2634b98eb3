import Foundation
import ODataMetadata
import XCTest

@testable import OData

/// The `$metadata` parser, the Atom reader and the XML error-document reader run on one hardened libxml2
/// set-up (`HardenedXMLParser`): the same hostile documents are refused by each with its typed error, and an
/// encoding declaration means the same in each.
final class SharedXMLHardeningTests: XCTestCase {
    private let atom = ODataAtomDecoder(typeResolver: RefScenarioModel.resolver)
    private static let edmxOpen =
        #"<edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"><edmx:DataServices>"#
        + #"<Schema Namespace="Test" xmlns="http://schemas.microsoft.com/ado/2008/09/edm" "#
        + #"xmlns:sap="http://www.sap.com/Protocols/SAPData">"#
    private static let edmxClose = "</Schema></edmx:DataServices></edmx:Edmx>"

    /// The same hostile prolog in front of a `$metadata` document, an Atom entry and an error document.
    private struct Documents {
        let metadata: Data
        let atom: Data
        let error: Data

        init(prolog: String, text: String) {
            metadata = Data(
                (prolog + SharedXMLHardeningTests.edmxOpen + #"<EntityType Name="T" sap:label="\#(text)"/>"#
                    + SharedXMLHardeningTests.edmxClose).utf8)
            atom = Data(
                (prolog + "<entry \(AtomDecoderTests.namespaces)><m:properties><d:Name>\(text)</d:Name></m:properties></entry>").utf8)
            error = Data(
                (prolog + #"<error xmlns="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">"#
                    + "<code>C</code><message>\(text)</message></error>").utf8)
        }
    }

    private func assertRefusedEverywhere(_ documents: Documents, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try MetadataParser.parse(documents.metadata), file: file, line: line) { error in
            XCTAssertEqual((error as? MetadataError)?.kind, .doctypeRefused, "\(error)", file: file, line: line)
        }
        XCTAssertThrowsError(try atom.decodeEntity(documents.atom, entityType: RefScenarioModel.room), file: file, line: line) {
            XCTAssertEqual(($0 as? ODataDecodingError)?.message, "DOCTYPE declarations are not accepted", file: file, line: line)
        }
        XCTAssertNil(ODataErrorBody.parseXML(documents.error), file: file, line: line)
    }

    func testExternalFileEntityIsRefusedByEveryReader() throws {
        let secret = "TOP-SECRET-\(UUID().uuidString)"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xxe-\(UUID().uuidString).txt")
        try secret.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let documents = Documents(
            prolog: #"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file://\#(file.path)">]>"#, text: "&xxe;")
        assertRefusedEverywhere(documents)
        do {
            _ = try atom.decodeEntity(documents.atom, entityType: RefScenarioModel.room)
        } catch {
            XCTAssertFalse("\(error)".contains(secret))
        }
    }

    func testBillionLaughsIsRefusedByEveryReader() {
        var entities = #"<!ENTITY lol0 "lol">"#
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        assertRefusedEverywhere(Documents(prolog: "<?xml version=\"1.0\"?><!DOCTYPE lolz [\(entities)]>", text: "&lol9;"))
    }

    func testNetworkDTDAndEntitiesAreNeverFetchedByAnyReader() throws {
        let server = try FaultServer { _ in .json("{}") }
        defer { server.stop() }
        let url = server.root.appendingPathComponent("evil").absoluteString
        assertRefusedEverywhere(Documents(prolog: #"<!DOCTYPE x SYSTEM "\#(url).dtd">"#, text: "x"))
        assertRefusedEverywhere(Documents(prolog: #"<!DOCTYPE x PUBLIC "-//X//EN" "\#(url).dtd">"#, text: "x"))
        assertRefusedEverywhere(Documents(prolog: #"<!DOCTYPE x [<!ENTITY e SYSTEM "\#(url)">]>"#, text: "&e;"))
        assertRefusedEverywhere(Documents(prolog: #"<!DOCTYPE x [<!ENTITY % p SYSTEM "\#(url)"> %p;]>"#, text: "x"))
        XCTAssertEqual(server.requests.count, 0, "a reader fetched \(url)")
    }

    /// Single-byte text whose declaration names `encoding`.
    private func singleByte(_ documents: (String) -> Data, encoding: String) -> Data {
        let text = String(decoding: documents("M\u{FC}ller \u{80}"), as: UTF8.self)
        return Data(("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>" + text).unicodeScalars.map { UInt8($0.value) })
    }

    func testEncodingDeclarationsMeanTheSameInEveryReader() throws {
        let metadata = { (text: String) in Documents(prolog: "", text: text).metadata }
        let entry = { (text: String) in Documents(prolog: "", text: text).atom }
        let errorBody = { (text: String) in Documents(prolog: "", text: text).error }
        for (encoding, expected) in [("ISO-8859-1", "Müller \u{80}"), ("windows-1252", "Müller €"), ("utf-8", nil)] {
            let decoded = expected ?? "M\u{FC}ller \u{80}"
            let bytes = { (make: (String) -> Data) -> Data in
                expected == nil
                    ? Data("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>".utf8) + make("M\u{FC}ller \u{80}")
                    : self.singleByte(make, encoding: encoding)
            }
            XCTAssertEqual(try MetadataParser.parse(bytes(metadata)).entityType(named: "Test.T")?.annotations.label, decoded, encoding)
            XCTAssertEqual(try atom.decodeEntity(bytes(entry), entityType: RefScenarioModel.room)["Name"], .string(decoded), encoding)
            XCTAssertEqual(ODataErrorBody.parseXML(bytes(errorBody))?.message, decoded, encoding)
        }
        // UTF-16 with a byte-order mark is transcoded by all three.
        let utf16 = { (make: (String) -> Data) -> Data in
            Data([0xFF, 0xFE]) + String(decoding: make("Grüße"), as: UTF8.self).data(using: .utf16LittleEndian)!
        }
        XCTAssertEqual(try MetadataParser.parse(utf16(metadata)).entityType(named: "Test.T")?.annotations.label, "Grüße")
        XCTAssertEqual(try atom.decodeEntity(utf16(entry), entityType: RefScenarioModel.room)["Name"], .string("Grüße"))
        XCTAssertEqual(ODataErrorBody.parseXML(utf16(errorBody))?.message, "Grüße")
        // Any other encoding iconv knows is transcoded by all three (issue #31: a plain-ASCII document that declares
        // iso-8859-2 or Shift_JIS is read) ...
        let shiftJIS = { (make: (String) -> Data) -> Data in
            Data("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>".utf8) + make("x")
        }
        XCTAssertEqual(try MetadataParser.parse(shiftJIS(metadata)).entityType(named: "Test.T")?.annotations.label, "x")
        XCTAssertEqual(try atom.decodeEntity(shiftJIS(entry), entityType: RefScenarioModel.room)["Name"], .string("x"))
        XCTAssertEqual(ODataErrorBody.parseXML(shiftJIS(errorBody))?.message, "x")
        // ... and an encoding nobody knows is refused by name, with each reader's typed error (and no error body).
        let unknown = { (make: (String) -> Data) -> Data in
            Data("<?xml version=\"1.0\" encoding=\"x-no-such-encoding\"?>".utf8) + make("x")
        }
        XCTAssertThrowsError(try MetadataParser.parse(unknown(metadata))) { error in
            XCTAssertEqual((error as? MetadataError)?.kind, .malformedXML)
            XCTAssertTrue((error as? MetadataError)?.message.contains("x-no-such-encoding") == true, "\(error)")
        }
        XCTAssertThrowsError(try atom.decodeEntity(unknown(entry), entityType: RefScenarioModel.room)) { error in
            XCTAssertTrue((error as? ODataDecodingError)?.message.contains("x-no-such-encoding") == true, "\(error)")
        }
        XCTAssertNil(ODataErrorBody.parseXML(unknown(errorBody)))
    }

    func testTextAfterANulByteIsAnErrorInEveryReader() {
        let documents = Documents(prolog: "", text: "x")
        XCTAssertThrowsError(try MetadataParser.parse(documents.metadata + Data([0]) + Data("<x/>".utf8))) { error in
            XCTAssertEqual((error as? MetadataError)?.kind, .malformedXML, "\(error)")
        }
        XCTAssertThrowsError(
            try atom.decodeEntity(documents.atom + Data([0]) + Data("<x/>".utf8), entityType: RefScenarioModel.room)
        ) { error in
            XCTAssertTrue((error as? ODataDecodingError)?.message.hasPrefix("malformed XML") == true, "\(error)")
        }
        XCTAssertNil(ODataErrorBody.parseXML(documents.error + Data([0]) + Data("<x/>".utf8)))
    }
}
