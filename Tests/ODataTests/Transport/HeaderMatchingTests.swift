import Foundation
import XCTest

@testable import OData

/// The byte-level helpers on the request path (header names, media types, absolute links, the service
/// root's origin) give the answers of the string operations they replace.
final class HeaderMatchingTests: XCTestCase {
    func testHeaderNamesMatchIgnoringASCIICaseOnly() {
        XCTAssertTrue("Content-Type".caseInsensitiveEquals("content-TYPE"))
        XCTAssertTrue("x-csrf-token".caseInsensitiveEquals("X-CSRF-Token"))
        XCTAssertFalse("Content-Type".caseInsensitiveEquals("Content-Typf"))
        XCTAssertFalse("Content-Type".caseInsensitiveEquals("Content-Type "))
        // '@' (0x40) and '`' (0x60) differ only in the case bit but are not letters
        XCTAssertFalse("a@b".caseInsensitiveEquals("a`b"))
        XCTAssertFalse("[".caseInsensitiveEquals("{"))
        // outside ASCII the lowercased strings are compared
        XCTAssertTrue("X-Ünicode".caseInsensitiveEquals("x-ünicode"))
        XCTAssertFalse("X-Ünicode".caseInsensitiveEquals("x-unicode"))
        var headers = HTTPHeaders()
        headers["ETAG"] = "W/\"1\""
        XCTAssertEqual(headers["etag"], "W/\"1\"")
    }

    func testMediaTypeDropsParametersAndWhitespaceAndLowercases() {
        XCTAssertEqual(HTTPResponse.mediaType(of: "application/json"), "application/json")
        XCTAssertEqual(HTTPResponse.mediaType(of: "Application/JSON;charset=utf-8"), "application/json")
        XCTAssertEqual(HTTPResponse.mediaType(of: " \tapplication/atom+xml ; type=feed"), "application/atom+xml")
        XCTAssertEqual(HTTPResponse.mediaType(of: ""), "")
        XCTAssertEqual(HTTPResponse.mediaType(of: "TEXT/Ünicode; q=1"), "text/ünicode")
    }

    func testAbsoluteLinksAreRecognisedWhateverTheSchemesCase() {
        XCTAssertTrue(ODataRequestBuilder.isAbsolute("http://h/x"))
        XCTAssertTrue(ODataRequestBuilder.isAbsolute("HTTPS://h/x"))
        XCTAssertTrue(ODataRequestBuilder.isAbsolute("HtTp://h"))
        XCTAssertFalse(ODataRequestBuilder.isAbsolute("Customers('http://x')"))
        XCTAssertFalse(ODataRequestBuilder.isAbsolute("http:/h"))
        XCTAssertFalse(ODataRequestBuilder.isAbsolute("ftp://h/x"))
        XCTAssertFalse(ODataRequestBuilder.isAbsolute(""))
    }

    /// The middleware keeps secrets on the root's origin (by text prefix or, failing that, by parsed origin)
    /// and strips them anywhere else, including hosts and ports the root's text is a prefix of.
    func testCredentialsStayOnTheServiceRootsOriginOnly() async throws {
        let cases: [(root: String, url: String, keeps: Bool)] = [
            ("http://example.com:8080/svc/", "http://example.com:8080/svc/Customers", true),
            ("http://example.com:8080/svc/", "http://example.com:8080/other", true),
            ("http://Example.COM:8080/svc/", "http://example.com:8080/svc/x", true),
            ("http://example.com/svc/", "http://example.com:80/svc/x", true),
            ("http://example.com:8080/svc/", "http://example.com:80801/x", false),
            ("http://example.com:8080/svc/", "https://example.com:8080/svc/x", false),
            ("http://example.com:8080/svc/", "http://example.com.evil.net:8080/svc/x", false),
            ("http://example.com", "http://example.com.evil.net/x", false),
            ("http://example.com", "http://example.com/x", true),
        ]
        for (root, url, keeps) in cases {
            let middleware = RedirectMiddleware(policy: RedirectPolicy(), serviceRoot: URL(string: root)!)
            let request = HTTPRequest(method: "GET", url: URL(string: url)!, headers: ["Authorization": "Basic c2VjcmV0"])
            let sent = Box()
            _ = try await middleware.intercept(request) { request in
                sent.value = request.headers["Authorization"] ?? "(none)"
                return HTTPResponse(statusCode: 200, url: request.url)
            }
            XCTAssertEqual(sent.value, keeps ? "Basic c2VjcmV0" : "(none)", "root \(root), request \(url)")
        }
    }
}
