import Foundation
import XCTest

@testable import OData

/// The media type and body length read from a response's headers (every response reads them, so their
/// ASCII fast paths must answer as the general ones do), and which page bodies a collecting
/// `ResponseBodyStream` leaves to the transport to read whole.
final class ResponseHeaderParsingTests: XCTestCase {
    /// The media type as `mediaType(of:)` defined it before its ASCII fast path.
    private func general(_ contentType: String) -> String {
        let bare = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? contentType
        return bare.trimmingCharacters(in: .whitespaces).lowercased()
    }

    func testMediaTypeMatchesTheGeneralDefinition() {
        let values = [
            "application/json", "Application/JSON; charset=utf-8", "  text/Plain\t;q=1", ";charset=utf-8", "", " ", ";", "a;b;c",
            "TEXT/HTML", "tëxt/Plain; x", "\u{00A0}application/json", "application/atom+xml;type=feed", "\tmultipart/mixed; boundary=x",
        ]
        for value in values {
            XCTAssertEqual(HTTPResponse.mediaType(of: value), general(value), value.debugDescription)
        }
        XCTAssertEqual(HTTPResponse.mediaType(of: "Application/JSON; charset=utf-8"), "application/json")
    }

    func testContentLength() {
        XCTAssertEqual(HTTPHeaders(dictionaryLiteral: ("Content-Length", "1234")).contentLength, 1234)
        XCTAssertEqual(HTTPHeaders(dictionaryLiteral: ("content-length", " 12\t")).contentLength, 12)
        XCTAssertNil(HTTPHeaders(dictionaryLiteral: ("Content-Length", "12 x")).contentLength)
        XCTAssertNil(HTTPHeaders(dictionaryLiteral: ("Content-Length", " ")).contentLength)
        XCTAssertNil(HTTPHeaders().contentLength)
    }

    func testACollectingStreamLeavesOnlySmallBodiesOfKnownLengthToTheTransport() {
        let threshold = 256 << 10
        func small(_ fields: (String, String)...) -> Bool {
            var headers = HTTPHeaders()
            for (name, value) in fields { headers.add(name, value) }
            return ResponseBodyStream.isSmall(headers, below: threshold)
        }
        XCTAssertTrue(small(("Content-Length", "67127")))
        XCTAssertTrue(small(("Content-Length", String(threshold - 1))))
        XCTAssertFalse(small(("Content-Length", String(threshold))))
        XCTAssertFalse(small(), "no Content-Length (chunked): streamed")
        XCTAssertFalse(small(("Content-Length", "many")), "an unreadable length: streamed")
        XCTAssertTrue(small(("Content-Length", "1000"), ("Content-Encoding", "identity")))
        // a compressed body counts 4 times its length
        XCTAssertTrue(small(("Content-Length", String(threshold / 4 - 1)), ("Content-Encoding", "gzip")))
        XCTAssertFalse(small(("Content-Length", String(threshold / 4)), ("Content-Encoding", "GZIP")))

        let url = URL(string: "http://example.com/svc/Items")!
        let request = HTTPRequest(method: "GET", url: url)
        let json: HTTPHeaders = ["Content-Type": "application/json", "Content-Length": "100"]
        XCTAssertFalse(ResponseBodyStream(for: url, wholeBelow: threshold).begin(request, statusCode: 200, headers: json))
        XCTAssertTrue(ResponseBodyStream(for: url).begin(request, statusCode: 200, headers: json), "an iteration streams every page")
        let chunked: HTTPHeaders = ["Content-Type": "application/json"]
        XCTAssertTrue(ResponseBodyStream(for: url, wholeBelow: threshold).begin(request, statusCode: 200, headers: chunked))
    }

    /// A page stream takes the content types of the provider's format only: Atom's for an Atom provider.
    func testAPageStreamTakesItsFormatsContentTypes() {
        let url = URL(string: "http://example.com/svc/Items")!
        let request = HTTPRequest(method: "GET", url: url)
        func begins(_ format: PayloadFormat, _ type: String) -> Bool {
            let codec = format.codec()
            return ResponseBodyStream(for: url, accepts: { codec.accepts(mediaType: $0) })
                .begin(request, statusCode: 200, headers: ["Content-Type": type])
        }
        XCTAssertTrue(begins(.atom, "application/atom+xml;type=feed;charset=utf-8"))
        XCTAssertTrue(begins(.atom, "Application/XML"))
        XCTAssertFalse(begins(.atom, "application/json"))
        XCTAssertTrue(begins(.json, "application/json;odata=verbose"))
        XCTAssertFalse(begins(.json, "application/atom+xml"))
        XCTAssertFalse(ResponseBodyStream(for: url).begin(request, statusCode: 200, headers: ["Content-Type": "application/xml"]))
    }
}
