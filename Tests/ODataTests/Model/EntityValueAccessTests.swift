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
        try entity.set(note, to: .string("a"))
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

/// Every write checks what it writes: a descriptor of another entity type, a value of another EDM type, a null
/// in a non-nullable key and an integer out of range are errors that change nothing; a base type's descriptor
/// of an inherited property is the same property.
final class EntityValueWriteCheckTests: XCTestCase {
    private let order = EntityValueCompactStorageTests.order
    private static let other = EntityTypeDescriptor(
        qualifiedName: "T.Other",
        properties: [
            PropertyDescriptor(name: "Id", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
            PropertyDescriptor(name: "Note", type: .primitive(.int32), index: 1),
        ],
        keyNames: ["Id"])

    func testADescriptorOfAnotherTypeIsRefusedNotDropped() {
        var entity = EntityValue(type: order)
        XCTAssertThrowsError(try entity.set(Self.other.properties[1], to: .int32(1))) { error in
            XCTAssertEqual((error as? DataModelError)?.message, "Note is not a property of T.Order")
        }
        XCTAssertThrowsError(try entity.set(Self.other.properties[0], to: .int32(1)))
        XCTAssertFalse(entity.hasChanges)
        XCTAssertNil(entity[order.properties[1]])
    }

    func testWrongTypesNullKeysAndOutOfRangeIntegersAreRefused() throws {
        var entity = EntityValue(type: order)
        let id = order.properties[0]
        XCTAssertThrowsError(try entity.set(id, to: .string("1")), "a value of another EDM type")
        XCTAssertThrowsError(try entity.set(id, to: .null)) { error in
            XCTAssertEqual((error as? DataModelError)?.message, "property ID is not nullable")
        }
        XCTAssertThrowsError(try entity.set(id, to: .int64(Int64(Int32.max) + 1)), "an integer out of Edm.Int32's range")
        XCTAssertFalse(entity.hasChanges)
        try entity.set(id, to: .int32(7))
        XCTAssertEqual(entity[id], .int32(7))
    }

    func testATypedNullInANonNullablePropertyIsAnErrorBeforeSending() throws {
        let counted = EntityTypeDescriptor(
            qualifiedName: "T.Counted",
            properties: [
                PropertyDescriptor(name: "ID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
                PropertyDescriptor(name: "Count", type: .primitive(.int32), index: 1, isNullable: false),
            ],
            keyNames: ["ID"])
        var entity = EntityValue(type: counted)
        entity.setValue(nil, for: TypedProperty<Int>(counted.properties[1]))
        XCTAssertThrowsError(try entity.checkWritableValues()) { error in
            XCTAssertEqual((error as? ODataValueError)?.reason, "T.Counted.Count is not nullable")
        }
        entity.setValue(2, for: TypedProperty<Int>(counted.properties[1]))
        // a null key is sent: the server refuses it with its own error, or assigns the key (MockSAPTypedWriteTests)
        entity.setValue(nil, for: TypedProperty<Int>(counted.properties[0]))
        XCTAssertNoThrow(try entity.checkWritableValues())
        entity.setValue(Int(Int32.max) + 1, for: TypedProperty<Int>(counted.properties[0]))
        XCTAssertThrowsError(try entity.checkWritableValues(), "an Int beyond Edm.Int32")
        entity.setValue(3, for: TypedProperty<Int>(counted.properties[0]))
        XCTAssertNoThrow(try entity.checkWritableValues())
    }

    func testABaseTypesDescriptorReadsAndWritesTheInheritedProperty() throws {
        let derived = EntityTypeDescriptor(
            qualifiedName: "T.SpecialOrder",
            properties: [
                PropertyDescriptor(name: "ID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
                PropertyDescriptor(name: "Note", type: .primitive(.string), index: 1),
                PropertyDescriptor(name: "Level", type: .primitive(.int32), index: 2),
            ],
            keyNames: ["ID"], baseTypeName: "T.Order")
        var entity = EntityValue(type: derived)
        try entity.set(order.properties[1], to: .string("base"))
        XCTAssertEqual(entity[order.properties[1]], .string("base"))
        XCTAssertEqual(entity.value(of: TypedProperty<String>(order.properties[1])), "base")
        XCTAssertEqual(entity.changedProperties.map(\.name), ["Note"])
    }
}
