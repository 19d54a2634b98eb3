import Foundation
import XCTest

@testable import OData

/// Issue 14 item 8: JSON writes never round an Edm.DateTime or Edm.DateTimeOffset; a value with
/// sub-millisecond ticks is written in ISO 8601 with all seven fractional digits and reads back equal.
final class SubMillisecondWriteTests: XCTestCase {
    func testSubMillisecondTicksAreWrittenWholeAndReadBackEqual() throws {
        let ticks = LocalDateTime(millisecondsSince1970: 1_700_000_000_123)!.ticks + 4_567
        let precise = try XCTUnwrap(LocalDateTime(ticks: ticks))
        let body = String(decoding: ODataJSONEncoder().encodeValue(.dateTime(precise)), as: UTF8.self)
        XCTAssertEqual(body, #""2023-11-14T22:13:20.1234567""#)
        let read = try EdmJSONForm.parse("2023-11-14T22:13:20.1234567", as: .dateTime)
        XCTAssertEqual(read, .dateTime(precise))

        let offset = try XCTUnwrap(GlobalDateTime(utcTicks: ticks, offsetMinutes: 60))
        let offsetBody = String(decoding: ODataJSONEncoder().encodeValue(.dateTimeOffset(offset)), as: UTF8.self)
        XCTAssertEqual(offsetBody, #""2023-11-14T23:13:20.1234567+01:00""#)
        XCTAssertEqual(try EdmJSONForm.parse("2023-11-14T23:13:20.1234567+01:00", as: .dateTimeOffset), .dateTimeOffset(offset))
    }

    func testWholeMillisecondsKeepTheDateForm() {
        let exact = LocalDateTime(millisecondsSince1970: 1_700_000_000_123)!
        XCTAssertEqual(String(decoding: ODataJSONEncoder().encodeValue(.dateTime(exact)), as: UTF8.self), #""\/Date(1700000000123)\/""#)
    }
}
