import Foundation
import XCTest

@testable import OData

/// `Int` is Edm.Int32's Swift type; a value Edm.Int32 cannot hold is never clamped: it stays whole (`.int64`)
/// and every write refuses it with a typed error.
final class IntRangeTests: XCTestCase {
    private let order = EntityValueCompactStorageTests.order
    private let orders = EntitySetDescriptor(name: "Orders", entityType: EntityValueCompactStorageTests.order)

    func testEdmValueKeepsTheNumber() {
        XCTAssertEqual(Int(42).edmValue, .int32(42))
        XCTAssertEqual(Int(Int32.min).edmValue, .int32(.min))
        XCTAssertEqual(Int(Int32.max).edmValue, .int32(.max))
        XCTAssertEqual((Int(Int32.max) + 1).edmValue, .int64(Int64(Int32.max) + 1))
        XCTAssertEqual(Int.min.edmValue, .int64(.min))
        XCTAssertNil(Int(edmValue: .int64(5_000_000_000)), "Int reads Edm.Int32 and narrower, as before")
    }

    func testDynamicSetRefusesAnOutOfRangeInt() {
        var entity = EntityValue(type: order)
        XCTAssertNoThrow(try entity.set("ID", 7))
        XCTAssertThrowsError(try entity.set("ID", 5_000_000_000)) { error in
            XCTAssertTrue(error is DataModelError, "\(error)")
        }
        XCTAssertEqual(entity["ID"], .int32(7))
    }

    func testTypedWritesOfAnOutOfRangeIntAreTypedErrors() throws {
        var entity = EntityValue(type: order)
        entity.setValue(5_000_000_000, for: TypedProperty<Int>(order.properties[0]))
        XCTAssertEqual(entity["ID"], .int64(5_000_000_000))
        let builder = ODataRequestBuilder(serviceRoot: URL(string: "http://127.0.0.1:9/svc")!)
        for attempt in [{ try builder.create(entity, in: self.orders) }, { try builder.update(entity, in: self.orders) }] {
            XCTAssertThrowsError(try attempt()) { error in
                XCTAssertEqual((error as? ODataError)?.kind, .invalidValue, "\(error)")
                XCTAssertTrue("\(error)".contains("5000000000"), "\(error)")
                XCTAssertTrue("\(error)".contains("out of range"), "\(error)")
            }
        }
        entity.setValue(5, for: TypedProperty<Int>(order.properties[0]))
        XCTAssertNoThrow(try builder.create(entity, in: orders))
    }

    func testNarrowerIntegerPropertiesAreCheckedToo() {
        XCTAssertThrowsError(try EdmValue.int32(300).checkFits(.byte))
        XCTAssertThrowsError(try EdmValue.int32(-129).checkFits(.sByte))
        XCTAssertThrowsError(try EdmValue.int32(40_000).checkFits(.int16))
        XCTAssertNoThrow(try EdmValue.int32(255).checkFits(.byte))
        XCTAssertNoThrow(try EdmValue.int64(5_000_000_000).checkFits(.int64))
        XCTAssertNoThrow(try EdmValue.string("x").checkFits(.int32))
    }
}
