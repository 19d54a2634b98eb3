import Foundation
import XCTest

@testable import OData

/// OData error bodies in JSON and XML, SAP's shape included, and bodies of unknown shape.
final class ODataErrorBodyTests: XCTestCase {
    func testSAPJSONErrorWithDetails() {
        let text = """
            {"error":{"code":"/IWBEP/CM_MGW_RT/020","message":{"lang":"en","value":"Resource not found for segment 'Products'."},
            "innererror":{"application":{"component_id":"","service_namespace":"/SAP/"},"transactionid":"5B4C1E2F",
            "timestamp":"20240102030405.1234567","Error_Resolution":{"SAP_Transaction":"Run transaction /IWFND/ERROR_LOG"},
            "errordetails":[{"code":"/IWBEP/CX_MGW_BUSI_EXCEPTION","message":"Resource not found","propertyref":"",
            "severity":"error","target":"ProductID"},{"code":"W1","message":"careful","severity":"warning","target":""}]}}}
            """
        let body = ODataErrorBody.parse(Data(text.utf8), contentType: "application/json; charset=utf-8")
        XCTAssertTrue(body.isRecognized)
        XCTAssertEqual(body.code, "/IWBEP/CM_MGW_RT/020")
        XCTAssertEqual(body.message, "Resource not found for segment 'Products'.")
        XCTAssertEqual(body.language, "en")
        XCTAssertNil(body.target)
        XCTAssertEqual(
            body.details,
            [
                ODataErrorDetail(
                    code: "/IWBEP/CX_MGW_BUSI_EXCEPTION", message: "Resource not found", target: "ProductID", severity: "error"),
                ODataErrorDetail(code: "W1", message: "careful", target: "", severity: "warning"),
            ])
        XCTAssertEqual(body.innerError, ["transactionid": "5B4C1E2F", "timestamp": "20240102030405.1234567"])
        XCTAssertEqual(body.rawBody, Data(text.utf8))
        XCTAssertTrue(body.description.contains("careful"))
    }

    func testPlainMessageAndV4StyleDetails() {
        let text = #"{"error":{"code":"400","message":"Bad request","target":"Price","details":[{"code":"x","message":"y","target":"z"}]}}"#
        let body = ODataErrorBody.parse(Data(text.utf8), contentType: nil)
        XCTAssertEqual(
            body,
            ODataErrorBody(
                code: "400", message: "Bad request", target: "Price", details: [ODataErrorDetail(code: "x", message: "y", target: "z")],
                rawBody: Data(text.utf8)))
    }

    func testXMLErrorWithDetails() {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <error xmlns="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
              <code>SY/530</code>
              <message xml:lang="de">Fehler &amp; mehr</message>
              <innererror>
                <transactionid>ABC</transactionid>
                <errordetails>
                  <errordetail><code>C1</code><message>M1</message><propertyref/><severity>error</severity><target>T1</target></errordetail>
                  <errordetail><code>C2</code><message>M2</message><severity>info</severity><target/></errordetail>
                </errordetails>
              </innererror>
            </error>
            """
        let body = ODataErrorBody.parse(Data(text.utf8), contentType: "application/xml")
        XCTAssertTrue(body.isRecognized)
        XCTAssertEqual(body.code, "SY/530")
        XCTAssertEqual(body.message, "Fehler & mehr")
        XCTAssertEqual(body.language, "de")
        XCTAssertEqual(body.innerError, ["transactionid": "ABC"])
        XCTAssertEqual(
            body.details,
            [
                ODataErrorDetail(code: "C1", message: "M1", target: "T1", severity: "error"),
                ODataErrorDetail(code: "C2", message: "M2", target: "", severity: "info"),
            ])
    }

    func testUnknownShapesAreKeptNotThrown() {
        for (text, type) in [
            ("<html><body>Gateway Timeout</body></html>", "text/html"), ("{\"message\":\"x\"}", "application/json"),
            ("plain failure", "text/plain"), ("{broken", nil), ("<error><code>1</code>", "application/xml"),
            ("<!DOCTYPE error [<!ENTITY x \"y\">]><error><code>&x;</code></error>", "application/xml"),
        ] as [(String, String?)] {
            let body = ODataErrorBody.parse(Data(text.utf8), contentType: type)
            XCTAssertFalse(body.isRecognized, text)
            XCTAssertEqual(body.rawBody, Data(text.utf8))
            XCTAssertEqual(body.message, text)
        }
        XCTAssertNil(ODataErrorBody.parse(Data(), contentType: nil).message)
    }
}

extension ODataErrorBodyTests {
    func testXMLErrorBodyInLatin1() {
        let body =
            Array(
                "<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><error xmlns=\"http://schemas.microsoft.com/ado/2007/08/dataservices/metadata\"><code>X</code><message xml:lang=\"de\">Ung"
                    .utf8)
            + [0xFC] + Array("ltig</message></error>".utf8)
        XCTAssertEqual(ODataErrorBody.parseXML(Data(body))?.message, "Ungültig")
        XCTAssertEqual(ODataErrorBody.parseXML(Data(body))?.language, "de")
    }
}
