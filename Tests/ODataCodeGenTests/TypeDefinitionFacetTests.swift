import Foundation
import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// A property typed with a `TypeDefinition` gets the definition's facets in its descriptor (MaxLength, Precision,
/// Scale), unless it declares its own, which win.
final class TypeDefinitionFacetTests: XCTestCase {
    static let document = TestSupport.edmx4(
        types: """
            <TypeDefinition Name="Code" UnderlyingType="Edm.String" MaxLength="10" Unicode="false"/>
            <TypeDefinition Name="Amount" UnderlyingType="Edm.Decimal" Precision="12" Scale="3"/>
            <ComplexType Name="Label"><Property Name="Text" Type="T.Code"/></ComplexType>
            <EntityType Name="Item"><Key><PropertyRef Name="Code"/></Key>
              <Property Name="Code" Type="T.Code" Nullable="false"/>
              <Property Name="ShortCode" Type="T.Code" MaxLength="4"/>
              <Property Name="Price" Type="T.Amount"/>
              <Property Name="RoughPrice" Type="T.Amount" Scale="0"/>
              <Property Name="Tags" Type="Collection(T.Code)"/>
              <Property Name="Label" Type="T.Label"/>
            </EntityType>
            <EntityType Name="Odd"><Key><PropertyRef Name="ID"/></Key>
              <Property Name="ID" Type="Edm.Int32" Nullable="false"/><Property Name="Rough Price" Type="T.Amount" Scale="0"/>
            </EntityType>
            """,
        container: #"<EntitySet Name="Items" EntityType="T.Item"/><EntitySet Name="Odds" EntityType="T.Odd"/>"#)

    func testTheDefinitionsFacetsApplyWhereThePropertyDeclaresNone() throws {
        let result = try TestSupport.generate(Self.document)
        XCTAssertEqual(result.diagnostics, [])
        let item = try TestSupport.file(result, "Item.swift")
        XCTAssertContains(item, #""Code Edm.String Nullable=false MaxLength=10 Key","#)
        XCTAssertContains(item, #""ShortCode Edm.String MaxLength=4","#)  // the property's own MaxLength wins
        XCTAssertContains(item, #""Price Edm.Decimal Precision=12 Scale=3","#)
        XCTAssertContains(item, #""RoughPrice Edm.Decimal Precision=12 Scale=0","#)  // the property's own Scale wins
        XCTAssertContains(item, #""Tags Collection(Edm.String) MaxLength=10","#)  // a collection of a definition too
        // A name a row cannot carry gets the long form, with the same facets.
        XCTAssertContains(
            try TestSupport.file(result, "Odd.swift"),
            #"OData.PropertyDescriptor(name: "Rough Price", type: OData.PropertyType.primitive(OData.EdmType.decimal), index: 1, precision: 12, scale: 0)"#
        )
        XCTAssertContains(try TestSupport.file(result, "Label.swift"), #""Text Edm.String MaxLength=10""#)
    }

    func testTheModelAppliesTheFacetsOnceForEveryUser() throws {
        let metadata = try MetadataParser.parse(Data(Self.document.utf8))
        let item = try XCTUnwrap(metadata.entityType(named: "T.Item"))
        let applied = item.properties.map(metadata.withTypeDefinitionFacets)
        XCTAssertEqual(applied[0].maxLength, .value(10))
        XCTAssertEqual(applied[0].isUnicode, false)
        XCTAssertEqual(applied[1].maxLength, .value(4))
        XCTAssertEqual(applied[2].precision, 12)
        XCTAssertEqual(applied[2].scale, 3)
        XCTAssertEqual(applied[3].scale, 0)
        XCTAssertEqual(applied[4].maxLength, .value(10))
        XCTAssertEqual(applied[5], item.properties[5], "a property of another type is unchanged")
        XCTAssertNil(item.properties[0].maxLength, "the model keeps what the document declares")
    }
}
