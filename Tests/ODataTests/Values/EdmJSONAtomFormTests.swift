import XCTest

@testable import OData

final class EdmJSONAtomFormTests: XCTestCase {
    func testParsesJSONDates() throws {
        XCTAssertEqual(try EdmJSONForm.parse("/Date(0)/", as: .dateTime), .dateTime(LocalDateTime(year: 1970, month: 1, day: 1)!))
        XCTAssertEqual(
            try EdmJSONForm.parse("\\/Date(1704164645000)\\/", as: .dateTime),
            .dateTime(LocalDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5)!))
        XCTAssertEqual(
            try EdmJSONForm.parse("/Date(-62135596800000)/", as: .dateTime), .dateTime(LocalDateTime(ticks: 0)!))
        let offset = try EdmJSONForm.parse("/Date(1704164645000+0120)/", as: .dateTimeOffset)
        XCTAssertEqual(
            offset,
            .dateTimeOffset(
                GlobalDateTime(
                    utcTicks: LocalDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5)!.ticks, offsetMinutes: 120)!))
        guard case .dateTimeOffset(let value) = offset else { return XCTFail() }
        XCTAssertEqual(value.isoString, "2024-01-02T05:04:05+02:00")
        let negative = try EdmJSONForm.parse("/Date(1704164645000-0300)/", as: .dateTimeOffset)
        guard case .dateTimeOffset(let west) = negative else { return XCTFail() }
        XCTAssertEqual(west.offsetMinutes, -300)
        XCTAssertEqual(west.isoString, "2024-01-01T22:04:05-05:00")
        XCTAssertEqual(
            try EdmJSONForm.parse("2024-01-02T03:04:05", as: .dateTime),
            .dateTime(LocalDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5)!))
        XCTAssertEqual(
            try EdmJSONForm.parse("2024-01-02T03:04:05Z", as: .dateTimeOffset),
            .dateTimeOffset(GlobalDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5)!))
    }

    func testRejectsBadJSONDatesWithoutTrapping() {
        for text in [
            "/Date(9223372036854775807)/", "/Date(-9223372036854775808)/", "/Date(99999999999999999999)/",
            "/Date(253402300800000)/", "/Date(-62135596800001)/", "/Date(1+9999)/", "/Date(1+0841)/", "/Date()/",
            "/Date(1)", "Date(1)/", "/Date(1)/x", "/Date(12a)/", "",
        ] {
            XCTAssertThrowsError(try EdmJSONForm.parse(text, as: .dateTimeOffset), text) { error in
                XCTAssertEqual((error as? ODataValueError)?.type, .dateTimeOffset)
            }
        }
    }

    func testParsesNumbersAsStringsOrNumbers() throws {
        XCTAssertEqual(try EdmJSONForm.parse("12.50", as: .decimal), .decimal(BigDecimal(significand: 1250, scale: 2)))
        XCTAssertEqual(try EdmJSONForm.parse("1.5E3", as: .decimal), .decimal(BigDecimal(1500)))
        XCTAssertEqual(try EdmJSONForm.parse("-9223372036854775808", as: .int64), .int64(.min))
        XCTAssertEqual(try EdmJSONForm.parse("INF", as: .double), .double(.infinity))
        XCTAssertEqual(try EdmJSONForm.parse("-INF", as: .double), .double(-.infinity))
        guard case .double(let nan) = try EdmJSONForm.parse("NaN", as: .double) else { return XCTFail() }
        XCTAssertTrue(nan.isNaN)
        XCTAssertEqual(try EdmJSONForm.parse("PT13H20M00S", as: .time), .time(LocalTime(hour: 13, minute: 20, second: 0)!))
        XCTAssertEqual(try EdmJSONForm.parse("AAr/", as: .binary), .binary(Data([0x00, 0x0A, 0xFF])))
        XCTAssertThrowsError(try EdmJSONForm.parse("AA*/", as: .binary))
        XCTAssertThrowsError(try EdmJSONForm.parse("12.5", as: .int32))
        XCTAssertThrowsError(try EdmJSONForm.parse("TRUE", as: .boolean))
    }

    func testFormatsJSONText() throws {
        let time = LocalDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5)!
        XCTAssertEqual(EdmJSONForm.format(.dateTime(time)), EdmJSONText(text: "/Date(1704164645000)/", isString: true))
        XCTAssertEqual(
            EdmJSONForm.format(.dateTimeOffset(GlobalDateTime(utcTicks: time.ticks, offsetMinutes: 120)!)),
            EdmJSONText(text: "/Date(1704164645000+0120)/", isString: true))
        XCTAssertEqual(EdmJSONForm.format(.int64(5)), EdmJSONText(text: "5", isString: true))
        XCTAssertEqual(EdmJSONForm.format(.int32(5)), EdmJSONText(text: "5", isString: false))
        XCTAssertEqual(EdmJSONForm.format(.decimal(BigDecimal(significand: 1250, scale: 2))), EdmJSONText(text: "12.50", isString: true))
        XCTAssertEqual(EdmJSONForm.format(.double(.nan)), EdmJSONText(text: "NaN", isString: true))
        XCTAssertEqual(EdmJSONForm.format(.double(2.5)), EdmJSONText(text: "2.5", isString: false))
        XCTAssertEqual(EdmJSONForm.format(.null), EdmJSONText(text: "null", isString: false))
        XCTAssertNil(EdmJSONForm.format(.collection([])))
    }

    func testJSONRoundTripsAtTheEdges() throws {
        let values: [EdmValue] = [
            .dateTime(LocalDateTime(ticks: 0)!), .dateTime(LocalDateTime(ticks: Ticks.maximum - 9_999)!),
            .dateTimeOffset(GlobalDateTime(utcTicks: 0, offsetMinutes: 840)!), .int64(.min), .int64(.max),
            .decimal(BigDecimal(significand: Int128.max, scale: 20)), .time(LocalTime(ticks: Ticks.perDay - 1)!),
            .binary(Data([1, 2, 3, 4, 5])), .boolean(true), .double(-0.0), .single(3.25),
        ]
        for value in values {
            let text = try XCTUnwrap(EdmJSONForm.format(value))
            XCTAssertEqual(try EdmJSONForm.parse(text.text, as: value.edmType!), value, text.text)
        }
    }

    func testAtomForms() throws {
        XCTAssertEqual(try EdmAtomForm.parse(" 1 ", as: .boolean), .boolean(true))
        XCTAssertEqual(try EdmAtomForm.parse("0", as: .boolean), .boolean(false))
        XCTAssertEqual(
            try EdmAtomForm.parse("2024-01-02T03:04:05.5", as: .dateTime),
            .dateTime(LocalDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5, nanosecond: 500_000_000)!))
        XCTAssertEqual(try EdmAtomForm.parse("13:20:00", as: .time), .time(LocalTime(hour: 13, minute: 20, second: 0)!))
        XCTAssertEqual(try EdmAtomForm.parse(" a b ", as: .string), .string(" a b "))
        XCTAssertEqual(try EdmAtomForm.parse("\n 12.50\n", as: .decimal), .decimal(BigDecimal(significand: 1250, scale: 2)))
        let offset = GlobalDateTime(year: 2024, month: 6, day: 1, hour: 12, offsetMinutes: -120)!
        XCTAssertEqual(EdmAtomForm.format(.dateTimeOffset(offset)), "2024-06-01T12:00:00-02:00")
        XCTAssertEqual(try EdmAtomForm.parse("2024-06-01T12:00:00-02:00", as: .dateTimeOffset), .dateTimeOffset(offset))
        XCTAssertEqual(EdmAtomForm.format(.dateTime(LocalDateTime(ticks: 0)!)), "0001-01-01T00:00:00")
        XCTAssertEqual(EdmAtomForm.format(.time(LocalTime(hour: 1, minute: 2, second: 3)!)), "PT01H02M03S")
        XCTAssertNil(EdmAtomForm.format(.null))
        XCTAssertThrowsError(try EdmAtomForm.parse("2024-06-01", as: .dateTime))
    }
}
