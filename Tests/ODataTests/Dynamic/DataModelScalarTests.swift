import Foundation
import ODataMetadata
import XCTest

@testable import OData

/// The dynamic API's model of what OData 3.0 and v4 add to scalar types: enum-typed properties and parameters
/// keep their enum type (and are no longer left out), and type-definition-typed properties are held as their
/// underlying type with the definition's facets where they declare none.
final class DataModelScalarTests: XCTestCase {
    func testEnumsAndTypeDefinitionsAreModelled() throws {
        let edmx = """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
              <edmx:DataServices>
                <Schema Namespace="T" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                  <EnumType Name="Flags" IsFlags="true"><Member Name="A" Value="1"/><Member Name="B" Value="2"/></EnumType>
                  <TypeDefinition Name="Code" UnderlyingType="Edm.String" MaxLength="10"/>
                  <TypeDefinition Name="Amount" UnderlyingType="Edm.Decimal" Precision="12" Scale="3"/>
                  <EntityType Name="Item"><Key><PropertyRef Name="Code"/></Key>
                    <Property Name="Code" Type="T.Code" Nullable="false"/>
                    <Property Name="ShortCode" Type="T.Code" MaxLength="4"/>
                    <Property Name="Price" Type="T.Amount"/>
                    <Property Name="Flags" Type="T.Flags"/>
                    <Property Name="History" Type="Collection(T.Flags)"/>
                  </EntityType>
                  <EntityContainer Name="C"><EntitySet Name="Items" EntityType="T.Item"/></EntityContainer>
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """
        let model = try DataModel(metadata: MetadataParser.parse(Data(edmx.utf8)))
        XCTAssertEqual(model.diagnostics, [])
        let item = try model.entitySet("Items").entityType
        XCTAssertEqual(item.properties.map(\.name), ["Code", "ShortCode", "Price", "Flags", "History"])
        XCTAssertEqual(item.keyProperties.map(\.name), ["Code"])
        let code = try XCTUnwrap(item.property(named: "Code"))
        XCTAssertEqual(code.type.primitiveType, .string)
        XCTAssertEqual(code.maxLength, 10)
        XCTAssertEqual(item.property(named: "ShortCode")?.maxLength, 4, "the property's own facet wins")
        XCTAssertEqual(item.property(named: "Price")?.precision, 12)
        XCTAssertEqual(item.property(named: "Price")?.scale, 3)
        let flags = try XCTUnwrap(item.property(named: "Flags")?.enumType)
        XCTAssertEqual(flags.qualifiedName, "T.Flags")
        XCTAssertTrue(flags.isFlags)
        XCTAssertEqual(flags.memberValues, [1, 2])
        XCTAssertTrue(item.property(named: "History")?.enumType === flags, "one descriptor per enum type")
        XCTAssertTrue(item.property(named: "History")?.type.isCollection ?? false)
    }
}
