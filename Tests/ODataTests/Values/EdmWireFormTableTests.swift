import Foundation
import XCTest

@testable import OData

/// Every primitive type through the JSON and Atom parsers: accepted forms and rejected forms.
final class EdmWireFormTableTests: XCTestCase {
    private let guid = GuidValue(string: "0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9")!

    func testJSONAcceptedForms() throws {
        let cases: [(String, EdmType, EdmValue)] = [
            ("Hello \"x\"", .string, .string("Hello \"x\"")), ("", .string, .string("")),
            ("true", .boolean, .boolean(true)), ("false", .boolean, .boolean(false)),
            ("0", .byte, .byte(0)), ("255", .byte, .byte(255)), ("-128", .sByte, .sByte(-128)), ("127", .sByte, .sByte(127)),
            ("-32768", .int16, .int16(.min)), ("32767", .int16, .int16(.max)),
            ("-2147483648", .int32, .int32(.min)), ("2147483647", .int32, .int32(.max)), ("+5", .int32, .int32(5)),
            ("9223372036854775807", .int64, .int64(.max)), ("-9223372036854775808", .int64, .int64(.min)),
            ("0.1", .decimal, .decimal(BigDecimal(significand: 1, scale: 1))), ("-5", .decimal, .decimal(BigDecimal(-5))),
            ("1e-2", .decimal, .decimal(BigDecimal(significand: 1, scale: 2))),
            ("3.5", .double, .double(3.5)), ("-1.7976931348623157E+308", .double, .double(-.greatestFiniteMagnitude)),
            ("4", .double, .double(4)), ("3.4028235E+38", .single, .single(.greatestFiniteMagnitude)),
            ("-INF", .single, .single(-.infinity)),
            ("0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9", .guid, .guid(guid)),
            ("", .binary, .binary(Data())), ("AQID", .binary, .binary(Data([1, 2, 3]))), ("AQ==", .binary, .binary(Data([1]))),
            ("PT0S", .time, .time(LocalTime(ticks: 0)!)),
            ("PT1H2M3.25S", .time, .time(LocalTime(hour: 1, minute: 2, second: 3, nanosecond: 250_000_000)!)),
            ("/Date(86400000)/", .dateTime, .dateTime(LocalDateTime(year: 1970, month: 1, day: 2)!)),
            ("/Date(253402300799999)/", .dateTime, .dateTime(LocalDateTime(ticks: Ticks.maximum - 9_999)!)),
            ("/Date(0-0060)/", .dateTimeOffset, .dateTimeOffset(GlobalDateTime(utcTicks: Ticks.unixEpoch, offsetMinutes: -60)!)),
            ("/Date(0)/", .dateTimeOffset, .dateTimeOffset(GlobalDateTime(utcTicks: Ticks.unixEpoch, offsetMinutes: 0)!)),
            ("1970-01-01T00:00:00.0000001", .dateTime, .dateTime(LocalDateTime(ticks: Ticks.unixEpoch + 1)!)),
            ("1970-01-01T01:00:00+01:00", .dateTimeOffset, .dateTimeOffset(GlobalDateTime(utcTicks: Ticks.unixEpoch, offsetMinutes: 60)!)),
        ]
        for (text, type, value) in cases {
            XCTAssertEqual(try EdmJSONForm.parse(text, as: type), value, "\(type.rawValue) \(text)")
        }
    }

    func testJSONRejectedForms() {
        let cases: [(String, EdmType)] = [
            ("True", .boolean), ("1", .boolean), ("256", .byte), ("-1", .byte), ("128", .sByte), ("32768", .int16),
            ("2147483648", .int32), ("1.0", .int32), ("1e3", .int32), ("9223372036854775808", .int64), ("", .int64),
            ("1.", .decimal), ("1e", .decimal), ("0x1p3", .double), ("inf", .double), ("1e309", .double), ("1e39", .single),
            ("0a1b2c3d4e5f60718293a4b5c6d7e8f9", .guid), ("{0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9}", .guid), ("AQI", .binary),
            ("A@==", .binary), ("PT25H", .time), ("10:61", .time), ("/Date(1.5)/", .dateTime), ("/Date(--1)/", .dateTime),
            ("2024-02-30T00:00:00", .dateTime), ("2024-01-01T00:00:60", .dateTime), ("2024-01-01T00:00+01", .dateTimeOffset),
            ("2024-01-01T00:00Zjunk", .dateTimeOffset),
        ]
        for (text, type) in cases {
            XCTAssertThrowsError(try EdmJSONForm.parse(text, as: type), "\(type.rawValue) \(text)") { error in
                let valueError = error as? ODataValueError
                XCTAssertEqual(valueError?.type, type)
                XCTAssertEqual(valueError?.text, text)
            }
        }
    }

    func testAtomFormsForEveryType() throws {
        let cases: [(String, EdmType, EdmValue)] = [
            ("  text  ", .string, .string("  text  ")), ("true", .boolean, .boolean(true)), ("1", .boolean, .boolean(true)),
            (" 7 ", .byte, .byte(7)), ("-7", .sByte, .sByte(-7)), ("7", .int16, .int16(7)), ("7", .int32, .int32(7)),
            ("7", .int64, .int64(7)), ("7.10", .decimal, .decimal(BigDecimal(significand: 710, scale: 2))),
            ("NaN", .single, .single(.nan)), ("1.5E+3", .double, .double(1500)),
            ("0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9", .guid, .guid(guid)), ("AQID\n", .binary, .binary(Data([1, 2, 3]))),
            ("PT10H", .time, .time(LocalTime(hour: 10, minute: 0, second: 0)!)),
            ("10:00:00", .time, .time(LocalTime(hour: 10, minute: 0, second: 0)!)),
            ("2000-01-01T00:00:00", .dateTime, .dateTime(LocalDateTime(year: 2000, month: 1, day: 1)!)),
            ("2000-01-01T00:00:00Z", .dateTimeOffset, .dateTimeOffset(GlobalDateTime(year: 2000, month: 1, day: 1)!)),
        ]
        for (text, type, value) in cases {
            let parsed = try EdmAtomForm.parse(text, as: type)
            if case .single(let number) = value, number.isNaN {
                guard case .single(let got) = parsed, got.isNaN else { return XCTFail("NaN") }
            } else {
                XCTAssertEqual(parsed, value, "\(type.rawValue) \(text)")
            }
            if let formatted = EdmAtomForm.format(parsed), type != .string {
                let again = try EdmAtomForm.parse(formatted, as: type)
                if case .single(let number) = value, number.isNaN { continue }
                XCTAssertEqual(again, parsed, "\(type.rawValue) \(formatted)")
            }
        }
        XCTAssertThrowsError(try EdmAtomForm.parse("/Date(0)/", as: .dateTime))
        XCTAssertThrowsError(try EdmAtomForm.parse("yes", as: .boolean))
    }
}
