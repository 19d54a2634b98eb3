import Foundation
import XCTest

@testable import OData

/// The three ways to read and write an entity's properties (see `EntityValue`) agree, and a write by an
/// unknown name is an error, never dropped.
final class EntityValueAccessTests: XCTestCase {
    private let order = EntityValueCompactStorageTests.order

    func testEveryWayReadsWhatEveryWayWrote() throws {
        let note = order.properties[1]
        let typedNote = TypedProperty<String>(note)
        var entity = EntityValue(type: order)
        entity[note] = .string("a")
        XCTAssertEqual(entity["Note"], .string("a"))
        XCTAssertEqual(entity.get("Note", as: String.self), "a")
        XCTAssertEqual(entity.value(of: typedNote), "a")
        entity.setValue("b", for: typedNote)
        XCTAssertEqual(entity[note], .string("b"))
        try entity.set("Note", to: .string("c"))
        XCTAssertEqual(entity.value(of: typedNote), "c")
        try entity.set("Note", "d")
        XCTAssertEqual(entity[note], .string("d"))
        XCTAssertEqual(entity.changedProperties.map(\.name), ["Note"])
    }

    func testUnknownNamesAreNeverDroppedSilently() {
        var entity = EntityValue(type: order)
        XCTAssertNil(entity["Nope"])
        XCTAssertNil(entity.get("Nope", as: String.self))
        XCTAssertThrowsError(try entity.set("Nope", to: .string("x"))) { error in
            XCTAssertEqual((error as? DataModelError)?.message, "T.Order has no property Nope")
        }
        XCTAssertThrowsError(try entity.set("Nope", "x"))
        XCTAssertThrowsError(try entity.set("Note", to: .int32(1)), "a value of another type is refused too")
        XCTAssertFalse(entity.hasChanges)
    }
}
