import XCTest

@testable import ODataMetadata

/// One feature per test, on small synthetic documents.
final class FeatureTests: XCTestCase {
    func testAliasesAreResolvedInEveryTypeName() throws {
        let metadata = try Fixtures.parse(
            Fixtures.edmx(
                """
                <EntityType Name="Base" Abstract="true"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
                <EntityType Name="Order" BaseType="Self.Base">
                  <Property Name="Ship" Type="Self.Address"/>
                  <NavigationProperty Name="Lines" Relationship="Self.Order_Lines" FromRole="Order" ToRole="Line"/>
                </EntityType>
                <EntityType Name="Line"><Key><PropertyRef Name="No"/></Key><Property Name="No" Type="Edm.Int32" Nullable="false"/></EntityType>
                <ComplexType Name="Address"><Property Name="City" Type="Edm.String"/></ComplexType>
                <Association Name="Order_Lines"><End Type="Self.Order" Role="Order" Multiplicity="1"/><End Type="Self.Line" Role="Line" Multiplicity="*"/></Association>
                <EntityContainer Name="C" m:IsDefaultEntityContainer="true">
                  <EntitySet Name="Orders" EntityType="Self.Order"/><EntitySet Name="Lines" EntityType="Self.Line"/>
                  <AssociationSet Name="OL" Association="Self.Order_Lines"><End Role="Order" EntitySet="Orders"/><End Role="Line" EntitySet="Lines"/></AssociationSet>
                  <FunctionImport Name="Top" ReturnType="Collection(Self.Order)" EntitySet="Orders"><Parameter Name="n" Type="Edm.Int32" Mode="In"/></FunctionImport>
                </EntityContainer>
                <Annotations Target="Self.Order/Ship" xmlns="http://docs.oasis-open.org/odata/ns/edm"><Annotation Term="Core.Description" String="where to"/></Annotations>
                """, namespace: "Shop.Model", alias: "Self"))
        XCTAssertEqual(metadata.diagnostics, [])
        let order = try XCTUnwrap(metadata.entityType(named: "Self.Order"))
        XCTAssertEqual(order.qualifiedName, "Shop.Model.Order")
        XCTAssertEqual(order.baseType, "Shop.Model.Base")
        XCTAssertEqual(order.key, ["ID"])
        XCTAssertEqual(order.properties.map(\.name), ["ID", "Ship"])
        XCTAssertEqual(order.property(named: "Ship")?.type, .complex(qualifiedName: "Shop.Model.Address"))
        XCTAssertEqual(order.navigationProperty(named: "Lines")?.relationship, "Shop.Model.Order_Lines")
        XCTAssertEqual(order.navigationProperty(named: "Lines")?.targetType, "Shop.Model.Line")
        XCTAssertEqual(metadata.association(named: "Self.Order_Lines")?.ends.map(\.type), ["Shop.Model.Order", "Shop.Model.Line"])
        XCTAssertEqual(metadata.entitySet(named: "Orders")?.entityType, "Shop.Model.Order")
        XCTAssertEqual(metadata.defaultContainer?.associationSets.first?.association, "Shop.Model.Order_Lines")
        XCTAssertEqual(
            metadata.defaultContainer?.functionImports.first?.returnType, .collection(.entity(qualifiedName: "Shop.Model.Order")))
        XCTAssertEqual(metadata.schemas.first?.annotationBlocks.first?.target, "Shop.Model.Order/Ship")
        XCTAssertEqual(metadata.schemas.first?.annotationBlocks.first?.annotations.first?.value, "where to")
        let json = metadata.inspectionJSON().rendered()
        XCTAssertFalse(json.contains("\"Self."), json)
    }

