import XCTest

@testable import OData

final class BatchReaderTests: XCTestCase {
    func testOlingoBatchResponse() throws {
        let body = try loadPayload("olingo_batchResponse.batch")
        let items = try BatchReader.decode(body, contentType: "multipart/mixed; boundary=batch_123")
        XCTAssertEqual(items.count, 2)
        guard case .changeSet(let parts) = items[0], case .query(let read) = items[1] else {
            return XCTFail("expected a changeset then a query, got \(items)")
        }
        XCTAssertEqual(parts.map(\.statusCode), [204, 201])
        XCTAssertEqual(parts.map(\.contentID), ["1", "2"])
        XCTAssertEqual(parts[1].headers["Location"], "http://localhost:19000/ClientBatchTest/Employees('7')")
        XCTAssertEqual(parts[1].body.count, 918)
        let json = try JSONSerialization.jsonObject(with: parts[1].body) as? [String: Any]
        let entity = json?["d"] as? [String: Any]
        XCTAssertEqual(entity?["EmployeeName"] as? String, "Employee 7")
        XCTAssertEqual(read.statusCode, 200)
        XCTAssertEqual(read.contentID, "2")
        XCTAssertEqual(String(decoding: read.body, as: UTF8.self), "Frederic Fall")
    }

    func testEnormousPyodataResponse() throws {
        let body = try loadPayload("pyodata_enormous_batch_response.batch")
        let items = try BatchReader.decode(body, contentType: "multipart/mixed; boundary=16804F9C063D8720EACA19F7DFB3CD4A0")
        guard items.count == 1, case .query(let part) = items[0] else { return XCTFail("expected one query part") }
        XCTAssertEqual(part.statusCode, 200)
        // the recorded Content-Length (539521) is stale; the part runs to the boundary
        XCTAssertEqual(part.body.count, 540_000)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: part.body))
    }

    func testMissingClosingBoundaryIsTruncated() throws {
        let body = try loadPayload("olingo_batchResponse.batch")
        let cut = body.prefix(body.count - 20)
        XCTAssertThrowsError(try BatchReader.decode(cut, contentType: "multipart/mixed; boundary=batch_123")) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .truncatedBody)
        }
    }

    func testShortBodyAgainstContentLengthIsTruncated() {
        let text = "--b\r\nContent-Type: application/http\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\nshort\r\n--b--\r\n"
        XCTAssertThrowsError(try BatchReader.decode(Data(text.utf8), contentType: "multipart/mixed;boundary=b")) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .truncatedBody)
        }
    }

    func testNoBoundaryIsWrongContentType() {
        XCTAssertThrowsError(try BatchReader.decode(Data("x".utf8), contentType: "application/json")) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .wrongContentType)
        }
    }

    func testGarbageStatusLineIsDecodingErrorWithPosition() {
        let text = "--b\r\nContent-Type: application/http\r\n\r\nHELLO there\r\n\r\n--b--\r\n"
        XCTAssertThrowsError(try BatchReader.decode(Data(text.utf8), contentType: "multipart/mixed; boundary=\"b\"")) { error in
            let odata = error as? ODataError
            XCTAssertEqual(odata?.kind, .decoding)
            XCTAssertEqual(odata?.position, 39)
        }
    }

    func testArbitraryBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let seed =
            "--b\r\nContent-Type: multipart/mixed; boundary=c\r\n\r\n--c\r\nContent-Type: application/http\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n\r\n--c--\r\n--b--\r\n"
        let base = [UInt8](seed.utf8)
        for _ in 0..<2_000 {
            var bytes = base
            for _ in 0..<3 {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) { bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator))) }
            _ = try? BatchReader.decode(Data(bytes), contentType: "multipart/mixed; boundary=b")
        }
    }
}
