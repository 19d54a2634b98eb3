import Foundation
import XCTest

@testable import OData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 30 item 5: `ODataError` is one reference to its details, copied on a change, and the facts only some
/// kinds have are stored only when set.
final class ODataErrorStorageTests: XCTestCase {
    func testAnErrorIsOneWord() {
        print("MemoryLayout<ODataError>.size = \(MemoryLayout<ODataError>.size)")
        XCTAssertEqual(MemoryLayout<ODataError>.size, MemoryLayout<Int>.size)
    }

    func testEveryFieldReadsWhatWasSetAndCopiesKeepTheirs() {
        let url = URL(string: "http://127.0.0.1/svc/Items")!
        var error = ODataError(
            .truncatedBody, "short", method: "GET", url: url, statusCode: 200, responseHeaders: ["ETag": "W/\"1\""],
            serviceError: ODataErrorBody(code: "C", message: "m"), responseBody: Data("abc".utf8),
            underlyingError: URLError(.networkConnectionLost), position: 7)
        let copy = error
        error.expectedBytes = 100
        error.receivedBytes = 10
        error.missingBytes = 90
        error.timeoutInterval = 2.5
        error.bodyExcerpt = "…abc…"
        error.contentID = "1"
        error.position = 8
        error.statusCode = 201
        error.method = "POST"

        XCTAssertEqual(error.kind, .truncatedBody)
        XCTAssertEqual(error.message, "short")
        XCTAssertEqual(error.method, "POST")
        XCTAssertEqual(error.url, url)
        XCTAssertEqual(error.statusCode, 201)
        XCTAssertEqual(error.responseHeaders["ETag"], "W/\"1\"")
        XCTAssertEqual(error.serviceError?.code, "C")
        XCTAssertEqual(error.responseBody, Data("abc".utf8))
        XCTAssertEqual((error.underlyingError as? URLError)?.code, .networkConnectionLost)
        XCTAssertEqual(error.position, 8)
        XCTAssertEqual(error.expectedBytes, 100)
        XCTAssertEqual(error.receivedBytes, 10)
        XCTAssertEqual(error.missingBytes, 90)
        XCTAssertEqual(error.timeoutInterval, 2.5)
        XCTAssertEqual(error.bodyExcerpt, "…abc…")
        XCTAssertEqual(error.contentID, "1")

        // the copy made before the changes still says what it said
        XCTAssertEqual(copy.method, "GET")
        XCTAssertEqual(copy.statusCode, 200)
        XCTAssertEqual(copy.position, 7)
        XCTAssertNil(copy.expectedBytes)
        XCTAssertNil(copy.contentID)

        error.position = nil
        error.contentID = nil
        XCTAssertNil(error.position)
        XCTAssertNil(error.contentID)
        XCTAssertEqual(error.expectedBytes, 100, "removing one fact keeps the others")
    }

    func testAnErrorWithoutAResponseHoldsNone() {
        var error = ODataError(.invalidValue, "not a number")
        XCTAssertNil(error.statusCode)
        XCTAssertTrue(error.responseHeaders.fields.isEmpty)
        XCTAssertNil(error.serviceError)
        XCTAssertNil(error.responseBody)
        XCTAssertNil(error.position)
        XCTAssertNil(error.timeoutInterval)
        XCTAssertEqual("\(error)", "ODataError.invalidValue: not a number")
        error.responseHeaders["Retry-After"] = "1"
        XCTAssertEqual(error.responseHeaders["Retry-After"], "1", "a header set later creates the response context")
        XCTAssertNil(error.statusCode)
    }

    func testTheBodyIsCappedAt64KBWhenSetAndWhenChanged() {
        let big = Data(repeating: 0x61, count: 100_000)
        var error = ODataError(.httpStatus, "big", statusCode: 500, responseBody: big)
        XCTAssertEqual(error.responseBody?.count, 65_536)
        error.responseBody = big
        XCTAssertEqual(error.responseBody?.count, 65_536)
        XCTAssertEqual(error.statusCode, 500)
    }
}
