import Foundation
import XCTest

@testable import ODataMetadata

/// Other encodings than UTF-8, and several parses at once.
final class EncodingAndConcurrencyTests: XCTestCase {
    func testUTF16DocumentParsesLikeUTF8() throws {
        let text = try String(contentsOf: Fixtures.url("ESPM.xml"), encoding: .utf8)
            .replacingOccurrences(of: "encoding=\"utf-8\"", with: "encoding=\"utf-16\"")
        let utf16 = try XCTUnwrap(text.data(using: .utf16))
        let fromUTF16 = try MetadataParser.parse(utf16)
        let fromUTF8 = try Fixtures.corpus("ESPM.xml")
        XCTAssertTrue(fromUTF16.entityTypes == fromUTF8.entityTypes)
        XCTAssertEqual(fromUTF16.defaultContainer?.functionImports.map(\.name), fromUTF8.defaultContainer?.functionImports.map(\.name))
    }

    func testLatin1DocumentIsDecoded() throws {
        let text = Fixtures.edmx(
            #"<EntityType Name="T" sap:label="Größe"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/></EntityType>"#
        )
        .replacingOccurrences(of: "encoding=\"utf-8\"", with: "encoding=\"ISO-8859-1\"")
        let latin1 = try XCTUnwrap(text.data(using: .isoLatin1))
        XCTAssertEqual(try MetadataParser.parse(latin1).entityType(named: "Test.T")?.annotations.label, "Größe")
    }

    /// An escaped `&` in an attribute value reads as `&` (libxml2 without entity substitution hands `&amp;` and
    /// `&#38;` on as the text `&#38;`), and a literal `&#38;`, written `&amp;#38;`, as written.
    func testAmpersandsInAttributeValuesReadAsAmpersands() throws {
        let text = Fixtures.edmx(
            #"<EntityType Name="T" sap:label="Terms &amp; Conditions &#38; more &amp;#38;"><Key><PropertyRef Name="K"/></Key>"#
                + #"<Property Name="K" Type="Edm.Int32" Nullable="false" sap:label="a&amp;b"/></EntityType>"#
        )
        let type = try XCTUnwrap(try MetadataParser.parse(Data(text.utf8)).entityType(named: "Test.T"))
        XCTAssertEqual(type.annotations.label, "Terms & Conditions & more &#38;")
        XCTAssertEqual(type.properties.first?.annotations.label, "a&b")
    }

    func testInvalidUTF8IsAnErrorNotACrash() {
        var bytes = Array(Fixtures.edmx(#"<EntityType Name="T"/>"#).utf8)
        if let index = bytes.firstIndex(of: UInt8(ascii: "T")) { bytes[index] = 0xFF }
        XCTAssertThrowsError(try MetadataParser.parse(bytes)) { error in
            XCTAssertEqual((error as? MetadataError)?.kind, .malformedXML)
        }
    }

    func testConcurrentParsesGiveEqualModels() throws {
        let data = try Data(contentsOf: Fixtures.url("API_SALES_ORDER_SRV.xml"))
        let reference = try MetadataParser.parse(data)
        let results = ConcurrentResults(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            results.set(index, (try? MetadataParser.parse(data)) == reference)
        }
        XCTAssertEqual(results.values, Array(repeating: true, count: 8))
    }
}

/// Collects one result per concurrent iteration.
final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Bool]

    init(count: Int) { storage = Array(repeating: false, count: count) }

    func set(_ index: Int, _ value: Bool) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [Bool] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
