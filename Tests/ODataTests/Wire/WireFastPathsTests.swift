import Foundation
import XCTest

@testable import OData

/// The allocation-free fast paths agree with the shared value forms wherever they answer.
final class WireFastPathsTests: XCTestCase {
    func fast(_ text: String, _ type: EdmType, json: Bool = true) -> EdmValue? {
        var copy = text
        return copy.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return WireFastPaths.value(ByteSpan(start: base, count: buffer.count), as: type, json: json)
        }
    }

    func testAgreesWithTheSharedFormsOnASweepOfInputs() throws {
        let texts = [
            "0", "-0", "7", "007", "-12", "123456789012345678", "-999999999999999999", "1234567890123456789", "+5", "",
            "-", "1.", ".5", "1.5", "-0.001", "12.50", "18.0000", "3.14159265358979", "1e5", "0.1", "-1.25", "9007199254740993",
            "32767", "32768", "-129", "255", "256", "/Date(0)/", "/Date(-62135596800000)/", "/Date(1700000000000+0120)/",
            "/Date(1700000000000-0090)/", "/Date(1700000000000+9999)/", "/Date(12)", "/Date()/", "/Date(1+01)/",
            "005056a2-2a1b-1ed5-b1fb-d5c8a8a5e4a1", "005056A2-2A1B-1ED5-B1FB-D5C8A8A5E4A1", "005056a2-2a1b-1ed5-b1fb-d5c8a8a5e4ag",
            "005056a2x2a1b-1ed5-b1fb-d5c8a8a5e4a1",
        ]
        var answered = 0
        for type in EdmType.allCases {
            for text in texts {
                guard let value = fast(text, type) else { continue }
                answered += 1
                XCTAssertEqual(value, try EdmJSONForm.parse(text, as: type), "\(text) as \(type)")
                if type != .dateTime && type != .dateTimeOffset, let atom = fast(text, type, json: false) {
                    XCTAssertEqual(atom, try EdmAtomForm.parse(text, as: type), "Atom \(text) as \(type)")
                }
            }
        }
        XCTAssertGreaterThan(answered, 60)
        XCTAssertNil(fast("/Date(0)/", .dateTime, json: false), "Atom dates are ISO only")
        XCTAssertNil(fast("-0", .double), "negative zero goes the general way")
        XCTAssertNil(fast("1234567890123456789", .int64), "19 digits go the general way")
    }

    func testAtomBooleansAndISODateTimesAgreeWithTheAtomForm() throws {
        let texts = [
            "true", "false", "1", "0", "True", "2", "", "truex", " true",
            "2015-03-07T16:19:50", "2015-03-07T16:19:50.000", "2015-03-07t16:19", "2015-03-08T14:40:30.201+01:00",
            "2012-07-31T19:03:49.151Z", "2012-07-31T19:03:49.151z", "0001-01-01T00:00:00", "0001-01-01T00:00:00+00:01",
            "9999-12-31T23:59:59.9999999", "9999-12-31T23:59:59.99999999", "9999-12-31T23:59:59-00:01", "2024-02-29T12:00",
            "2023-02-29T12:00", "2024-04-31T00:00", "2024-13-01T00:00", "0000-01-01T00:00", "2024-01-01T24:00",
            "2024-01-01T23:60", "2024-01-01T23:59:60", "2024-01-01T00:00:00.", "2024-01-01T00:00:00.1234567891",
            "2024-01-01T00:00:00+14:00", "2024-01-01T00:00:00+14:01", "2024-01-01T00:00:00-13:59", "2024-01-01T00:00:00+1:00",
            "2024-01-01T00:00:00+01:00x", "2024-01-01T00:00:00Zx", "2024-01-01 00:00:00", "2024-1-01T00:00", "2024-01-01T00:00:0",
            "2024-01-01T00:00:00 ", "+2024-01-01T00:00", "2024-01-01T00:00+01:00", "2024-01-01T00", "2024-01-01",
        ]
        var answered = 0
        for type in [EdmType.boolean, .dateTime, .dateTimeOffset] {
            for text in texts {
                let expected = try? EdmAtomForm.parse(text, as: type)
                guard let value = fast(text, type, json: false) else { continue }
                answered += 1
                XCTAssertEqual(value, expected, "\(text) as \(type)")
            }
        }
        XCTAssertGreaterThan(answered, 30)
        XCTAssertNil(fast("2023-02-29T12:00", .dateTime, json: false), "invalid dates go the general way")
        XCTAssertNil(fast("true", .boolean), "JSON booleans are not strings")
    }
}
