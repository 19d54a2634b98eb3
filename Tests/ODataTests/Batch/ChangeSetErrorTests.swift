import XCTest

@testable import OData

/// Issue 14 item 3: a failed changeset names the request that failed (URL, method, Content-ID), and
/// each request of a changeset gets its own result.
final class ChangeSetErrorTests: XCTestCase {
    private func twoMerges() -> (RequestBatch, ChangeSet) {
        let batch = RequestBatch()
        let changes = ChangeSet()
        changes.add(BatchPartRequest(method: "MERGE", url: "Customers('1')"))
        changes.add(BatchPartRequest(method: "MERGE", url: "Customers('2')"))
        batch.addChanges(changes)
        return (batch, changes)
    }

    private static let notFound = #"{"error":{"code":"404","message":{"lang":"en","value":"Customers('2') not found"}}}"#

    func testTheSecondMergeFailingIsNamedFromTheEchoedContentID() throws {
        let (batch, changes) = twoMerges()
        let body = [
            "--b1", "Content-Type: application/http", "Content-Transfer-Encoding: binary", "Content-ID: 2", "",
            "HTTP/1.1 404 Not Found", "Content-Type: application/json", "", Self.notFound, "--b1--", "",
        ].joined(separator: "\r\n")
        let items = try BatchReader.decode(Data(body.utf8), contentType: "multipart/mixed; boundary=b1")
        try batch.record(items, serviceRoot: testRoot)
        let error = try XCTUnwrap(changes.error)
        XCTAssertEqual(error.url?.absoluteString, "http://127.0.0.1:9/svc/Customers('2')")
        XCTAssertEqual(error.method, "MERGE")
        XCTAssertEqual(error.contentID, "2")
        XCTAssertEqual(error.statusCode, 404)
        XCTAssertTrue(error.message.contains("changeset request 2 of 2 (Content-ID 2)"), error.message)
        XCTAssertTrue(error.message.contains("MERGE http://127.0.0.1:9/svc/Customers('2') answered 404"), error.message)
        XCTAssertEqual(changes.results.count, 2)
        guard case .failure(let first) = changes.results[0], case .failure(let second) = changes.results[1] else {
            return XCTFail("both requests of a failed changeset fail")
        }
        XCTAssertEqual(first.kind, .notApplied)
        XCTAssertEqual(first.contentID, "1")
        XCTAssertEqual(first.url?.absoluteString, "http://127.0.0.1:9/svc/Customers('1')")
        XCTAssertTrue(first.message.contains("MERGE Customers('2') (Content-ID 2) of the same changeset failed"), first.message)
        XCTAssertEqual(second.statusCode, 404)
        XCTAssertEqual(second.contentID, "2")
    }

    func testSAPGatewayContentIDInTheErrorDetailsNamesTheRequest() throws {
        let (batch, changes) = twoMerges()
        let sap =
            #"{"error":{"code":"SY/530","message":{"lang":"en","value":"not found"},"innererror":{"errordetails":[{"code":"SY/530","message":"not found","ContentID":"2","severity":"error"}]}}}"#
        try batch.record(
            [.query(BatchPartResponse(statusCode: 404, headers: ["Content-Type": "application/json"], body: Data(sap.utf8)))],
            serviceRoot: testRoot)
        XCTAssertEqual(changes.error?.url?.absoluteString, "http://127.0.0.1:9/svc/Customers('2')")
        XCTAssertEqual(changes.error?.contentID, "2")
        XCTAssertEqual(changes.error?.serviceError?.details.first?.contentID, "2")
    }

    func testAnAnswerNamingNoRequestSaysSoInsteadOfBlamingTheFirst() throws {
        let (batch, changes) = twoMerges()
        try batch.record(
            [.query(BatchPartResponse(statusCode: 404, headers: ["Content-Type": "application/json"], body: Data(Self.notFound.utf8)))],
            serviceRoot: testRoot)
        let error = try XCTUnwrap(changes.error)
        XCTAssertNil(error.url)
        XCTAssertNil(error.contentID)
        XCTAssertEqual(error.statusCode, 404)
        XCTAssertTrue(error.message.contains("does not say which request"), error.message)
        XCTAssertTrue(error.message.contains("MERGE Customers('1') (Content-ID 1), MERGE Customers('2') (Content-ID 2)"), error.message)
        XCTAssertEqual(changes.results.count, 2)
    }

    func testEachRequestGetsItsOwnResultWhenEveryPartIsAnswered() throws {
        let (batch, changes) = twoMerges()
        try batch.record(
            [
                .changeSet([
                    BatchPartResponse(statusCode: 204, contentID: "1"),
                    BatchPartResponse(statusCode: 404, headers: ["Content-Type": "application/json"], body: Data(Self.notFound.utf8)),
                ])
            ], serviceRoot: testRoot)
        guard case .success(let ok)? = changes.result(forContentID: "1") else { return XCTFail("first request succeeded") }
        XCTAssertEqual(ok.statusCode, 204)
        guard case .failure(let failed)? = changes.result(forContentID: "2") else { return XCTFail("second request failed") }
        XCTAssertEqual(failed.url?.absoluteString, "http://127.0.0.1:9/svc/Customers('2')")
        XCTAssertEqual(changes.error?.contentID, "2")
    }
}
