import Foundation
import OData
import ODataCurl
import XCTest

/// `CurlTransport` on its own against `HTTPFaultServer`: methods and bodies, compression, truncation,
/// cookies, redirects left to the SDK, proxies, timeouts, cancellation and bodies streamed to and from files.
final class CurlTransportTests: XCTestCase {
    private var server: HTTPFaultServer!

    override func setUp() async throws {
        server = HTTPFaultServer()
        try server.start()
    }

    override func tearDown() async throws {
        server.stop()
    }

    private func json(_ response: HTTPResponse) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    private func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("odata-curl-\(UUID().uuidString)")
    }

    func testMethodsHeadersAndBodiesArriveAsSent() async throws {
        let transport = CurlTransport(configuration: .init(proxy: .none))
        let merge = try await transport.send(
            HTTPRequest(
                method: "MERGE", url: server.url("/svc/echo"),
                headers: ["Content-Type": "application/json", "If-Match": "*", "X-Empty": ""],
                body: .data(Data(#"{"Name":"A"}"#.utf8))))
        let echoed = try json(merge)
        XCTAssertEqual(echoed["method"] as? String, "MERGE")
        XCTAssertEqual(echoed["bodySize"] as? Int, 12)
        let headers = try XCTUnwrap(echoed["headers"] as? [String: String])
        XCTAssertEqual(headers["if-match"], "*")
        XCTAssertEqual(headers["x-empty"], "")
        XCTAssertNil(headers["expect"], "no Expect: 100-continue round trip")
        let delete = try json(try await transport.send(HTTPRequest(method: "DELETE", url: server.url("/echo"))))
        XCTAssertEqual(delete["method"] as? String, "DELETE")
        XCTAssertEqual(delete["bodySize"] as? Int, 0)
        let post = try json(try await transport.send(HTTPRequest(method: "POST", url: server.url("/echo"))))
        XCTAssertNil((post["headers"] as? [String: String])?["content-type"], "no form content type invented for an empty POST")
        let head = try await transport.send(HTTPRequest(method: "HEAD", url: server.url("/echo")))
        XCTAssertEqual(head.statusCode, 200)
        XCTAssertTrue(head.body.isEmpty)
    }

    func testCompressedBodyIsDecodedAndLengthCheckedOnTheWire() async throws {
        let response = try await CurlTransport().send(HTTPRequest(method: "GET", url: server.url("/gzip")))
        XCTAssertEqual(response.headers["Content-Encoding"], "gzip")
        let object = try json(response)
        XCTAssertEqual(((object["d"] as? [String: Any])?["zipped"] as? String)?.count, 3000)
    }

    func testTruncatedBodyIsTypedTruncatedBody() async throws {
        do {
            _ = try await CurlTransport().send(HTTPRequest(method: "GET", url: server.url("/truncated")))
            XCTFail("expected a truncated body")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .truncatedBody, error.message)
            XCTAssertEqual(error.statusCode, 200)
        }
    }

    func testCookiesAreKeptAcrossRequestsOfOneTransportOnly() async throws {
        let transport = CurlTransport()
        _ = try await transport.send(HTTPRequest(method: "GET", url: server.url("/cookie/set")))
        let again = try json(try await transport.send(HTTPRequest(method: "GET", url: server.url("/cookie/check"))))
        XCTAssertEqual(again["cookie"] as? String, "session=abc")
        let other = try json(try await CurlTransport().send(HTTPRequest(method: "GET", url: server.url("/cookie/check"))))
        XCTAssertEqual(other["cookie"] as? String, "")
    }

    func testRedirectIsReturnedNotFollowed() async throws {
        let response = try await CurlTransport().send(HTTPRequest(method: "GET", url: server.url("/redirect")))
        XCTAssertEqual(response.statusCode, 302)
        XCTAssertEqual(response.headers["Location"], "/echo")
    }

    func testExplicitProxyCarriesTheRequest() async throws {
        let proxy = CurlTransport(configuration: .init(proxy: .explicit(HTTPProxy(url: server.url("/")))))
        let echoed = try json(
            try await proxy.send(HTTPRequest(method: "GET", url: try XCTUnwrap(URL(string: "http://odata.invalid/svc/echo")))))
        XCTAssertEqual(echoed["target"] as? String, "http://odata.invalid/svc/echo", "a proxy gets the absolute URL")
        let unused = try XCTUnwrap(URL(string: "http://127.0.0.1:9/"))
        let bypass = CurlTransport(configuration: .init(proxy: .explicit(HTTPProxy(url: unused), excluding: ["127.0.0.1"])))
        let direct = try json(try await bypass.send(HTTPRequest(method: "GET", url: server.url("/echo"))))
        XCTAssertEqual(direct["target"] as? String, "/echo")
    }

    func testIdleTimeoutIsTypedAndHonoursTheRequestTimeout() async throws {
        let start = Date()
        do {
            _ = try await CurlTransport(configuration: .init(requestTimeout: 0.3)).send(
                HTTPRequest(method: "GET", url: server.url("/slow")))
            XCTFail("expected a timeout")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .timeout, error.message)
            // Issue 14 item 6: which timeout, how long, and where it was set.
            XCTAssertEqual(error.timeoutInterval, 0.3)
            XCTAssertTrue(error.message.contains("idle timeout of 0.3 s (CurlTransport.Configuration.requestTimeout)"), error.message)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        let perRequest = HTTPRequest(method: "GET", url: server.url("/slow"), timeout: 0.3)
        do {
            _ = try await CurlTransport().send(perRequest)
            XCTFail("expected a timeout")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .timeout, error.message)
            XCTAssertEqual(error.timeoutInterval, 0.3)
            XCTAssertTrue(error.message.contains("idle timeout of 0.3 s (HTTPRequest.timeout)"), error.message)
        }
    }

    /// Issue 14 item 6: libcurl enforces the whole-request timeout on Linux (URLSession there does not): a
    /// body that keeps trickling in never trips the idle timeout but ends at the whole-request one, and
    /// the error names it and its length.
    func testTheWholeRequestTimeoutEndsATricklingBodyAndSaysSo() async throws {
        let start = Date()
        do {
            _ = try await CurlTransport(configuration: .init(requestTimeout: 30, resourceTimeout: 1)).send(
                HTTPRequest(method: "GET", url: server.url("/trickle")))
            XCTFail("expected a timeout")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .timeout, error.message)
            XCTAssertEqual(error.timeoutInterval, 1)
            XCTAssertTrue(
                error.message.contains("the whole-request timeout of 1 s ran out (CurlTransport.Configuration.resourceTimeout)"),
                error.message)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 3, "the body would have taken 4 s")
    }

    func testCancellingTheTaskCancelsTheTransfer() async throws {
        let transport = CurlTransport()
        let request = HTTPRequest(method: "GET", url: server.url("/slow"))
        let slow = Task { try await transport.send(request) }
        try await Task.sleep(nanoseconds: 200_000_000)
        let start = Date()
        slow.cancel()
        do {
            _ = try await slow.value
            XCTFail("expected cancellation")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .cancelled)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        let after = try await transport.send(HTTPRequest(method: "GET", url: server.url("/echo")))
        XCTAssertEqual(after.statusCode, 200, "the transport goes on after a cancellation")
    }

    func testBodiesStreamToAndFromFiles() async throws {
        let upload = temporaryFile()
        let download = temporaryFile()
        defer {
            try? FileManager.default.removeItem(at: upload)
            try? FileManager.default.removeItem(at: download)
        }
        try Data(repeating: 65, count: 3_000_000).write(to: upload)
        let transport = CurlTransport()
        let put = try await transport.send(
            HTTPRequest(method: "PUT", url: server.url("/echo"), headers: ["Content-Type": "application/octet-stream"], body: .file(upload))
        )
        XCTAssertEqual(try json(put)["bodySize"] as? Int, 3_000_000)
        let get = try await transport.send(HTTPRequest(method: "GET", url: server.url("/big?n=5000000"), responseBodyFile: download))
        XCTAssertEqual(get.bodyFile, download)
        XCTAssertTrue(get.body.isEmpty)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: download.path)[.size] as? Int, 5_000_000)
        let missing = try await transport.send(HTTPRequest(method: "GET", url: server.url("/nothing"), responseBodyFile: download))
        XCTAssertEqual(missing.statusCode, 404)
        XCTAssertEqual(String(decoding: missing.body, as: UTF8.self), "not found", "an error body stays in memory")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: download.path)[.size] as? Int, 5_000_000, "the file is untouched")
    }

    func testConcurrentRequestsShareTheTransport() async throws {
        let transport = CurlTransport(configuration: .init(maximumConnectionsPerHost: 2))
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for url in (0..<40).map({ server.url("/echo?i=\($0)") }) {
                group.addTask { try await transport.send(HTTPRequest(method: "GET", url: url)).statusCode }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        XCTAssertEqual(statuses, Array(repeating: 200, count: 40))
    }
}
