import XCTest

@testable import ODataMetadata

/// How inline annotations are kept: the common empty `<Annotation Term=… String=…/>` form without XML of its own, its
/// canonical XML written when read; members' targets in two parts joined when read; both as before for every reader.
final class InlineAnnotationTests: XCTestCase {
    private static func parse(_ body: String) throws -> ServiceMetadata {
        try Fixtures.parse(CSDL4Tests.document(body))
    }

    private static let typeWithAnnotations = """
        <EntityType Name="T"><Key><PropertyRef Name="K"/></Key>
          <Property Name="K" Type="Edm.Int32" Nullable="false">
            <Annotation Term="Core.Computed"/>
            <Annotation Qualifier="q" Term="Common.Label" String="a &amp; &quot;b&quot; &lt;c&gt;"/>
            <Annotation Term="Common.Text" Path="Name">
            </Annotation>
            <Annotation Term="Core.Link" ModelElementPath="Lib.T"/>
          </Property>
          <Property Name="Name" Type="Edm.String">
            <Annotation Term="Core.Description">plain text</Annotation>
            <Annotation Term="Core.LongDescription"><String>child</String></Annotation>
            <Annotation Term="Common.Label" String="outer"><Annotation Term="Core.Description" String="inner"/></Annotation>
          </Property>
          <NavigationProperty Name="Self" Type="L.T"/>
        </EntityType>
        """

