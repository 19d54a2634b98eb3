import Foundation
import XCTest

@testable import OData

/// Issue 14 item 6: a body cut short is `.truncatedBody` with the bytes expected and received; a
/// timeout says which timeout and how long; messages cap URLs and bodies.
final class TransportErrorTests: XCTestCase {
    func testABodyCutShortIsTruncatedWithExpectedAndReceivedBytes() async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
        let server = try FaultServer { _ in .raw(Data(head.utf8) + Data(repeating: 0x20, count: 100)) }
        defer { server.stop() }
        do {
            _ = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: server.root))
            XCTFail("a truncated body was accepted")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .truncatedBody)
            XCTAssertEqual(error.expectedBytes, 1000)
            XCTAssertEqual(error.receivedBytes, 100)
            XCTAssertEqual(error.missingBytes, 900)
            XCTAssertTrue(error.message.contains("body ended after 100 of 1000 bytes"), error.message)
        }
    }

    func testATimeoutSaysWhichTimeoutAndHowLong() async throws {
        let server = try FaultServer { _ in .hang(3) }
        defer { server.stop() }
        do {
            _ = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: server.root, timeout: 1))
            XCTFail("no timeout")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .timeout)
            XCTAssertEqual(error.timeoutInterval, 1)
            XCTAssertTrue(error.message.contains("idle timeout of 1 s (HTTPRequest.timeout)"), error.message)
            XCTAssertFalse(error.message.contains("-1001"), error.message)
        }
    }

    func testMessagesCapTheURLButKeepItWhole() {
        let filter = String(repeating: "Name eq 'x' or ", count: 26_000)
        let url = URL(
            string: "http://127.0.0.1:9/svc/Customers?$filter=" + filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)!
        XCTAssertGreaterThan(url.absoluteString.count, 380_000)
        let request = HTTPRequest(method: "GET", url: url)
        let error = ODataError.status(
            HTTPResponse(statusCode: 414, body: Data(String(repeating: "x", count: 100_000).utf8), url: url), for: request)
        XCTAssertLessThan(error.message.count, 1_200)
        XCTAssertTrue(error.message.contains("characters)"), error.message)
        XCTAssertEqual(error.url, url)
        XCTAssertLessThan(error.description.count, 1_500)
    }
}
