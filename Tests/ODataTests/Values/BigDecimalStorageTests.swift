import Foundation
import XCTest

@testable import OData

/// BigDecimal's packed storage: every significand and scale comes back exactly, and a property slot stays small.
final class BigDecimalStorageTests: XCTestCase {
    func testSignificandAndScaleRoundTripThroughThePackedForm() {
        let significands: [Int128] = [
            0, 1, -1, 42, -42, Int128(Int64.max), Int128(Int64.min), Int128(UInt64.max), -Int128(UInt64.max),
            Int128(UInt64.max) + 1, Int128.max, Int128.min, Int128.max / 3, Int128.min / 7,
        ]
        let scales: [Int] = [0, 1, -1, 38, -38, 400, -400, Int(Int32.max), Int(Int32.min)]
        for significand in significands {
            for scale in scales {
                let value = BigDecimal(significand: significand, scale: scale)
                XCTAssertEqual(value.significand, significand, "significand of \(significand)E\(-scale)")
                XCTAssertEqual(value.scale, scale, "scale of \(significand)E\(-scale)")
            }
        }
    }

    func testScalesBeyondInt32AreKeptExactly() {
        for scale in [Int(Int32.max) + 1, Int(Int32.min) - 1, Int.max, Int.min] {
            let value = BigDecimal(significand: -123_456_789, scale: scale)
            XCTAssertEqual(value.significand, -123_456_789)
            XCTAssertEqual(value.scale, scale)
            XCTAssertEqual(value, BigDecimal(significand: -123_456_789, scale: scale))
        }
    }

    func testEqualityAndHashingStillCompareNumericValues() throws {
        let a = try BigDecimal(parsing: "12.50")
        let b = try BigDecimal(parsing: "12.5")
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        XCTAssertEqual(a.description, "12.50")
        XCTAssertEqual(try BigDecimal(parsing: "-1.5").significand, -15)
    }

    func testAPropertySlotStaysTwentyFourBytes() {
        // Decoded entities hold one `EdmValue?` per property; an unpacked Int128 would widen every slot to 32 bytes.
        XCTAssertLessThanOrEqual(MemoryLayout<BigDecimal>.size, 21)
        XCTAssertLessThanOrEqual(MemoryLayout<EdmValue?>.stride, 24)
    }
}
