import Foundation
import XCTest

@testable import OData

/// A complex value's writes are checked as an entity's are: an unknown name, a descriptor of another type, a
/// value of another type and an integer out of range throw and change nothing; nothing is dropped silently, and
/// a descriptor of another type never reads or writes another property's slot.
final class ComplexValueWriteCheckTests: XCTestCase {
    static let address = ComplexTypeDescriptor(
        qualifiedName: "T.Address",
        properties: [
            PropertyDescriptor(name: "Street", type: .primitive(.string), index: 0),
            PropertyDescriptor(name: "Zip", type: .primitive(.int16), index: 1, isNullable: false),
        ])
    static let other = ComplexTypeDescriptor(
        qualifiedName: "T.Other", properties: [PropertyDescriptor(name: "Code", type: .primitive(.string), index: 0)])

    func testEveryWayReadsWhatEveryWayWrote() throws {
        var address = ComplexValue(type: Self.address)
        try address.set(Self.address.properties[0], to: .string("Main"))
        XCTAssertEqual(address["Street"], .string("Main"))
        try address.set("Zip", to: .int16(12))
        XCTAssertEqual(address[Self.address.properties[1]], .int16(12))
        try address.set("Street", "Side")
        XCTAssertEqual(address.values, [.string("Side"), .int16(12)])
    }

    func testWrongWritesThrowAndChangeNothing() throws {
        var address = ComplexValue(type: Self.address)
        try address.set("Street", to: .string("Main"))
        let before = address
        let cases: [(() throws -> Void, String)] = [
            ({ try address.set("Strete", to: .string("x")) }, "T.Address has no property Strete"),
            ({ try address.set(Self.other.properties[0], to: .string("x")) }, "Code is not a property of T.Address"),
            ({ try address.set("Street", to: .int32(1)) }, "property Street holds Edm.String, not Edm.Int32"),
            ({ try address.set("Zip", to: .null) }, "property Zip is not nullable"),
        ]
        for (write, message) in cases {
            XCTAssertThrowsError(try write()) { error in XCTAssertEqual((error as? DataModelError)?.message, message) }
        }
        XCTAssertThrowsError(try address.set("Zip", to: .int32(70_000)), "out of Edm.Int16's range")
        XCTAssertEqual(address, before)
    }

    func testADescriptorOfAnotherTypeReadsNothing() throws {
        var address = ComplexValue(type: Self.address)
        try address.set("Street", to: .string("Main"))
        XCTAssertNil(address[Self.other.properties[0]], "slot 0 is Street's, not Code's")
        // The same property from another model (name, position and type) is this type's.
        let sameFromElsewhere = PropertyDescriptor(name: "Street", type: .primitive(.string), index: 0)
        XCTAssertEqual(address[sameFromElsewhere], .string("Main"))
    }
}
