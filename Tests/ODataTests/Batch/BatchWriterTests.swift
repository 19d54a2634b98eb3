import XCTest

@testable import OData

final class BatchWriterTests: XCTestCase {
    func testWritesQueriesAndChangesetsWithContentIDs() throws {
        let changeSet = ChangeSet()
        let first = changeSet.add(
            BatchPartRequest(
                method: "POST", url: "Customers", headers: ["Content-Type": "application/json"], body: Data(#"{"A":1}"#.utf8)))
        changeSet.add(BatchPartRequest(method: "POST", url: "$\(first)/SalesOrders", body: Data("{}".utf8)))
        let batch = RequestBatch()
        batch.addQuery(BatchPartRequest(method: "GET", url: "Customers?$top=1", headers: ["Accept": "application/json"]))
        batch.addChanges(changeSet)
        let (body, contentType) = try BatchWriter.encode(batch.items, boundary: "batch_x")
        XCTAssertEqual(contentType, "multipart/mixed; boundary=batch_x")
        let text = String(decoding: body, as: UTF8.self)
        XCTAssertTrue(
            text.hasPrefix(
                "--batch_x\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\nGET Customers?$top=1 HTTP/1.1\r\nAccept: application/json\r\n\r\n"
            ))
        XCTAssertTrue(
            text.contains(
                "Content-ID: 1\r\n\r\nPOST Customers HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"A\":1}\r\n"))
        XCTAssertTrue(text.contains("Content-ID: 2\r\n\r\nPOST $1/SalesOrders HTTP/1.1\r\n"))
        XCTAssertTrue(text.hasSuffix("--batch_x--\r\n"))
        XCTAssertEqual(first, "1")
    }

    func testRejectsWritesAsQueriesAndLineBreaks() {
        XCTAssertThrowsError(try BatchWriter.encode([.query(BatchPartRequest(method: "POST", url: "X"))])) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .invalidRequest)
        }
        XCTAssertThrowsError(try BatchWriter.encode([.changeSet([BatchPartRequest(method: "GET", url: "X")])]))
        XCTAssertThrowsError(
            try BatchWriter.encode([.query(BatchPartRequest(method: "GET", url: "X HTTP/1.1\r\nEvil: 1"))])
        ) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .invalidRequest)
        }
    }

    func testResultsAreDistributedToQueriesAndChangesets() throws {
        let batch = RequestBatch()
        let ok = ChangeSet()
        ok.add(BatchPartRequest(method: "DELETE", url: "A('1')"))
        let failing = ChangeSet()
        failing.add(BatchPartRequest(method: "MERGE", url: "A('2')"))
        failing.add(BatchPartRequest(method: "MERGE", url: "A('3')"))
        let read = batch.addQuery(BatchPartRequest(method: "GET", url: "A('9')"))
        batch.addChanges(ok)
        batch.addChanges(failing)
        let error = #"{"error":{"code":"X","message":{"lang":"en","value":"locked"}}}"#
        try batch.record(
            [
                .query(BatchPartResponse(statusCode: 404, headers: ["Content-Type": "application/json"], body: Data(error.utf8))),
                .changeSet([BatchPartResponse(statusCode: 204)]),
                .query(BatchPartResponse(statusCode: 423, headers: ["Content-Type": "application/json"], body: Data(error.utf8))),
            ], serviceRoot: testRoot)
        guard case .failure(let readError)? = batch.queryResult(at: read) else { return XCTFail("read should fail") }
        XCTAssertEqual(readError.statusCode, 404)
        XCTAssertEqual(readError.url?.absoluteString, "http://127.0.0.1:9/svc/A('9')")
        XCTAssertTrue(ok.isSuccess)
        XCTAssertEqual(ok.response(forContentID: "1")?.statusCode, 204)
        XCTAssertFalse(failing.isSuccess)
        XCTAssertEqual(failing.error?.statusCode, 423)
        XCTAssertEqual(failing.error?.serviceError?.message, "locked")
        XCTAssertThrowsError(try batch.record([], serviceRoot: testRoot))
    }
}