    func testContainersBeforeTypesAndAcrossSchemas() throws {
        let types = """

                <Schema Namespace="Types" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
                  <EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Guid" Nullable="false"/></EntityType>
                </Schema>
            """
        let metadata = try Fixtures.parse(
            Fixtures.edmx(
                #"<EntityContainer Name="C"><EntitySet Name="Ts" EntityType="Types.T"/></EntityContainer>"#, namespace: "Sets",
                extraSchemas: types))
        XCTAssertEqual(metadata.diagnostics, [])
        XCTAssertEqual(metadata.schemas.map(\.namespace), ["Sets", "Types"])
        XCTAssertEqual(metadata.entitySet(named: "Ts")?.entityType, "Types.T")
        XCTAssertEqual(metadata.entityContainer(named: "Sets.C")?.name, "C")
    }

    func testEveryPrimitiveTypeAndFacet() throws {
        let properties = EDMPrimitiveType.allCases.enumerated().map { index, type in
            #"<Property Name="P\#(index)" Type="\#(type.rawValue)"/>"#
        }.joined()
        let metadata = try Fixtures.parse(
            Fixtures.edmx(
                """
                <EntityType Name="T"><Key><PropertyRef Name="K"/></Key>
                  <Property Name="K" Type="Edm.String" Nullable="false" MaxLength="Max" FixedLength="false" Unicode="true"/>
                  <Property Name="D" Type="Edm.Decimal" Precision="16" Scale="3" DefaultValue="1.5" ConcurrencyMode="Fixed"/>
                  <Property Name="C" Type="Edm.String" MaxLength="4" FixedLength="true" Unicode="false"/>
                  \(properties)
                </EntityType>
                """))
        let type = try XCTUnwrap(metadata.entityType(named: "Test.T"))
        // A v2 document has the v1–v2 primitives; the others (v3's and v4's) are reported by name and left unresolved.
        var undefined: [String] = []
        for (index, primitive) in EDMPrimitiveType.allCases.enumerated() {
            let expected: TypeReference = primitive.isDefined(in: .v2) ? .primitive(primitive) : .unresolved(primitive.rawValue)
            XCTAssertEqual(type.property(named: "P\(index)")?.type, expected)
            if !primitive.isDefined(in: .v2) { undefined.append(primitive.rawValue) }
        }
        XCTAssertEqual(undefined, ["Edm.Date", "Edm.TimeOfDay", "Edm.Duration", "Edm.Stream", "Edm.Untyped"])
        let unsupported = metadata.diagnostics("unsupported-type")
        XCTAssertEqual(unsupported.count, undefined.count)
        for (diagnostic, name) in zip(unsupported, undefined) { XCTAssertTrue(diagnostic.message.contains(name), diagnostic.message) }
        let key = try XCTUnwrap(type.property(named: "K"))
        XCTAssertEqual(key.maxLength, .max)
        XCTAssertEqual(key.isFixedLength, false)
        XCTAssertEqual(key.isUnicode, true)
        XCTAssertFalse(key.isNullable)
        let decimal = try XCTUnwrap(type.property(named: "D"))
        XCTAssertEqual([decimal.precision, decimal.scale], [16, 3])
        XCTAssertEqual(decimal.defaultValue, "1.5")
        XCTAssertEqual(decimal.concurrencyMode, .fixed)
        XCTAssertTrue(decimal.isNullable)
        XCTAssertEqual(type.property(named: "C")?.maxLength, .value(4))
        XCTAssertEqual(type.property(named: "C")?.isUnicode, false)
    }

    func testInvalidFacetsAreReportedAndIgnored() throws {
        let metadata = try Fixtures.parse(
            Fixtures.edmx(
                #"<EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.String" Nullable="maybe" MaxLength="-3" Precision="x" Scale="99999999999999999999999" ConcurrencyMode="Sometimes"/></EntityType>"#
            ))
        XCTAssertEqual(metadata.diagnostics("invalid-facet").count, 5)
        let key = try XCTUnwrap(metadata.entityType(named: "Test.T")?.property(named: "K"))
        XCTAssertNil(key.maxLength)
        XCTAssertNil(key.precision)
        XCTAssertNil(key.scale)
        XCTAssertEqual(key.concurrencyMode, .none)
    }

