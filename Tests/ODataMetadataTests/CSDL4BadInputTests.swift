import XCTest

@testable import ODataMetadata

/// Bad CSDL 4 input: each problem a located diagnostic, never a crash or a silent skip.
final class CSDL4BadInputTests: XCTestCase {
    private func parse(_ body: String) throws -> ServiceMetadata { try Fixtures.parse(CSDL4Tests.document(body)) }

    /// The lines of the diagnostics with `code` (the body starts on line 5 of the document).
    private func lines(_ metadata: ServiceMetadata, _ code: String) -> [Int] { metadata.diagnostics(code).map(\.location.line) }

    func testUnknownElementsAndAttributes() throws {
        let metadata = try parse(
            """
            <EntityType Name="T" Colour="red"><Key><PropertyRef Name="K"/></Key>
              <Property Name="K" Type="Edm.Int32" Nullable="false" Size="4"/><Gadget/></EntityType>
            <Frobnicator Name="F"/>
            <EntityContainer Name="C"><EntitySet Name="Ts" EntityType="Lib.T" Shape="round"/></EntityContainer>
            """)
        XCTAssertEqual(lines(metadata, "unknown-attribute"), [5, 6, 8])
        XCTAssertEqual(lines(metadata, "unknown-element"), [6, 7])
        XCTAssertTrue(metadata.diagnostics("unknown-attribute").first?.message.contains("Colour") == true)
        XCTAssertTrue(metadata.diagnostics.allSatisfy { $0.location.column > 0 }, "\(metadata.diagnostics)")
    }

    /// Properties, parameters and return types are checked against their own lists, whichever facets they have.
    func testUnknownAttributesOfPropertiesParametersAndReturnTypes() throws {
        let metadata = try parse(
            """
            <EntityType Name="T"><Key><PropertyRef Name="K"/></Key>
              <Property Name="K" Type="Edm.Decimal" Nullable="false" MaxLength="4" Precision="3" Scale="2"/>
              <Property Name="P" Type="Edm.String" m:FC_KeepInContent="true" SRID="0" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"/></EntityType>
            <Function Name="F"><Parameter Name="p" Type="Edm.String" DefaultValue="x"/>
              <ReturnType Name="r" Type="Edm.String" Nullable="false"/></Function>
            """)
        XCTAssertEqual(lines(metadata, "unknown-attribute"), [8, 9])
        XCTAssertEqual(lines(metadata, "v2-attribute-in-v4"), [7])
        let messages = metadata.diagnostics("unknown-attribute").map(\.message)
        XCTAssertTrue(messages.first?.contains("Parameter p has the attribute DefaultValue") == true, "\(messages)")
        XCTAssertTrue(messages.last?.contains("ReturnType") == true && messages.last?.contains("attribute Name") == true, "\(messages)")
    }

    /// Navigation properties and bindings read all their attributes in one pass: a missing `Name`, `Type`, `Path` or
    /// `Target` is reported and the element skipped, an unknown or v2 attribute reported, the facets read as before.
    func testNavigationPropertiesAndBindingsWithMissingOrUnknownAttributes() throws {
        let metadata = try parse(
            """
            <EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/>
              <NavigationProperty Type="Lib.T"/>
              <NavigationProperty Name="NoType"/>
              <NavigationProperty Name="Odd" Type=" Lib.T " Nullable="maybe" Colour="red" ContainsTarget="1"/>
              <NavigationProperty Name="Many" Type="Collection(Lib.T)" Partner="Odd" m:FC_KeepInContent="true" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"/></EntityType>
            <EntityContainer Name="C"><EntitySet Name="Ts" EntityType="Lib.T">
              <NavigationPropertyBinding Target="Ts"/><NavigationPropertyBinding Path="Odd"/>
              <NavigationPropertyBinding Path="Many" Target="Ts" Shape="round"/></EntitySet></EntityContainer>
            """)
        XCTAssertEqual(lines(metadata, "missing-attribute"), [6, 7, 11, 11])
        XCTAssertEqual(lines(metadata, "unknown-attribute"), [8, 12])
        XCTAssertEqual(lines(metadata, "v2-attribute-in-v4"), [9])
        XCTAssertEqual(lines(metadata, "invalid-facet"), [8])
        let type = try XCTUnwrap(metadata.entityType(named: "Lib.T"))
        XCTAssertEqual(type.navigationProperties.map(\.name), ["Odd", "Many"])
        XCTAssertEqual(type.navigationProperties.map(\.targetType), ["Lib.T", "Lib.T"])
        XCTAssertEqual(type.navigationProperties.map(\.multiplicity), [.zeroOrOne, .many])
        XCTAssertEqual(type.navigationProperties.map(\.containsTarget), [true, false])
        XCTAssertEqual(type.navigationProperties.map(\.partner), [nil, "Odd"])
        let bindings = try XCTUnwrap(metadata.schemas.first?.entityContainers.first?.entitySets.first?.navigationPropertyBindings)
        XCTAssertEqual(bindings.map(\.path), ["Many"])
        XCTAssertEqual(bindings.map(\.target), ["Ts"])
    }

