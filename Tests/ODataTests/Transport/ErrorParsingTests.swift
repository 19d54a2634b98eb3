import ODataTestSupport
import XCTest

@testable import OData

final class ErrorParsingTests: XCTestCase {
    func testSAPEnvelopeWithDetails() throws {
        let body = """
            {"error":{"code":"/IWBEP/CX_MGW_BUSI_EXCEPTION","message":{"lang":"en","value":"Changed by another user"},
             "innererror":{"errordetails":[{"code":"ZX/001","message":"first","propertyref":"","severity":"error","target":"Price"},
             {"code":"ZX/002","message":"second","severity":"warning","target":""}]}}}
            """
        let response = HTTPResponse.make(412, ["Content-Type": "application/json;charset=utf-8"], body: body, url: testRoot)
        let error = ODataError.status(response, for: HTTPRequest(method: "MERGE", url: testRoot))
        XCTAssertEqual(error.kind, .preconditionFailed)
        XCTAssertEqual(error.statusCode, 412)
        XCTAssertEqual(error.serviceError?.code, "/IWBEP/CX_MGW_BUSI_EXCEPTION")
        XCTAssertEqual(error.serviceError?.message, "Changed by another user")
        XCTAssertEqual(error.serviceError?.details.map(\.target), ["Price", ""])
        XCTAssertEqual(error.serviceError?.details.map(\.severity), ["error", "warning"])
        XCTAssertTrue(error.description.contains("412"))
    }

    func testStatusKindsAndUnrecognizedBodies() {
        let html = ODataError.status(
            .make(502, ["Content-Type": "text/html"], body: "<html>proxy</html>", url: testRoot),
            for: HTTPRequest(method: "GET", url: testRoot))
        XCTAssertEqual(html.kind, .httpStatus)
        XCTAssertNil(html.serviceError)
        XCTAssertEqual(html.responseBody.map { String(decoding: $0, as: UTF8.self) }, "<html>proxy</html>")
        XCTAssertEqual(
            ODataError.status(.make(428, url: testRoot), for: HTTPRequest(method: "PUT", url: testRoot)).kind, .preconditionRequired)
        XCTAssertEqual(ODataError.status(.make(500, url: testRoot), for: HTTPRequest(method: "GET", url: testRoot)).kind, .httpStatus)
        let tunnelled = HTTPRequest(method: "POST", url: testRoot, headers: ["X-HTTP-Method": "merge"])
        XCTAssertEqual(ODataError.status(.make(412, url: testRoot), for: tunnelled).method, "MERGE")
    }

    func testSAPMessageHeader() {
        let header =
            #"{"code":"ZMSG/010","message":"Saved with warnings","severity":"warning","target":"","details":[{"code":"ZMSG/011","message":"Check price","severity":"info","target":"Price"}]}"#
        let messages = SAPMessage.parse(header: header)
        XCTAssertEqual(messages.count, 1)
        XCTAssertEqual(messages.first?.severity, "warning")
        XCTAssertNil(messages.first?.target)
        XCTAssertEqual(messages.first?.details.first?.target, "Price")
        XCTAssertEqual(SAPMessage.parse(header: "garbage"), [])
        // A list, and numbers given as numbers (read by the one JSON scanner, as sent).
        let list = SAPMessage.parse(header: #"[{"code":42,"message":"A"},{"message":"B","details":[{"code":"C","message":7}]},{"x":1}]"#)
        XCTAssertEqual(list.map(\.code), ["42", ""])
        XCTAssertEqual(list.last?.details, [SAPMessage(code: "C", message: "7")])
    }

    func testProviderURLsRefuseOtherOrigins() throws {
        let transport = MockTransport { request, _ in .make(200, url: request.url) }
        let provider = OnlineODataProvider(
            serviceName: "T", serviceRoot: URL(string: "http://127.0.0.1:9/svc")!,
            options: .init(sapClient: "100", sapLanguage: "EN"), transport: transport)
        XCTAssertEqual(provider.serviceRoot.absoluteString, "http://127.0.0.1:9/svc/")
        XCTAssertEqual(try provider.url(for: "A?$top=1").absoluteString, "http://127.0.0.1:9/svc/A?$top=1&sap-client=100&sap-language=EN")
        XCTAssertEqual(
            try provider.url(for: "http://127.0.0.1:9/svc/A").absoluteString, "http://127.0.0.1:9/svc/A?sap-client=100&sap-language=EN")
        for foreign in ["http://127.0.0.1:10/svc/A", "https://127.0.0.1:9/svc/A", "http://evil.example:9/svc/A"] {
            XCTAssertThrowsError(try provider.url(for: foreign)) { error in
                XCTAssertEqual((error as? ODataError)?.kind, .crossOriginNextLink)
            }
        }
        XCTAssertThrowsError(try OnlineODataProvider(serviceName: "T", serviceRoot: "ftp://x/"))
    }
}
