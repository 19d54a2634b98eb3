import XCTest

@_spi(Generated) @testable import OData

/// A generated property names its type and position (`TypedProperty(entity:index:)`), not its descriptor, so
/// that a read touches no descriptor; it must stay the same property as the descriptor's own form everywhere.
final class TypedPropertySourceTests: XCTestCase {
    private struct Order: EntityProtocol {
        static let entityType: EntityTypeDescriptor = EntityTypeDescriptor(
            qualifiedName: "T.Order",
            properties: [
                PropertyDescriptor(name: "ID", type: .primitive(.int32), index: 0, isNullable: false, isKey: true),
                PropertyDescriptor(name: "Note", type: .primitive(.string), index: 1),
            ],
            keyNames: ["ID"])
        var entityValue: EntityValue
        init(entityValue: EntityValue) { self.entityValue = entityValue }
    }

    private struct Line: ComplexTypeProtocol {
        static let complexType = ComplexTypeDescriptor(
            qualifiedName: "T.Line", properties: [PropertyDescriptor(name: "Text", type: .primitive(.string), index: 0)])
        var complexValue: ComplexValue
        init(complexValue: ComplexValue) { self.complexValue = complexValue }
    }

    func testAGeneratedPropertyIsTheDescriptorsOwnProperty() {
        let generated = TypedProperty<String>(entity: Order.self, index: 1)
        let wrapped = TypedProperty<String>(Order.entityType.properties[1])
        XCTAssertTrue(generated.descriptor === Order.entityType.properties[1])
        XCTAssertEqual(generated, wrapped)
        XCTAssertEqual(generated.hashValue, wrapped.hashValue)
        XCTAssertEqual(Set([generated, wrapped]).count, 1)
        XCTAssertNotEqual(generated, TypedProperty<String>(entity: Order.self, index: 0))
        XCTAssertEqual(generated.name, "Note")
        XCTAssertEqual(TypedProperty<String>(complex: Line.self, index: 0).descriptor, Line.complexType.properties[0])
    }

    func testReadsAndWritesGoToThePropertysSlot() {
        let note = TypedProperty<String>(entity: Order.self, index: 1)
        var order = Order(entityValue: EntityValue(type: Order.entityType))
        order.setValue("first", for: note)
        XCTAssertEqual(order.value(of: note), "first")
        XCTAssertEqual(order.entityValue["Note"], .string("first"))
        XCTAssertNil(order.value(of: TypedProperty<Int>(entity: Order.self, index: 0)))
        XCTAssertEqual(DataQuery().select(note).filter(note.equal("x")).queryString, "$filter=Note%20eq%20'x'&$select=Note")
    }
}
