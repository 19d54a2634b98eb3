import ODataMetadata
import XCTest

@_spi(Generated) @testable import OData

/// The compact descriptor rows and index-based typed descriptors that generated code uses.
final class PropertyTableTests: XCTestCase {
    private static let address = ComplexTypeDescriptor(
        qualifiedName: "Test.Address",
        properties: PropertyDescriptor.table(["City Edm.String MaxLength=40", "Zip Edm.String"]))

    private struct Address: ComplexTypeProtocol {
        static var complexType: ComplexTypeDescriptor { PropertyTableTests.address }
        var complexValue: ComplexValue
        init(complexValue: ComplexValue) { self.complexValue = complexValue }
    }

    private struct Order: EntityProtocol {
        static let entityType: EntityTypeDescriptor = EntityTypeDescriptor(
            qualifiedName: "Test.Order",
            properties: PropertyDescriptor.table(
                [
                    "OrderId Edm.Int64 Nullable=false Key",
                    "Amount Edm.Decimal Precision=15 Scale=3",
                    "Note Edm.String Nullable=false MaxLength=255 ConcurrencyMode=Fixed",
                    "ShipTo Test.Address",
                    "Tags Collection(Edm.String)",
                    "Stops Collection(Test.Address)",
                ],
                complexTypes: [PropertyTableTests.address]),
            navigationProperties: [
                NavigationDescriptor(name: "Next", isCollection: false, targetTypeName: "Test.Order", index: 0) { Order.entityType }
            ],
            keyNames: ["OrderId"])
        var entityValue: EntityValue
        init(entityValue: EntityValue) { self.entityValue = entityValue }
    }

    func testRowsExpandToTheDescriptorsTheLongFormDeclares() {
        let properties = Order.entityType.properties
        XCTAssertEqual(properties.map(\.name), ["OrderId", "Amount", "Note", "ShipTo", "Tags", "Stops"])
        XCTAssertEqual(properties.map(\.index), Array(0..<6))
        XCTAssertEqual(properties[0].type.primitiveType, .int64)
        XCTAssertFalse(properties[0].isNullable)
        XCTAssertTrue(properties[0].isKey)
        XCTAssertEqual(Order.entityType.keyProperties.map(\.name), ["OrderId"])
        XCTAssertEqual(properties[1].precision, 15)
        XCTAssertEqual(properties[1].scale, 3)
        XCTAssertTrue(properties[1].isNullable)
        XCTAssertFalse(properties[1].isKey)
        XCTAssertEqual(properties[2].maxLength, 255)
        XCTAssertTrue(properties[2].isConcurrencyToken)
        XCTAssertFalse(properties[2].isNullable)
        XCTAssertTrue(properties[3].type.complexType === Self.address)
        XCTAssertFalse(properties[3].type.isCollection)
        XCTAssertEqual(properties[4].type.primitiveType, .string)
        XCTAssertTrue(properties[4].type.isCollection)
        XCTAssertTrue(properties[5].type.complexType === Self.address)
        XCTAssertTrue(properties[5].type.isCollection)
        XCTAssertNil(properties[4].maxLength)
        XCTAssertFalse(properties[4].isConcurrencyToken)
        XCTAssertEqual(Self.address.properties.map(\.maxLength), [40, nil])
    }

    func testMalformedRowsAreReportedWithTheReason() {
        func reason(_ row: String) -> String? {
            switch PropertyDescriptor.parse(row, index: 0, complexTypes: [Self.address]) {
            case .success: return nil
            case .failure(let error): return error.reason
            }
        }
        XCTAssertEqual(reason("Name"), "expected a name and a type")
        XCTAssertEqual(reason(" Edm.String"), "expected a name and a type")
        XCTAssertEqual(reason("Name Edm.Text"), "unknown type Edm.Text")
        XCTAssertEqual(reason("Name Test.Missing"), "unknown type Test.Missing")
        XCTAssertEqual(reason("Name Collection(Test.Missing)"), "unknown type Collection(Test.Missing)")
        XCTAssertEqual(reason("Name Edm.String Nullable=true"), "unknown facet Nullable=true")
        XCTAssertEqual(reason("Name Edm.String MaxLength=-1"), "unknown facet MaxLength=-1")
        XCTAssertEqual(reason("Name Edm.String MaxLength=x"), "unknown facet MaxLength=x")
        XCTAssertEqual(reason("Name Edm.String Width=3"), "unknown facet Width=3")
        XCTAssertEqual(reason("Name Edm.String  Key"), "unknown facet ")
        XCTAssertNil(reason("Name Edm.String Key"))
    }

    func testIndexBasedTypedDescriptorsAreTheTablesEntries() {
        let amount = TypedProperty<BigDecimal>(entity: Order.self, index: 1)
        XCTAssertTrue(amount.descriptor === Order.entityType.properties[1])
        let zip = TypedProperty<String>(complex: Address.self, index: 1)
        XCTAssertTrue(zip.descriptor === Self.address.properties[1])
        let next = TypedNavigationProperty<Order>(entity: Order.self, index: 0)
        XCTAssertTrue(next.descriptor === Order.entityType.navigationProperties[0])

        var order = Order()
        order.setValue(BigDecimal(12), for: amount)
        XCTAssertEqual(order.value(of: amount), BigDecimal(12))
        XCTAssertEqual(order.entityValue.changedProperties.map(\.name), ["Amount"])
    }
}

/// The generator checks row types against `ODataMetadata`'s primitives; the runtime resolves them with `EdmType`.
final class PropertyTablePrimitiveTests: XCTestCase {
    func testTheRuntimeResolvesEveryPrimitiveTheGeneratorAccepts() {
        XCTAssertEqual(
            Set(EdmType.allCases.map(\.rawValue)), Set(ODataMetadata.EDMPrimitiveType.allCases.map(\.rawValue)))
    }
}