    /// Shorthand annotations that repeat a term, or follow one with another, keep their own terms.
    func testShorthandAnnotationsKeepTheirOwnTerms() throws {
        let metadata = try parse(
            """
            <EntityType Name="T"><Key><PropertyRef Name="K"/></Key>
              <Property Name="K" Type="Edm.Int32" Nullable="false"><Annotation Term="Core.Description" String="a"/></Property>
              <Property Name="L" Type="Edm.Int32"><Annotation Term="Core.Description" String="b"/></Property>
              <Property Name="M" Type="Edm.Int32"><Annotation Term="Core.LongDescription" String="c"/>
                <Annotation Term="Core.Description" Qualifier="q" String="d"/></Property></EntityType>
            """)
        let annotations = metadata.schemas.flatMap(\.annotationBlocks).flatMap(\.annotations)
        XCTAssertEqual(annotations.map(\.term), ["Core.Description", "Core.Description", "Core.LongDescription", "Core.Description"])
        XCTAssertEqual(annotations.map(\.value), ["a", "b", "c", "d"])
        XCTAssertEqual(annotations.map(\.qualifier), [nil, nil, nil, "q"])
    }

    func testV2AttributesAndElementsInAV4Document() throws {
        let metadata = try parse(
            """
            <EntityType Name="T" m:HasStream="true" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
              <Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false" ConcurrencyMode="Fixed"/>
              <Property Name="When" Type="Edm.DateTime"/>
              <NavigationProperty Name="N" Type="Lib.T" Relationship="Lib.A" FromRole="a" ToRole="b"/></EntityType>
            <Association Name="A"><End Type="Lib.T" Multiplicity="1" Role="a"/><End Type="Lib.T" Multiplicity="*" Role="b"/></Association>
            """)
        XCTAssertEqual(lines(metadata, "v2-attribute-in-v4"), [5, 6, 8, 8, 8])
        XCTAssertEqual(lines(metadata, "v2-element-in-v4"), [9])
        XCTAssertEqual(metadata.schemas.first?.associations, [])
        // Edm.DateTime is OData 2's: reported by name, not silently mapped.
        XCTAssertEqual(lines(metadata, "unsupported-type"), [7])
        XCTAssertEqual(metadata.entityType(named: "Lib.T")?.property(named: "When")?.type, .unresolved("Edm.DateTime"))
        XCTAssertEqual(metadata.entityType(named: "Lib.T")?.hasStream, false)
    }

    func testInvalidEnumTypesAndValues() throws {
        let metadata = try parse(
            """
            <EnumType Name="Small" UnderlyingType="Edm.Byte"><Member Name="A" Value="1"/><Member Name="Big" Value="300"/>
              <Member Name="Word" Value="seven"/><Member Name="A" Value="2"/></EnumType>
            <EnumType Name="Text" UnderlyingType="Edm.String"><Member Name="X"/></EnumType>
            <EnumType Name="Bits" IsFlags="true"><Member Name="One" Value="1"/><Member Name="Two"/></EnumType>
            <EnumType Name="Mask" IsFlags="true" UnderlyingType="Edm.Int64"><Member Name="All" Value="-1"/></EnumType>
            """)
        XCTAssertEqual(lines(metadata, "invalid-enum-value"), [5, 6, 8, 9])
        // A negative flags value is against the rule (CSDL 4.01 §10.2.2) but usable: a warning, and the member kept.
        XCTAssertEqual(metadata.diagnostics("invalid-enum-value").last?.severity, .warning)
        XCTAssertEqual(metadata.enumType(named: "Lib.Mask")?.members.map(\.value), [-1])
        XCTAssertEqual(lines(metadata, "invalid-underlying-type"), [7])
        XCTAssertEqual(lines(metadata, "duplicate-name"), [6])
        XCTAssertEqual(metadata.enumType(named: "Lib.Small")?.members.map(\.name), ["A"])
        XCTAssertEqual(metadata.enumType(named: "Lib.Text")?.underlyingType, .int32)
        XCTAssertEqual(metadata.enumType(named: "Lib.Bits")?.members.map(\.value), [1, 2])
    }

    func testCyclesInBaseTypesAndTypeDefinitions() throws {
        let metadata = try parse(
            """
            <TypeDefinition Name="Loop" UnderlyingType="L.Loop"/>
            <TypeDefinition Name="A" UnderlyingType="Lib.B"/><TypeDefinition Name="B" UnderlyingType="Lib.A"/>
            <TypeDefinition Name="Where" UnderlyingType="Edm.GeographyPoint"/>
            <EntityType Name="E1" BaseType="Lib.E2"><Property Name="P" Type="Lib.Loop"/></EntityType>
            <EntityType Name="E2" BaseType="L.E1"/>
            <ComplexType Name="C1" BaseType="Lib.C1"/>
            """)
        XCTAssertEqual(lines(metadata, "cyclic-type-definition"), [5])
        XCTAssertEqual(lines(metadata, "invalid-underlying-type"), [6, 6])
        XCTAssertEqual(lines(metadata, "unsupported-type"), [7])
        XCTAssertEqual(lines(metadata, "basetype-cycle"), [8, 9, 10])
        XCTAssertEqual(metadata.typeDefinitions, [])
        // A property of a type definition that was left out is reported, not dropped silently.
        XCTAssertEqual(lines(metadata, "unresolved-type"), [8])
        XCTAssertEqual(metadata.entityType(named: "Lib.E1")?.property(named: "P")?.type, .unresolved("Lib.Loop"))
    }