    func testAssociationEndsOnDeleteAndReferentialConstraint() throws {
        let metadata = try Fixtures.parse(
            Fixtures.edmx(
                """
                <EntityType Name="A"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/></EntityType>
                <EntityType Name="B"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/><Property Name="AK" Type="Edm.Int32"/></EntityType>
                <Association Name="A_B">
                  <End Type="Test.A" Role="A" Multiplicity="0..1"><OnDelete Action="Cascade"/></End>
                  <End Type="Test.B" Role="B" Multiplicity="*"/>
                  <ReferentialConstraint><Principal Role="A"><PropertyRef Name="K"/></Principal><Dependent Role="B"><PropertyRef Name="AK"/></Dependent></ReferentialConstraint>
                </Association>
                """))
        let association = try XCTUnwrap(metadata.association(named: "Test.A_B"))
        XCTAssertEqual(association.ends.map(\.multiplicity), [.zeroOrOne, .many])
        XCTAssertEqual(association.ends.map(\.onDeleteCascade), [true, false])
        XCTAssertEqual(
            association.referentialConstraint,
            ReferentialConstraint(principalRole: "A", principalProperties: ["K"], dependentRole: "B", dependentProperties: ["AK"]))
    }

    func testDocumentationAndInlineAnnotations() throws {
        let metadata = try Fixtures.parse(
            Fixtures.edmx(
                """
                <EntityType Name="T">
                  <Documentation><Summary> A thing </Summary><LongDescription>Longer &amp; better.</LongDescription></Documentation>
                  <Key><PropertyRef Name="K"/></Key>
                  <Property Name="K" Type="Edm.Int32" Nullable="false">
                    <Documentation><Summary>The key</Summary></Documentation>
                    <Annotation Term="Core.Computed" Bool="true" xmlns="http://docs.oasis-open.org/odata/ns/edm"/>
                  </Property>
                </EntityType>
                """))
        let type = try XCTUnwrap(metadata.entityType(named: "Test.T"))
        XCTAssertEqual(type.documentation, Documentation(summary: "A thing", longDescription: "Longer & better."))
        XCTAssertEqual(type.property(named: "K")?.documentation?.summary, "The key")
        let block = try XCTUnwrap(metadata.schemas.first?.annotationBlocks.first)
        XCTAssertEqual(block.target, "Test.T/K")
        XCTAssertEqual(block.annotations.first?.term, "Core.Computed")
        XCTAssertEqual(block.annotations.first?.value, "true")
    }

