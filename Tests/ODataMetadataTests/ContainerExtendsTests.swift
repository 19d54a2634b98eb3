import ODataMetadata
import XCTest

/// `EntityContainer Extends`: the extending container's view includes the extended one's children (CSDL 4.01
/// §13.1.2, [MC-CSDL] 2.1.14), and what cannot be followed is reported; a CSDL 4 document has one container.
final class ContainerExtendsTests: XCTestCase {
    private static let type = """
        <EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/></EntityType>
        """

    func testAContainerInASuppliedReferencedDocumentIsExtended() throws {
        let references = """

              <edmx:Reference Uri="https://example.com/core.xml"><edmx:Include Namespace="Core" Alias="K"/></edmx:Reference>
            """
        let body =
            Self.type + """
                <EntityContainer Name="Service" Extends="K.Base"><EntitySet Name="Ts" EntityType="Lib.T"/></EntityContainer>
                """
        let alone = try Fixtures.parse(CSDL4Tests.document(body, references: references))
        XCTAssertEqual(alone.diagnostics("reference-not-given").map(\.location.line), [6])
        XCTAssertEqual(alone.defaultContainer?.entitySets.map(\.name), ["Ts"])

        let core = try Fixtures.parse(
            """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            <Schema Namespace="Core" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="U"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/></EntityType>
              <Function Name="Count"><ReturnType Type="Edm.Int32"/></Function>
              <EntityContainer Name="Base"><EntitySet Name="Us" EntityType="Core.U"/><EntitySet Name="Ts" EntityType="Core.U"/>
                <Singleton Name="Me" Type="Core.U"/><FunctionImport Name="Count" Function="Core.Count"/></EntityContainer>
            </Schema>
            </edmx:DataServices></edmx:Edmx>
            """)
        let given = try Fixtures.parse(
            CSDL4Tests.document(body, references: references), options: ParseOptions().referencing([core]))
        XCTAssertEqual(given.diagnostics, [])
        let service = try XCTUnwrap(given.defaultContainer)
        XCTAssertEqual(service.extends, "Core.Base")
        // The extending container's own `Ts` is kept; the extended one's other children are added after its own.
        XCTAssertEqual(service.entitySets.map(\.name), ["Ts", "Us"])
        XCTAssertEqual(service.entitySets.map(\.entityType), ["Lib.T", "Core.U"])
        XCTAssertEqual(service.singletons.map(\.name), ["Me"])
        XCTAssertEqual(service.functionImports.map(\.name), ["Count"])
        XCTAssertEqual(given.entityContainer(named: "Lib.Service")?.entitySets.count, 2)
        // The document's own list keeps each container as written.
        XCTAssertEqual(given.entityContainers.first?.entitySets.map(\.name), ["Ts"])
    }

    func testACSDL4DocumentWithASecondContainerIsAnError() throws {
        let metadata = try Fixtures.parse(
            CSDL4Tests.document(
                Self.type + """

                    <EntityContainer Name="One"><EntitySet Name="Ts" EntityType="Lib.T"/></EntityContainer>
                    <EntityContainer Name="Two"><EntitySet Name="More" EntityType="Lib.T"/></EntityContainer>
                    """))
        let errors = metadata.diagnostics("multiple-containers")
        XCTAssertEqual(errors.map(\.location.line), [7])
        XCTAssertEqual(
            errors.first?.message,
            "EntityContainer Lib.Two is a second entity container: a CSDL 4 document has exactly one, and Lib.One is the service's")
        XCTAssertEqual(metadata.defaultContainer?.name, "One")
    }

    func testV2ContainersExtendWithinTheDocumentAndBadExtendsAreReported() throws {
        let metadata = try Fixtures.parse(
            Fixtures.edmx(
                Self.type.replacingOccurrences(of: "Lib.", with: "Test.") + """

                    <EntityContainer Name="A" Extends="Test.B"><EntitySet Name="As" EntityType="Test.T"/></EntityContainer>
                    <EntityContainer Name="B" Extends="Test.C"><EntitySet Name="Bs" EntityType="Test.T"/>
                      <FunctionImport Name="Ping" ReturnType="Edm.Int32" m:HttpMethod="GET"/></EntityContainer>
                    <EntityContainer Name="C" Extends="Test.A"><EntitySet Name="Cs" EntityType="Test.T"/></EntityContainer>
                    <EntityContainer Name="Self" Extends="Test.Self"/>
                    <EntityContainer Name="Lost" Extends="Test.Nowhere"/>
                    """))
        // A → B → C → A: followed once around, without looping.
        let a = try XCTUnwrap(metadata.entityContainer(named: "A"))
        XCTAssertEqual(a.entitySets.map(\.name), ["As", "Bs", "Cs"])
        XCTAssertEqual(a.functionImports.map(\.name), ["Ping"])
        XCTAssertEqual(metadata.entityContainer(named: "C")?.entitySets.map(\.name), ["Cs", "As", "Bs"])
        let written = try XCTUnwrap(metadata.entityContainers.first { $0.name == "A" })
        XCTAssertEqual(metadata.containers(extendedBy: written).map(\.name), ["B", "C"])
        XCTAssertEqual(
            metadata.diagnostics("invalid-extends").map(\.message), ["EntityContainer Test.Self extends itself; Extends is ignored"])
        XCTAssertEqual(
            metadata.diagnostics("unresolved-container").map(\.message),
            ["EntityContainer Test.Lost has Extends Test.Nowhere, which is not a declared entity container; what it would add is left out"])
        XCTAssertEqual(metadata.entityContainer(named: "Lost")?.entitySets, [])
        // v2 and v3 documents may declare several containers.
        XCTAssertEqual(metadata.diagnostics("multiple-containers"), [])
    }
}