    func testDanglingOperationsImportsAndPartners() throws {
        let metadata = try parse(
            """
            <EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/>
              <NavigationProperty Name="N" Type="Lib.T" Partner="Nope"/><NavigationProperty Name="Bad" Type="Edm.String"/></EntityType>
            <Action Name="Bound" IsBound="true"/>
            <Function Name="NoReturn"><Parameter Name="x" Type="Edm.Int32"/><Parameter Name="x" Type="Edm.Int32"/></Function>
            <EntityContainer Name="C"><Singleton Name="Me" Type="Lib.Missing"/><ActionImport Name="Go" Action="Lib.Gone"/>
              <FunctionImport Name="F" Function="Lib.Vanished"/>
              <EntitySet Name="Ts" EntityType="Lib.T"><NavigationPropertyBinding Path="N" Target="Elsewhere"/></EntitySet></EntityContainer>
            """)
        XCTAssertEqual(lines(metadata, "unresolved-partner"), [6])
        XCTAssertEqual(lines(metadata, "invalid-navigation-type"), [6])
        XCTAssertEqual(lines(metadata, "missing-binding-parameter"), [7])
        XCTAssertEqual(lines(metadata, "missing-return-type"), [8])
        XCTAssertEqual(lines(metadata, "duplicate-name"), [8])
        XCTAssertEqual(lines(metadata, "unresolved-type"), [9])
        XCTAssertEqual(lines(metadata, "unresolved-action"), [9])
        XCTAssertEqual(lines(metadata, "unresolved-function"), [10])
        XCTAssertEqual(lines(metadata, "unresolved-entity-set"), [11])
        XCTAssertEqual(metadata.operations(named: "Lib.Bound").first?.isBound, false)
    }

    func testContainerChildrenOfDifferentKindsMayNotShareAName() throws {
        let metadata = try parse(
            """
            <EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/></EntityType>
            <Function Name="Count"><ReturnType Type="Edm.Int32"/></Function><Action Name="Reset"/>
            <EntityContainer Name="C"><EntitySet Name="Ts" EntityType="Lib.T"/><Singleton Name="Me" Type="Lib.T"/>
              <FunctionImport Name="Ts" Function="Lib.Count"/><FunctionImport Name="Count" Function="Lib.Count"/>
              <ActionImport Name="Me" Action="Lib.Reset"/><ActionImport Name="Reset" Action="Lib.Reset"/></EntityContainer>
            """)
        XCTAssertEqual(
            metadata.diagnostics("duplicate-name").map(\.message),
            [
                "EntityContainer C has an EntitySet and a FunctionImport both named Ts",
                "EntityContainer C has a Singleton and an ActionImport both named Me",
            ])
        XCTAssertEqual(lines(metadata, "duplicate-name"), [8, 9])
        // v2 and v3: function imports and entity sets share the container's names ([MC-CSDL] 2.1.14); an association set
        // named like an entity set is not reported (it never stands in a URL).
        let v2 = try Fixtures.parse(
            Fixtures.edmx(
                """
                <EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/></EntityType>
                <Association Name="A"><End Type="Test.T" Multiplicity="1" Role="a"/><End Type="Test.T" Multiplicity="*" Role="b"/></Association>
                <EntityContainer Name="C" m:IsDefaultEntityContainer="true"><EntitySet Name="Ts" EntityType="Test.T"/>
                  <AssociationSet Name="Ts" Association="Test.A"><End Role="a" EntitySet="Ts"/><End Role="b" EntitySet="Ts"/></AssociationSet>
                  <FunctionImport Name="Ts" ReturnType="Edm.Int32" m:HttpMethod="GET"/></EntityContainer>
                """))
        XCTAssertEqual(
            v2.diagnostics("duplicate-name").map(\.message),
            ["EntityContainer C has an EntitySet and a FunctionImport both named Ts"])
    }

    func testStrictModeFailsOnTheFirstError() throws {
        let error = assertParseFails(
            CSDL4Tests.document(#"<EnumType Name="E"><Member Name="A" Value="x"/></EnumType>"#), kind: .strictModeViolation,
            options: .strict)
        XCTAssertEqual(error?.location?.line, 5)
        XCTAssertTrue(error?.message.contains("invalid-enum-value") == true, error?.message ?? "")
    }
}
