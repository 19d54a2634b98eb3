import XCTest

@testable import OData

final class EdmLiteralTests: XCTestCase {
    private func guid() throws -> GuidValue { try GuidValue(parsing: "0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9") }

    func testFormatsEveryPrimitive() throws {
        let cases: [(EdmValue, String)] = [
            (.null, "null"),
            (.string("O'Brien"), "'O''Brien'"),
            (.string(""), "''"),
            (.boolean(true), "true"),
            (.boolean(false), "false"),
            (.byte(255), "255"),
            (.sByte(-128), "-128"),
            (.int16(-32768), "-32768"),
            (.int32(42), "42"),
            (.int64(64), "64L"),
            (.int64(Int64.min), "-9223372036854775808L"),
            (.decimal(BigDecimal(significand: 1250, scale: 2)), "12.50M"),
            (.double(1.5), "1.5D"),
            (.double(1e20), "1E+20D"),
            (.double(.infinity), "INF"),
            (.double(-.infinity), "-INF"),
            (.double(.nan), "NaN"),
            (.single(1.5), "1.5f"),
            (.dateTime(LocalDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5)!), "datetime'2024-01-02T03:04:05'"),
            (.dateTime(LocalDateTime(year: 1, month: 1, day: 1)!), "datetime'0001-01-01T00:00:00'"),
            (.dateTime(LocalDateTime(ticks: Ticks.maximum)!), "datetime'9999-12-31T23:59:59.9999999'"),
            (
                .dateTimeOffset(GlobalDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5, offsetMinutes: 60)!),
                "datetimeoffset'2024-01-02T03:04:05+01:00'"
            ),
            (
                .dateTimeOffset(GlobalDateTime(year: 2024, month: 1, day: 2, offsetMinutes: -330)!),
                "datetimeoffset'2024-01-02T00:00:00-05:30'"
            ),
            (.dateTimeOffset(GlobalDateTime(year: 2024, month: 1, day: 2)!), "datetimeoffset'2024-01-02T00:00:00Z'"),
            (.time(LocalTime(hour: 10, minute: 30, second: 0)!), "time'PT10H30M00S'"),
            (.time(LocalTime(hour: 0, minute: 0, second: 1, nanosecond: 500_000_000)!), "time'PT00H00M01.5S'"),
            (.guid(try guid()), "guid'0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9'"),
            (.binary(Data([0x0A, 0xFF, 0x00])), "binary'0AFF00'"),
        ]
        for (value, literal) in cases {
            XCTAssertEqual(EdmLiteral.format(value), literal, "\(value)")
        }
    }

    func testParsesWithExpectedType() throws {
        XCTAssertEqual(try EdmLiteral.parse("'O''Brien'", as: .string), .string("O'Brien"))
        XCTAssertEqual(try EdmLiteral.parse("null", as: .int32), .null)
        XCTAssertEqual(try EdmLiteral.parse("12.50M", as: .decimal), .decimal(BigDecimal(significand: 1250, scale: 2)))
        XCTAssertEqual(try EdmLiteral.parse("12.50m", as: .decimal), .decimal(BigDecimal(significand: 1250, scale: 2)))
        XCTAssertEqual(try EdmLiteral.parse("12", as: .decimal), .decimal(BigDecimal(12)))
        XCTAssertEqual(try EdmLiteral.parse("64L", as: .int64), .int64(64))
        XCTAssertEqual(try EdmLiteral.parse("64", as: .int64), .int64(64))
        XCTAssertEqual(try EdmLiteral.parse("9223372036854775807L", as: .int64), .int64(.max))
        XCTAssertEqual(try EdmLiteral.parse("1.5D", as: .double), .double(1.5))
        XCTAssertEqual(try EdmLiteral.parse("1E+20d", as: .double), .double(1e20))
        XCTAssertEqual(try EdmLiteral.parse("-INF", as: .double), .double(-.infinity))
        XCTAssertEqual(try EdmLiteral.parse("INF", as: .single), .single(.infinity))
        XCTAssertEqual(try EdmLiteral.parse("1.5f", as: .single), .single(1.5))
        XCTAssertEqual(try EdmLiteral.parse("1.5F", as: .single), .single(1.5))
        XCTAssertEqual(try EdmLiteral.parse("255", as: .byte), .byte(255))
        XCTAssertEqual(try EdmLiteral.parse("-5", as: .sByte), .sByte(-5))
        XCTAssertEqual(try EdmLiteral.parse("true", as: .boolean), .boolean(true))
        XCTAssertEqual(
            try EdmLiteral.parse("datetime'2024-01-02T03:04'", as: .dateTime),
            .dateTime(LocalDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4)!))
        XCTAssertEqual(
            try EdmLiteral.parse("DateTime'2024-01-02T03:04:05.1234567'", as: .dateTime),
            .dateTime(LocalDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5, nanosecond: 123_456_700)!))
        XCTAssertEqual(
            try EdmLiteral.parse("datetimeoffset'2024-01-02T03:04:05+01:00'", as: .dateTimeOffset),
            .dateTimeOffset(GlobalDateTime(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5, offsetMinutes: 60)!))
        XCTAssertEqual(try EdmLiteral.parse("time'PT10H30M'", as: .time), .time(LocalTime(hour: 10, minute: 30, second: 0)!))
        XCTAssertEqual(
            try EdmLiteral.parse("guid'0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9'", as: .guid), .guid(try guid()))
        XCTAssertEqual(try EdmLiteral.parse("X'0aFF'", as: .binary), .binary(Data([0x0A, 0xFF])))
        XCTAssertEqual(try EdmLiteral.parse("binary'0AFF'", as: .binary), .binary(Data([0x0A, 0xFF])))
    }

    func testInfersTypes() throws {
        let cases: [(String, EdmValue)] = [
            ("'x'", .string("x")), ("null", .null), ("true", .boolean(true)), ("42", .int32(42)),
            ("3000000000", .int64(3_000_000_000)), ("64L", .int64(64)), ("1.5", .double(1.5)), ("1.5D", .double(1.5)),
            ("2.5f", .single(2.5)), ("12.50M", .decimal(BigDecimal(significand: 1250, scale: 2))), ("INF", .double(.infinity)),
            ("X'00'", .binary(Data([0]))), ("time'PT1H'", .time(LocalTime(hour: 1, minute: 0, second: 0)!)),
        ]
        for (text, value) in cases {
            XCTAssertEqual(try EdmLiteral.parse(text), value, text)
        }
    }

    func testRoundTripsEveryPrimitiveAtTheEdges() throws {
        let values: [EdmValue] = [
            .string("a'b''c ü &=/?#+%"), .byte(0), .byte(255), .sByte(-128), .sByte(127), .int16(.min), .int16(.max),
            .int32(.min), .int32(.max), .int64(.min), .int64(.max), .boolean(false),
            .decimal(BigDecimal(significand: Int128.max, scale: 0)), .decimal(BigDecimal(significand: Int128.min + 1, scale: 38)),
            .decimal(BigDecimal(significand: 1, scale: 38)), .decimal(BigDecimal(significand: 15, scale: -2)),
            .double(.greatestFiniteMagnitude), .double(-Double.leastNonzeroMagnitude), .double(0.1), .single(.greatestFiniteMagnitude),
            .dateTime(LocalDateTime(ticks: 0)!), .dateTime(LocalDateTime(ticks: Ticks.maximum)!),
            .dateTimeOffset(GlobalDateTime(utcTicks: 0, offsetMinutes: 840)!),
            .dateTimeOffset(GlobalDateTime(utcTicks: Ticks.maximum, offsetMinutes: -840)!),
            .time(LocalTime(ticks: 0)!), .time(LocalTime(ticks: Ticks.perDay - 1)!),
            .guid(try guid()), .binary(Data()), .binary(Data((0...255).map { UInt8($0) })),
        ]
        for value in values {
            let literal = EdmLiteral.format(value)
            XCTAssertEqual(try EdmLiteral.parse(literal, as: value.edmType!), value, literal)
        }
    }

    func testRejectsInvalidLiteralsWithTypedErrors() {
        let cases: [(String, EdmType)] = [
            ("'O'Brien'", .string), ("abc", .string), ("'", .string), ("256", .byte), ("-129", .sByte), ("32768", .int16),
            ("2147483648", .int32), ("9223372036854775808L", .int64), ("-9223372036854775809", .int64), ("1.2.3M", .decimal),
            ("1E999999M", .decimal), ("1234567890123456789012345678901234567891M", .decimal), ("1e400D", .double),
            ("1e39f", .single), ("datetime'0000-01-01T00:00:00'", .dateTime), ("datetime'10000-01-01T00:00:00'", .dateTime),
            ("datetime'2023-02-29T00:00'", .dateTime), ("datetime'2024-01-01T24:00'", .dateTime), ("datetime'2024-01-01'", .dateTime),
            ("'2024-01-01T00:00'", .dateTime), ("datetimeoffset'0001-01-01T00:00:00+01:00'", .dateTimeOffset),
            ("datetimeoffset'2024-01-01T00:00:00+15:00'", .dateTimeOffset), ("time'PT24H'", .time), ("time'PT'", .time),
            ("time'P1D'", .time), ("time'PT99999999999H'", .time), ("guid'0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F'", .guid),
            ("guid'0A1B2C3D+4E5F-6071-8293-A4B5C6D7E8F9'", .guid), ("binary'0'", .binary), ("X'GG'", .binary), ("yes", .boolean),
            ("", .int32), ("-", .int32), ("1 ", .int32),
        ]
        for (text, type) in cases {
            XCTAssertThrowsError(try EdmLiteral.parse(text, as: type), text) { error in
                guard let valueError = error as? ODataValueError else { return XCTFail("untyped error for \(text)") }
                XCTAssertEqual(valueError.type, type)
                XCTAssertTrue(valueError.description.contains(type.rawValue))
            }
        }
        XCTAssertNil(GlobalDateTime(utcTicks: 0, offsetMinutes: -1))
        XCTAssertNil(GlobalDateTime(utcTicks: Ticks.maximum, offsetMinutes: 1))
        XCTAssertThrowsError(try EdmLiteral.parse("bogus"))
        XCTAssertThrowsError(try EdmLiteral.parse(""))
    }
}

final class EdmLiteralQuotingTests: XCTestCase {
    func testQuotesBeforeCombiningMarksAreDoubled() throws {
        // A quote followed by a combining mark forms one Character; quoting must still double it.
        let text = "a'\u{0670}b''\u{0301}"
        let literal = EdmLiteral.quoted(text)
        XCTAssertEqual(Array(literal.unicodeScalars).filter { $0 == "'" }.count, 8)
        XCTAssertEqual(try EdmLiteral.parse(literal, as: .string), .string(text))
    }
}
