import Foundation
import XCTest

@testable import OData

final class BigDecimalTests: XCTestCase {
    private func d(_ text: String) throws -> BigDecimal { try BigDecimal(parsing: text) }

    func testParsesExactlyAndKeepsScale() throws {
        let cases: [(String, Int128, Int, String)] = [
            ("12.50", 1250, 2, "12.50"), ("-0.001", -1, 3, "-0.001"), ("0", 0, 0, "0"), ("0.00", 0, 2, "0.00"),
            ("+7", 7, 0, "7"), ("1.5E3", 15, -2, "1500"), ("1.5e-3", 15, 4, "0.0015"), ("12E+2", 12, -2, "1200"),
            ("100", 100, 0, "100"), ("007.10", 710, 2, "7.10"), ("0E-5", 0, 5, "0.00000"), ("0E+5", 0, 0, "0"),
            ("170141183460469231731687303715884105727", Int128.max, 0, "170141183460469231731687303715884105727"),
            ("-17014118346046923173168730371588410572.7", Int128.min + 1, 1, "-17014118346046923173168730371588410572.7"),
            ("0.00000000000000000000000000000000000001", 1, 38, "0.00000000000000000000000000000000000001"),
            ("1" + String(repeating: "0", count: 50), 1, -50, "1" + String(repeating: "0", count: 50)),
            ("9" + String(repeating: "0", count: 401), 90, -400, "9" + String(repeating: "0", count: 401)),
            ("90E400", 90, -400, "9" + String(repeating: "0", count: 401)),
            (
                "0." + String(repeating: "0", count: 399) + "1" + String(repeating: "0", count: 30), 1, 400,
                "0." + String(repeating: "0", count: 399) + "1"
            ),
        ]
        for (text, significand, scale, description) in cases {
            let value = try d(text)
            XCTAssertEqual(value.significand, significand, text)
            XCTAssertEqual(value.scale, scale, text)
            XCTAssertEqual(value.description, description, text)
        }
    }

    func testRejectsMalformedAndHugeInput() {
        for text in [
            "", "-", "+", ".5", "5.", "1.2.3", "1e", "1e+", "abc", "1,5", " 1", "1 ", "--1", "1E999999", "1E440", "1E-401",
            "1234567890123456789012345678901234567890.5", "0x10", "NaN", "INF",
        ] {
            XCTAssertThrowsError(try d(text), text) { error in
                XCTAssertEqual((error as? ODataValueError)?.type, .decimal, text)
            }
        }
        XCTAssertNil(BigDecimal(string: "x"))
    }

    func testEqualityIsNumericAndOrderingExact() throws {
        XCTAssertEqual(try d("12.50"), try d("12.5"))
        XCTAssertEqual(try d("1500"), try d("1.5E3"))
        XCTAssertLessThan(try d("0.1"), try d("0.10000000000000000000000000000000000001"))
        XCTAssertLessThan(try d("-2"), try d("-1.99"))
        XCTAssertLessThan(BigDecimal(significand: Int128.max, scale: 0), BigDecimal(significand: 1, scale: -39))
    }

    func testConversions() throws {
        XCTAssertEqual(try d("12.34").doubleValue(), 12.34)
        XCTAssertEqual(try d("0.1").doubleValue(), 0.1)
        XCTAssertEqual(try d("12.99").intValue(), 12)
        XCTAssertEqual(try d("-12.99").intValue(), -12)
        XCTAssertEqual(try d("1E30").intValue(), Int.max)
        XCTAssertEqual(try d("2.5").floatValue(), 2.5)
        XCTAssertEqual(BigDecimal(0.1), try d("0.1"))
        XCTAssertEqual(BigDecimal(1e20)?.description, "100000000000000000000")
        XCTAssertNil(BigDecimal(Double.nan))
        XCTAssertNil(BigDecimal(Double.infinity))
        XCTAssertEqual(BigDecimal(Decimal(string: "123.456")!), try d("123.456"))
        XCTAssertEqual(try d("123.450").decimalValue, Decimal(string: "123.45"))
        XCTAssertEqual(
            try d("-99999999999999999999999999999999999999").decimalValue?.description, "-99999999999999999999999999999999999999")
        XCTAssertEqual(BigDecimal(Int64.min).exactInt64Value, Int64.min)
        XCTAssertNil(try d("9223372036854775808").exactInt64Value)
        XCTAssertNil(try d("1.5").exactInt64Value)
        XCTAssertEqual(try d("1.50").exactInt64Value, nil)
        XCTAssertEqual(try d("15.0").exactInt64Value, 15)
        XCTAssertEqual(BigDecimal("1.25"), try d("1.25"))
    }

    func testArithmetic() throws {
        XCTAssertEqual((try d("1.25") + d("2.5")).description, "3.75")
        XCTAssertEqual((try d("1.25") - d("2.5")).description, "-1.25")
        XCTAssertEqual((try d("1.25") * d("2.5")).description, "3.125")
        XCTAssertEqual((-(try d("1.25"))).description, "-1.25")
        XCTAssertEqual(try d("1").divided(by: d("3")).description, "0.333333333333333333")
        XCTAssertEqual(try d("2").divided(by: d("3"), scale: 2).description, "0.67")
        XCTAssertEqual(try d("-2").divided(by: d("3"), scale: 2).description, "-0.67")
        XCTAssertEqual(try d("10").divided(by: d("4"), scale: 0).description, "3")
        XCTAssertEqual(try d("10").divided(by: d("4"), scale: 0, rounding: .halfEven).description, "2")
        XCTAssertEqual(try d("14").divided(by: d("4"), scale: 0, rounding: .halfEven).description, "4")
        XCTAssertEqual(try d("10").divided(by: d("4"), scale: 0, rounding: .towardZero).description, "2")
        XCTAssertEqual(try d("-10").divided(by: d("4"), scale: 0, rounding: .down).description, "-3")
        XCTAssertEqual(try d("-10").divided(by: d("4"), scale: 0, rounding: .up).description, "-2")
        XCTAssertEqual(try d("12345").divided(by: d("1"), scale: -2).description, "12300")
        XCTAssertEqual(try d("12351").divided(by: d("1"), scale: -2).description, "12400")
        XCTAssertEqual(try d("1").divided(by: d("0.001"), scale: 0).description, "1000")
        XCTAssertThrowsError(try d("1").divided(by: d("0"))) { error in
            XCTAssertEqual((error as? ODataValueError)?.reason, "division by zero")
        }
        XCTAssertThrowsError(try BigDecimal(significand: Int128.max, scale: 0).divided(by: d("0.1")))
        XCTAssertEqual(try d("2.345").rounded(scale: 2).description, "2.35")
        XCTAssertEqual(try d("2.345").rounded(scale: 2, rounding: .halfEven).description, "2.34")
        XCTAssertEqual(try d("2.3").rounded(scale: 3).description, "2.300")
    }

    func testArithmeticNeverTrapsOnOverflow() throws {
        let huge = BigDecimal(significand: Int128.max, scale: 0)
        let sum = huge + huge
        XCTAssertEqual(sum.doubleValue(), huge.doubleValue() * 2, accuracy: 1e25)
        let product = huge * huge
        XCTAssertEqual(product.doubleValue() / 1e76, huge.doubleValue() * huge.doubleValue() / 1e76, accuracy: 1e-10)
        let fine = BigDecimal(significand: 1, scale: 38) + huge
        XCTAssertEqual(fine, huge)
        XCTAssertEqual((BigDecimal(significand: Int128.min, scale: 0)).negated.significand, Int128.max)
    }
}