    func testShorthandAnnotationsWriteTheirCanonicalXMLWhenRead() throws {
        let metadata = try Self.parse(Self.typeWithAnnotations)
        let blocks = try XCTUnwrap(metadata.schemas.first?.annotationBlocks)
        XCTAssertEqual(blocks.map(\.target), ["Lib.T/K", "Lib.T/Name"])
        let key = blocks[0].annotations
        XCTAssertEqual(
            key.map(\.rawXML),
            [
                #"<Annotation Term="Core.Computed"/>"#,
                #"<Annotation Qualifier="q" Term="Common.Label" String="a &amp; &quot;b&quot; &lt;c&gt;"/>"#,
                #"<Annotation Term="Common.Text" Path="Name"/>"#,
                #"<Annotation Term="Core.Link" ModelElementPath="Lib.T"/>"#,
            ])
        XCTAssertEqual(key.map(\.value), [nil, #"a & "b" <c>"#, "Name", nil])
        XCTAssertEqual(
            key.map(\.expression),
            [nil, .constant(.string, #"a & "b" <c>"#), .path(.path, "Name"), .path(.modelElementPath, "Lib.T")])
        XCTAssertEqual(key[1].qualifier, "q")
        XCTAssertEqual(
            key[1],
            VocabularyAnnotation(
                term: "Common.Label", qualifier: "q", value: #"a & "b" <c>"#, expression: .constant(.string, #"a & "b" <c>"#),
                rawXML: #"<Annotation Qualifier="q" Term="Common.Label" String="a &amp; &quot;b&quot; &lt;c&gt;"/>"#))
    }

    func testAnnotationsWithContentAreCapturedWhole() throws {
        let metadata = try Self.parse(Self.typeWithAnnotations)
        let name = try XCTUnwrap(metadata.schemas.first?.annotationBlocks.last?.annotations)
        XCTAssertEqual(
            name.map(\.rawXML),
            [
                #"<Annotation Term="Core.Description">plain text</Annotation>"#,
                #"<Annotation Term="Core.LongDescription"><String>child</String></Annotation>"#,
                #"<Annotation Term="Common.Label" String="outer"><Annotation Term="Core.Description" String="inner"/></Annotation>"#,
            ])
        XCTAssertEqual(name.map(\.value), [nil, "child", "outer"])
        XCTAssertEqual(name.map(\.expression), [nil, .constant(.string, "child"), .constant(.string, "outer")])
    }

    func testEmptyAnnotationsReadTheSameInEveryForm() throws {
        let metadata = try Self.parse(
            """
            <EntityType Name="T"><Key><PropertyRef Name="K"/></Key>
              <Property Name="K" Type="Edm.Int32" Nullable="false">
                <Annotation Term="Common.Label" String="x" />
                <Annotation Term="Common.Label" String="x"></Annotation>
                <Annotation Term="Common.Label"
                    String="x"/>
                <Annotation Term="Common.Label" String="x"><!-- nothing --></Annotation>
              </Property>
            </EntityType>
            """)
        let annotations = try XCTUnwrap(metadata.schemas.first?.annotationBlocks.first?.annotations)
        XCTAssertEqual(annotations.count, 4)
        for annotation in annotations {
            XCTAssertEqual(annotation.rawXML, #"<Annotation Term="Common.Label" String="x"/>"#)
            XCTAssertEqual(annotation, annotations[0])
            XCTAssertEqual(annotation.expression, .constant(.string, "x"))
        }
    }

    func testChangingAPartKeepsTheXMLAsRead() throws {
        let metadata = try Self.parse(Self.typeWithAnnotations)
        var label = try XCTUnwrap(metadata.schemas.first?.annotationBlocks.first?.annotations[1])
        let read = label.rawXML
        label.term = "Other.Term"
        label.qualifier = nil
        label.expression = .constant(.string, "changed")
        XCTAssertEqual(label.rawXML, read)
        label.rawXML = "<Annotation/>"
        XCTAssertEqual(label.rawXML, "<Annotation/>")
    }

    func testMemberTargetsReadAndCompareAsText() throws {
        let metadata = try Self.parse(
            """
            <EntityType Name="T"><Key><PropertyRef Name="K"/></Key>
              <Property Name="K" Type="Edm.Int32" Nullable="false"><Annotation Term="Core.Computed"/></Property>
            </EntityType>
            <Annotations Target="L.T/K"><Annotation Term="Core.Immutable"/></Annotations>
            <EntityContainer Name="C"><EntitySet Name="Ts" EntityType="L.T"><Annotation Term="Core.Description" String="set"/></EntitySet></EntityContainer>
            """)
        var blocks = try XCTUnwrap(metadata.schemas.first?.annotationBlocks)
        XCTAssertEqual(blocks.map(\.target), ["Lib.T/K", "Lib.T/K", "Lib.C/Ts"])
        XCTAssertEqual(blocks[0], AnnotationsBlock(target: "Lib.T/K", annotations: blocks[0].annotations))
        XCTAssertEqual(Set([blocks[0], AnnotationsBlock(target: "Lib.T/K", annotations: blocks[0].annotations)]).count, 1)
        XCTAssertNotEqual(blocks[0], blocks[1])
        blocks[2].target = "Lib.C/Other"
        XCTAssertEqual(blocks[2].target, "Lib.C/Other")
    }

    func testTargetPathsCompareByTheirText() {
        let member = AnnotationTargetPath.member(owner: "Lib.T/", member: "K")
        XCTAssertTrue(member.hasSameText(as: .text("Lib.T/K")))
        XCTAssertTrue(member.hasSameText(as: .member(owner: "Lib.T/", member: "K")))
        XCTAssertFalse(member.hasSameText(as: .member(owner: "Lib.U/", member: "K")))
        XCTAssertFalse(member.hasSameText(as: .member(owner: "Lib.T/", member: "L")))
        XCTAssertTrue(AnnotationTargetPath.member(owner: "Lib.T/", member: "a/b").hasSameText(as: .member(owner: "Lib.T/a/", member: "b")))
    }

    func testSetCapabilitiesFromInlineAnnotationsAmongOtherMembers() throws {
        let metadata = try Self.parse(
            """
            <EntityType Name="T"><Key><PropertyRef Name="K"/></Key>
              <Property Name="K" Type="Edm.Int32" Nullable="false">
                <Annotation Term="Capabilities.InsertRestrictions"><Record><PropertyValue Property="Insertable" Bool="false"/></Record></Annotation>
              </Property>
            </EntityType>
            <EntityContainer Name="C">
              <EntitySet Name="Ts" EntityType="L.T">
                <Annotation Term="Capabilities.DeleteRestrictions"><Record><PropertyValue Property="Deletable" Bool="false"/></Record></Annotation>
              </EntitySet>
              <EntitySet Name="K" EntityType="L.T"/>
            </EntityContainer>
            """)
        let container = try XCTUnwrap(metadata.schemas.first?.entityContainers.first)
        let sets = container.entitySets
        let ts = metadata.capabilities(of: sets[0], in: container)
        XCTAssertFalse(ts.isDeletable)
        XCTAssertTrue(ts.isCreatable)
        // `Lib.T/K` is the property, not the set `C/K`.
        XCTAssertEqual(metadata.capabilities(of: sets[1], in: container), EntitySetCapabilities())
    }

    func testNavigationTargetsThroughAliasesAndSpaces() throws {
        let metadata = try Self.parse(
            """
            <ComplexType Name="Address"><Property Name="City" Type="Edm.String"/></ComplexType>
            <EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/>
              <NavigationProperty Name="ByAlias" Type="L.T"/>
              <NavigationProperty Name="Plain" Type="Lib.T" Partner="Plain"/>
              <NavigationProperty Name="Spaced" Type=" Lib.T "/>
              <NavigationProperty Name="Many" Type="Collection(Lib.T)"/>
              <NavigationProperty Name="Complex" Type="Lib.Address"/>
              <NavigationProperty Name="Partnered" Type="Lib.T" Partner="Missing"/>
            </EntityType>
            """)
        let type = try XCTUnwrap(metadata.entityType(named: "Lib.T"))
        XCTAssertEqual(type.navigationProperties.map(\.targetType), ["Lib.T", "Lib.T", "Lib.T", "Lib.T", nil, "Lib.T"])
        XCTAssertEqual(
            metadata.diagnostics.map(\.code).filter { $0 != "unknown-element" }, ["invalid-navigation-type", "unresolved-partner"])
    }

    /// An inline annotation targets its element in the element's own schema, even where that schema's namespace is
    /// spelt like another schema's alias (inline targets were once rewritten as if it were the alias).
    func testInlineTargetsKeepTheirSchemasNamespace() throws {
        let metadata = try Fixtures.parse(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
              <edmx:DataServices>
                <Schema Namespace="Lib" Alias="L" xmlns="http://docs.oasis-open.org/odata/ns/edm"/>
                <Schema Namespace="L" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                  <EntityType Name="T"><Key><PropertyRef Name="K"/></Key>
                    <Property Name="K" Type="Edm.Int32" Nullable="false"><Annotation Term="Core.Computed"/></Property>
                  </EntityType>
                  <Annotations Target="L.T"><Annotation Term="Core.Description" String="by alias"/></Annotations>
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """)
        let blocks = try XCTUnwrap(metadata.schemas.last?.annotationBlocks)
        // The inline one names `L.T/K` as written in schema `L`; the written target's head is read as the alias.
        XCTAssertEqual(blocks.map(\.target).sorted(), ["L.T/K", "Lib.T"])
    }

    /// The inline annotations of one element go into one block, whatever stands between them (a child element, its own
    /// annotated children); those of the next element, or an `Annotations` block in between, start another.
    func testInlineAnnotationsOfOneElementShareABlock() throws {
        let metadata = try Self.parse(
            """
            <Annotation Term="Core.Description" String="schema, first"/>
            <EntityType Name="T">
              <Annotation Term="Core.Description" String="type, first"/>
              <Key><PropertyRef Name="K"/></Key>
              <Property Name="K" Type="Edm.Int32" Nullable="false">
                <Annotation Term="Core.Computed"/>
                <Annotation Term="Common.Label" String="K"><String>K</String></Annotation>
                <Annotation Term="Core.Immutable"/>
              </Property>
              <Property Name="A" Type="Edm.String"><Annotation Term="Common.Label" String="A"/></Property>
              <Property Name="B" Type="Edm.String"><Annotation Term="Common.Label" String="B"/></Property>
              <Annotation Term="Core.LongDescription" String="type, last"/>
            </EntityType>
            <Annotations Target="L.T/A"><Annotation Term="Core.Description" String="block"/></Annotations>
            <Annotation Term="Core.LongDescription" String="schema, after the block"/>
            """)
        let blocks = try XCTUnwrap(metadata.schemas.first?.annotationBlocks)
        XCTAssertEqual(blocks.map(\.target), ["Lib", "Lib.T", "Lib.T/K", "Lib.T/A", "Lib.T/B", "Lib.T", "Lib.T/A", "Lib"])
        XCTAssertEqual(blocks.map(\.annotations.count), [1, 1, 3, 1, 1, 1, 1, 1])
        XCTAssertEqual(blocks[2].annotations.map(\.term), ["Core.Computed", "Common.Label", "Core.Immutable"])
    }

    /// Each schema's inline blocks are made when the schema closes and stand where their first annotation came among
    /// that schema's `Annotations` blocks: after blocks written before them, before blocks written after them, and
    /// never in another schema; members of a complex type and of a container target their own owner.
    func testInlineBlocksStandAmongTheirSchemasAnnotationsBlocks() throws {
        let metadata = try Fixtures.parse(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
              <edmx:DataServices>
                <Schema Namespace="A" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                  <Annotations Target="A.T"><Annotation Term="Core.Description" String="first block"/></Annotations>
                  <Annotations Target="A.C"><Annotation Term="Core.Description" String="second block"/></Annotations>
                  <ComplexType Name="C">
                    <Property Name="P" Type="Edm.String"><Annotation Term="Common.Label" String="C/P"/></Property>
                    <NavigationProperty Name="N" Type="A.T"><Annotation Term="Common.Label" String="C/N"/></NavigationProperty>
                  </ComplexType>
                  <EntityType Name="T"><Key><PropertyRef Name="K"/></Key>
                    <Property Name="K" Type="Edm.Int32" Nullable="false"><Annotation Term="Core.Computed"/></Property>
                  </EntityType>
                  <Annotations Target="A.T/K"><Annotation Term="Core.Description" String="third block"/></Annotations>
                  <EntityContainer Name="Box">
                    <EntitySet Name="Ts" EntityType="A.T"><Annotation Term="Common.Label" String="Box/Ts"/></EntitySet>
                    <Singleton Name="One" Type="A.T"><Annotation Term="Common.Label" String="Box/One"/></Singleton>
                  </EntityContainer>
                </Schema>
                <Schema Namespace="B" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                  <EntityType Name="U"><Key><PropertyRef Name="K"/></Key>
                    <Property Name="K" Type="Edm.Int32" Nullable="false"><Annotation Term="Core.Computed"/></Property>
                  </EntityType>
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """)
        XCTAssertEqual(metadata.schemas.map(\.namespace), ["A", "B"])
        XCTAssertEqual(
            metadata.schemas[0].annotationBlocks.map(\.target),
            ["A.T", "A.C", "A.C/P", "A.C/N", "A.T/K", "A.T/K", "A.Box/Ts", "A.Box/One"])
        XCTAssertEqual(
            metadata.schemas[0].annotationBlocks.map { $0.annotations.first?.value ?? "-" },
            ["first block", "second block", "C/P", "C/N", "-", "third block", "Box/Ts", "Box/One"])
        XCTAssertEqual(metadata.schemas[1].annotationBlocks.map(\.target), ["B.U/K"])
    }
}
