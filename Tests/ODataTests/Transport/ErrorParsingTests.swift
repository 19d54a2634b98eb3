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
        XCTAssertEqual(error.serviceError?.language, "en")
        XCTAssertEqual(
            error.serviceError?.details,
            [
                ODataErrorDetail(code: "ZX/001", message: "first", severity: "error", target: "Price"),
                ODataErrorDetail(code: "ZX/002", message: "second", severity: "warning", target: nil),
            ])
        XCTAssertTrue(error.description.contains("412"))
    }

    func testPysletJSONAndXMLErrors() {
        let json = ODataServiceError.parse(Data(#"{"error":{"code":"Bad","message":"plain text"}}"#.utf8), contentType: "application/json")
        XCTAssertEqual(json, ODataServiceError(code: "Bad", message: "plain text"))
        let xml = """
            <?xml version="1.0" encoding="utf-8"?><m:error xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">\
            <m:code>ValueError</m:code><m:message xml:lang="en-US">a &lt;b&gt; &amp; &#233;&#x21;</m:message></m:error>
            """
        let parsed = ODataServiceError.parse(Data(xml.utf8), contentType: "application/xml")
        XCTAssertEqual(parsed, ODataServiceError(code: "ValueError", message: "a <b> & é!", language: "en-US"))
        XCTAssertNil(ODataServiceError.parse(Data("<html>oops</html>".utf8), contentType: "text/html"))
        XCTAssertNil(ODataServiceError.parse(Data("{not json".utf8), contentType: "application/json"))
        XCTAssertEqual(
            ODataError.status(.make(428, url: testRoot), for: HTTPRequest(method: "PUT", url: testRoot)).kind, .preconditionRequired)
        XCTAssertEqual(ODataError.status(.make(500, url: testRoot), for: HTTPRequest(method: "GET", url: testRoot)).kind, .httpStatus)
    }

    func testSAPMessageHeader() {
        let header = #"{"code":"ZMSG/010","message":"Saved with warnings","severity":"warning","target":"","details":[{"code":"ZMSG/011","message":"Check price","severity":"info","target":"Price"}]}"#
        let messages = SAPMessage.parse(header: header)
        XCTAssertEqual(messages.count, 1)
        XCTAssertEqual(messages.first?.severity, "warning")
        XCTAssertNil(messages.first?.target)
        XCTAssertEqual(messages.first?.details.first?.target, "Price")
        XCTAssertEqual(SAPMessage.parse(header: "garbage"), [])
    }

    func testProviderURLsRefuseOtherOrigins() throws {
        let transport = MockTransport { request, _ in .make(200, url: request.url) }
        let provider = OnlineODataProvider(
            serviceName: "T", serviceRoot: URL(string: "http://127.0.0.1:9/svc")!,
            options: .init(sapClient: "100", sapLanguage: "EN"), transport: transport)
        XCTAssertEqual(provider.serviceRoot.absoluteString, "http://127.0.0.1:9/svc/")
        XCTAssertEqual(try provider.url(for: "A?$top=1").absoluteString, "http://127.0.0.1:9/svc/A?$top=1&sap-client=100&sap-language=EN")
        XCTAssertEqual(try provider.url(for: "http://127.0.0.1:9/svc/A").absoluteString, "http://127.0.0.1:9/svc/A?sap-client=100&sap-language=EN")
        for foreign in ["http://127.0.0.1:10/svc/A", "https://127.0.0.1:9/svc/A", "http://evil.example:9/svc/A"] {
            XCTAssertThrowsError(try provider.url(for: foreign)) { error in
                XCTAssertEqual((error as? ODataError)?.kind, .crossOriginNextLink)
            }
        }
        XCTAssertThrowsError(try OnlineODataProvider(serviceName: "T", serviceRoot: "ftp://x/"))
    }
}