    /// The parser takes character data from libxml2 only while it keeps text (a `Summary`, `LongDescription` or
    /// captured annotation): text and CDATA are read there, whatever came before, and ignored everywhere else.
    func testTextAndCDATAAreReadWhereTextIsKeptAndIgnoredElsewhere() throws {
        let metadata = try Fixtures.parse(
            Fixtures.edmx(
                """
                <EntityType Name="T">stray text <![CDATA[stray cdata]]>
                  <Key><PropertyRef Name="K"/></Key>
                  <Property Name="K" Type="Edm.Int32" Nullable="false">ignored
                    <Annotation Term="Core.Computed" Bool="true" xmlns="http://docs.oasis-open.org/odata/ns/edm"/>
                    <Annotation Term="Core.Description" xmlns="http://docs.oasis-open.org/odata/ns/edm"><String>one <![CDATA[& two]]></String></Annotation>
                    between
                    <Documentation><Summary><![CDATA[a <b> c]]></Summary></Documentation>
                    <Annotation Term="Core.LongDescription" xmlns="http://docs.oasis-open.org/odata/ns/edm"><String><![CDATA[x < y]]></String></Annotation>
                  </Property>
                </EntityType>
                """))
        let type = try XCTUnwrap(metadata.entityType(named: "Test.T"))
        XCTAssertNil(type.documentation)
        XCTAssertEqual(type.property(named: "K")?.documentation?.summary, "a <b> c")
        let annotations = try XCTUnwrap(metadata.schemas.first?.annotationBlocks.first?.annotations)
        XCTAssertEqual(annotations.map(\.term), ["Core.Computed", "Core.Description", "Core.LongDescription"])
        XCTAssertEqual(annotations.map(\.value), ["true", "one & two", "x < y"])
        XCTAssertEqual(
            annotations[1].rawXML, #"<Annotation Term="Core.Description"><String>one &amp; two</String></Annotation>"#)
        XCTAssertEqual(
            annotations[2].rawXML, #"<Annotation Term="Core.LongDescription"><String>x &lt; y</String></Annotation>"#)
    }

    func testStructuredAnnotationsAreKeptAsCanonicalXML() throws {
        let metadata = try Fixtures.parse(
            Fixtures.edmx(
                """
                <EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/></EntityType>
                <Annotations Target="Test.T" Qualifier="q" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                  <Annotation Term="UI.HeaderInfo">
                    <Record Type="UI.HeaderInfoType">
                      <PropertyValue Property="TypeName" String="a &lt;b&gt;"/>
                      <PropertyValue Property="Title"><Record><PropertyValue Property="Value" Path="K"/></Record></PropertyValue>
                    </Record>
                  </Annotation>
                  <Annotation Term="Core.Description"><String>text</String></Annotation>
                </Annotations>
                """))
        let block = try XCTUnwrap(metadata.schemas.first?.annotationBlocks.first)
        XCTAssertEqual(block.qualifier, "q")
        XCTAssertEqual(
            block.annotations.first?.rawXML,
            #"<Annotation Term="UI.HeaderInfo"><Record Type="UI.HeaderInfoType"><PropertyValue Property="TypeName" String="a &lt;b&gt;"/><PropertyValue Property="Title"><Record><PropertyValue Property="Value" Path="K"/></Record></PropertyValue></Record></Annotation>"#
        )
        XCTAssertNil(block.annotations.first?.value)
        XCTAssertEqual(block.annotations.last?.value, "text")
        XCTAssertEqual(block.annotations.last?.rawXML, #"<Annotation Term="Core.Description"><String>text</String></Annotation>"#)
    }

    func testReferencesBeforeAndAfterDataServices() throws {
        let text = """
            <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
              <edmx:Reference Url="http://example.com/a.xml"><edmx:Include Namespace="A.V1" Alias="A"/></edmx:Reference>
              <edmx:DataServices><Schema Namespace="N" xmlns="http://schemas.microsoft.com/ado/2009/11/edm"/></edmx:DataServices>
              <edmx:Reference Uri="http://example.com/b.xml" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:Include Namespace="B.V1"/></edmx:Reference>
            </edmx:Edmx>
            """
        let metadata = try Fixtures.parse(text)
        XCTAssertEqual(metadata.references.map(\.uri), ["http://example.com/a.xml", "http://example.com/b.xml"])
        XCTAssertEqual(metadata.references.first?.includes, [SchemaUsing(namespace: "A.V1", alias: "A")])
        XCTAssertEqual(metadata.references.last?.includes, [SchemaUsing(namespace: "B.V1", alias: nil)])
        XCTAssertEqual(metadata.schemas.first?.csdlNamespace, "http://schemas.microsoft.com/ado/2009/11/edm")
    }

    func testUnknownElementsAreSkippedWithANote() throws {
        let metadata = try Fixtures.parse(
            Fixtures.edmx(
                """
                <EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/>
                  <Frobnicate><Property Name="Hidden" Type="Edm.String"/></Frobnicate>
                </EntityType>
                <ValueTerm Name="V" Type="Edm.String"/>
                """))
        XCTAssertEqual(metadata.diagnostics("unknown-element").map(\.location.line), [6, 8])
        XCTAssertEqual(metadata.entityType(named: "Test.T")?.properties.map(\.name), ["K"])
        XCTAssertNoThrow(try Fixtures.parse(Fixtures.edmx("<ValueTerm Name=\"V\" Type=\"Edm.String\"/>"), options: .strict))
    }
}
