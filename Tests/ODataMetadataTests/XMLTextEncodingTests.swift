import Foundation
import XCTest

@testable import ODataMetadata

/// How XML payloads' encodings are recognized and transcoded to UTF-8 before libxml2 sees them.
final class XMLTextEncodingTests: XCTestCase {
    private func encoding(_ text: String) -> XMLTextEncoding {
        Array(text.utf8).withUnsafeBytes { XMLTextEncoding(of: $0) }
    }

    private func utf8(_ bytes: [UInt8]) throws -> String {
        try bytes.withUnsafeBytes { raw in try XMLTextEncoding.withUTF8(raw) { String(decoding: $0, as: UTF8.self) } }
    }

    func testDeclarationsAndByteOrderMarks() {
        XCTAssertEqual(encoding("<feed/>"), .utf8)
        XCTAssertEqual(encoding("<?xml version=\"1.0\"?><feed/>"), .utf8)
        XCTAssertEqual(encoding("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"), .utf8)
        XCTAssertEqual(encoding("<?xml version='1.0' encoding = 'us-ascii'?>"), .utf8)
        XCTAssertEqual(encoding("\u{FEFF}<?xml version='1.0' encoding='latin1'?>"), .latin1)
        XCTAssertEqual(encoding("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"), .latin1)
        XCTAssertEqual(encoding("<?xml version=\"1.0\" encoding=\"Windows-1252\"?>"), .windows1252)
        XCTAssertEqual(encoding("<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?>"), .unsupported("EBCDIC-US"))
        // Not a declaration, or an unterminated one: nothing is declared.
        XCTAssertEqual(encoding(" <?xml version=\"1.0\" encoding=\"latin1\"?>"), .utf8)
        XCTAssertEqual(encoding("<?xml version=\"1.0\"?><a encoding=\"latin1\"/>"), .utf8)
        XCTAssertEqual(encoding("<?xml version=\"1.0\" encoding=\"latin1"), .utf8)
        XCTAssertEqual(encoding("<?xml encoding=\"\"?>"), .utf8)
        XCTAssertEqual([UInt8]([0xFF, 0xFE, 0x3C, 0x00]).withUnsafeBytes { XMLTextEncoding(of: $0) }, .utf16)
    }

    func testTranscoding() throws {
        XCTAssertEqual(try utf8([0xEF, 0xBB, 0xBF] + Array("<a>☕</a>".utf8)), "<a>☕</a>")
        let latin1Declaration = Array("<?xml version='1.0' encoding='ISO-8859-1'?><a>".utf8)
        XCTAssertEqual(
            try utf8(latin1Declaration + [0x41, 0x80, 0xA0, 0xE9, 0xFF]), "<?xml version='1.0' encoding='ISO-8859-1'?><a>A\u{80}\u{A0}éÿ")
        let windowsDeclaration = Array("<?xml version='1.0' encoding='cp1252'?>".utf8)
        XCTAssertEqual(try utf8(windowsDeclaration + [0x80, 0x81, 0x9F, 0xE9]), "<?xml version='1.0' encoding='cp1252'?>€\u{81}Ÿé")
        XCTAssertEqual(try utf8([0xFE, 0xFF, 0x00, 0x3C, 0x26, 0x3A]), "<☺")
        XCTAssertThrowsError(try utf8([0xFE, 0xFF, 0xD8, 0x00])) { error in
            XCTAssertEqual(error as? XMLTextEncoding.Problem, XMLTextEncoding.Problem(message: "invalid UTF-16 text"))
        }
        // Other encodings go through iconv: KOI8-R's 0xC1 is "а" (U+0430).
        XCTAssertEqual(
            try utf8(Array("<?xml version='1.0' encoding='koi8-r'?><a>".utf8) + [0xC1]), "<?xml version='1.0' encoding='koi8-r'?><a>а")
        XCTAssertThrowsError(try utf8(Array("<?xml version='1.0' encoding='x-no-such'?><a/>".utf8))) { error in
            XCTAssertEqual(
                (error as? XMLTextEncoding.Problem)?.message.hasPrefix("the XML declaration names the character encoding \"x-no-such\""),
                true)
        }
    }
}
