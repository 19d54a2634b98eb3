import Foundation
import XCTest

@testable import OData

final class DateTimeValuesTests: XCTestCase {
    func testComponentsRoundTripAcrossTheWholeRange() {
        var ticks: Int64 = 0
        let step: Int64 = 863_999_999_997 * 7  // about a week, never aligned to midnight
        while ticks <= Ticks.maximum {
            let value = LocalDateTime(ticks: ticks)!
            let rebuilt = LocalDateTime(
                year: value.year, month: value.month, day: value.day, hour: value.hour, minute: value.minute,
                second: value.second, nanosecond: value.nanosecond)
            XCTAssertEqual(rebuilt, value)
            ticks += step
        }
    }

    func testKnownDates() {
        let epoch = LocalDateTime(year: 1970, month: 1, day: 1)!
        XCTAssertEqual(epoch.ticks, Ticks.unixEpoch)
        XCTAssertEqual(epoch.utc(), Date(timeIntervalSince1970: 0))
        let leap = LocalDateTime(year: 2000, month: 2, day: 29, hour: 23, minute: 59, second: 59)!
        XCTAssertEqual(leap.isoString, "2000-02-29T23:59:59")
        XCTAssertNil(LocalDateTime(year: 1900, month: 2, day: 29))
        XCTAssertNil(LocalDateTime(year: 0, month: 1, day: 1))
        XCTAssertNil(LocalDateTime(year: 10000, month: 1, day: 1))
        XCTAssertNil(LocalDateTime(year: 2024, month: 13, day: 1))
        XCTAssertNil(LocalDateTime(ticks: -1))
        XCTAssertEqual(LocalDateTime(ticks: Ticks.maximum)!.isoString, "9999-12-31T23:59:59.9999999")
        XCTAssertEqual(LocalDateTime(utc: Date(timeIntervalSince1970: 86_400.5))?.isoString, "1970-01-02T00:00:00.5")
        XCTAssertNil(LocalDateTime(utc: Date(timeIntervalSince1970: 1e15)))
    }

    func testMillisecondsBeforeTheEpoch() {
        let value = LocalDateTime(millisecondsSince1970: -1)!
        XCTAssertEqual(value.isoString, "1969-12-31T23:59:59.999")
        XCTAssertEqual(value.millisecondsSince1970, -1)
        XCTAssertNil(LocalDateTime(millisecondsSince1970: Int64.max))
        XCTAssertNil(LocalDateTime(millisecondsSince1970: Int64.min))
    }

    func testISOParsing() throws {
        XCTAssertEqual(try LocalDateTime(isoString: "2024-01-02T03:04:05+01:00").isoString, "2024-01-02T02:04:05")
        XCTAssertEqual(try LocalDateTime(isoString: "2024-01-02T03:04:05.123456789").nanosecond, 123_456_700)
        XCTAssertThrowsError(try LocalDateTime(isoString: "2024-1-02T03:04:05"))
        XCTAssertThrowsError(try LocalDateTime(isoString: "2024-01-02 03:04:05"))
        let offset = try GlobalDateTime(isoString: "2024-01-02T03:04:05-08:00")
        XCTAssertEqual(offset.offsetMinutes, -480)
        XCTAssertEqual(offset.utcDateTime.isoString, "2024-01-02T11:04:05")
        XCTAssertEqual(offset.localDateTime?.isoString, "2024-01-02T03:04:05")
        XCTAssertEqual(try GlobalDateTime(isoString: "2024-01-02T03:04:05").offsetMinutes, 0)
    }

    func testTimeForms() throws {
        XCTAssertEqual(try LocalTime(parsing: "PT10H30M").durationString, "PT10H30M00S")
        XCTAssertEqual(try LocalTime(parsing: "PT0S").ticks, 0)
        XCTAssertEqual(try LocalTime(parsing: "P0DT1H").hour, 1)
        XCTAssertEqual(try LocalTime(parsing: "PT90M").clockString, "01:30:00")
        XCTAssertEqual(try LocalTime(parsing: "PT23H59M59.9999999S").ticks, Ticks.perDay - 1)
        XCTAssertEqual(try LocalTime(parsing: "12:00").clockString, "12:00:00")
        XCTAssertEqual(try LocalTime(parsing: "12:00:01.25").durationString, "PT12H00M01.25S")
        for bad in ["PT", "P", "PT1M1H", "PT1.5H", "PT24H", "-PT1H", "PT1X", "25:00", "12:60", "PT9999999999999H", ""] {
            XCTAssertThrowsError(try LocalTime(parsing: bad), bad) { error in
                XCTAssertEqual((error as? ODataValueError)?.type, .time)
            }
        }
    }

    func testGuid() throws {
        let guid = try GuidValue(parsing: "C0FFEE00-0000-4000-8000-0000000000AB")
        XCTAssertEqual(guid.stringValue, "c0ffee00-0000-4000-8000-0000000000ab")
        XCTAssertEqual(GuidValue(string: "c0ffee00-0000-4000-8000-0000000000ab"), guid)
        XCTAssertThrowsError(try GuidValue(parsing: "c0ffee00000040008000000000000000ab"))
    }
}
