import Foundation
import XCTest

@testable import OData

/// `URLEncoding` is the runtime's one percent-encoder: URL literals, paths and `Slug` header values.
final class PercentEncodingTests: XCTestCase {
    func testLiteralsPathsAndSlugsShareOneEscaper() {
        XCTAssertEqual(URLEncoding.encodeLiteral("a b/c&$ä"), "a%20b%2Fc%26$%C3%A4")
        XCTAssertEqual(URLEncoding.encodePath("Address/City ä"), "Address/City%20%C3%A4")
        // RFC 5023: printable ASCII stays (space, `/`, `&` and `$` included); `%`, controls and non-ASCII are escaped.
        XCTAssertEqual(URLEncoding.encodeSlug("100% ä\t/&$~"), "100%25 %C3%A4%09/&$~")
        XCTAssertEqual(URLEncoding.encodeSlug("plain.png"), "plain.png")
    }
}
