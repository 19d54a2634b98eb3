import Foundation
import XCTest

@testable import OData

/// Issue 14 item 5: a header value holding CR, LF or NUL is a typed error at the call naming the
/// header; nothing is sent.
final class HeaderValidationTests: XCTestCase {
    func testControlCharactersInHeadersAreTypedErrorsNamingTheHeader() async throws {
        let server = try FaultServer { _ in .json("{\"d\":{}}") }
        defer { server.stop() }
        let cases: [(HTTPHeaders, HTTPHeaders, String, String)] = [
            (["X-Trace": "a\r\nInjected: 1"], [:], "X-Trace", "carriage return"),
            (["X-Trace": "a\nb"], [:], "X-Trace", "line feed"),
            ([:], ["X-Default": "a\u{0}b"], "X-Default", "NUL"),
        ]
        for (perCall, defaults, name, what) in cases {
            let provider = OnlineODataProvider(
                serviceName: "S", serviceRoot: server.root, options: .init(defaultHeaders: defaults, handlesCSRF: false))
            do {
                _ = try await provider.execute(HTTPRequest(method: "GET", url: server.root, headers: perCall))
                XCTFail("sent a header with a control character")
            } catch {
                XCTAssertEqual(error.kind, .invalidHeader)
                XCTAssertTrue(error.message.contains(name), error.message)
                XCTAssertTrue(error.message.contains(what), error.message)
            }
        }
        XCTAssertEqual(server.requests.count, 0)
    }
}
