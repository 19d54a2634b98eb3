import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// OData 3.0 documents generate as what they are (actions by their side effects, bound imports, enums), and what
/// cannot be generated is left out with a warning that says why: never a wrong request, a dropped key or a silent skip.
final class V3AndOmissionSnippetTests: XCTestCase {
    // MARK: OData 3.0

    func testV3FunctionImportsGetTheirMethodFromTheirSideEffectsAndBindableOnesAreBound() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx3(
                types: """
                    <EnumType Name="Kind"><Member Name="A" Value="1"/><Member Name="B" Value="2"/></EnumType>
                    <EntityType Name="Doc"><Key><PropertyRef Name="Kind"/><PropertyRef Name="No"/></Key>
                      <Property Name="Kind" Type="T.Kind" Nullable="false"/><Property Name="No" Type="Edm.Int32" Nullable="false"/>
                    </EntityType>
                    """,
                container: """
                    <EntitySet Name="Docs" EntityType="T.Doc"/>
                    <FunctionImport Name="Archive"><Parameter Name="Year" Type="Edm.Int32"/></FunctionImport>
                    <FunctionImport Name="Count" ReturnType="Edm.Int32" IsSideEffecting="false"/>
                    <FunctionImport Name="Purge" m:HttpMethod="POST"><Parameter Name="Year" Type="Edm.Int32"/></FunctionImport>
                    <FunctionImport Name="Touch" IsBindable="true"><Parameter Name="doc" Type="T.Doc"/></FunctionImport>
                    """))
        XCTAssertEqual(result.diagnostics, [])
        let metadata = try TestSupport.file(result, "+CMetadata.swift")
        // No `m:HttpMethod` in a 3.0 document: side-effecting (the default) is an action, POST with its parameters
        // in the body; a service operation with `m:HttpMethod` keeps them in the URL, as in v2.
        XCTAssertContains(metadata, "    public enum ActionImports {\n        /// `Archive` (HTTP POST).")
        XCTAssertContains(
            metadata,
            """
                        returnType: OData.FunctionReturnType.none,
                        parameterLocation: OData.OperationParameterLocation.body,
                        service: CMetadata.service
                    )
            """)
        XCTAssertEqual(metadata.components(separatedBy: "parameterLocation").count - 1, 2, "Archive and Touch, not Purge")
        XCTAssertContains(metadata, #"OData.FunctionImportDescriptor(name: "Count", httpMethod: "GET", "#)
        XCTAssertContains(
            metadata,
            #"OData.FunctionImportDescriptor(name: "Touch", httpMethod: "POST", returnType: OData.FunctionReturnType.none, "#
                + #"parameterLocation: OData.OperationParameterLocation.body, service: CMetadata.service, bindingTypeName: "T.Doc")"#
        )
        // A 3.0 service says so, once (it is called over the v2 wire, which its version does not change).
        XCTAssertContains(metadata, "OData.ServiceDescriptor(protocolVersion: OData.ODataVersion.v3)")
        XCTAssertContains(metadata, #"OData.EntitySetDescriptor(name: "Docs", entityType: Doc.entityType, service: CMetadata.service)"#)
        let doc = try TestSupport.file(result, "Doc.swift")
        // The enum-typed key is kept: the key helper has both components.
        XCTAssertContains(doc, #"keyNames: ["Kind", "No"]"#)
        XCTAssertContains(doc, "public static func key(kind: Kind?, no: Swift.Int?) -> OData.EntityKey {")
        XCTAssertContains(doc, "extension Doc {\n    /// Calls the bound action `Touch` (HTTP POST) on this entity, through `service`.")
        XCTAssertContains(try TestSupport.file(result, "Kind.swift"), "public enum Kind: Swift.String, OData.EnumTypeProtocol {")
    }

    // MARK: Left out, and said so

    func testWhatCannotBeGeneratedIsLeftOutWithAWarningNeverSilently() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx4(
                types: V4SnippetTests.product + """
                    <ComplexType Name="Box"><Property Name="Size" Type="Edm.Int32"/></ComplexType>
                    <Action Name="Attach" IsBound="true"><Parameter Name="P" Type="T.Product"/><Parameter Name="Other" Type="T.Product"/></Action>
                    <Function Name="Volume" IsBound="true"><Parameter Name="B" Type="T.Box"/><ReturnType Type="Edm.Int32"/></Function>
                    <Action Name="Pack"><Parameter Name="Boxes" Type="Collection(T.Box)"/></Action>
                    """,
                container: """
                    <EntitySet Name="Products" EntityType="T.Product"/>
                    <ActionImport Name="Pack" Action="T.Pack"/><ActionImport Name="Ghost" Action="T.Ghost"/>
                    """))
        XCTAssertEqual(
            result.diagnostics.map(\.message).sorted(),
            [
                "action import Ghost skipped: the document declares no unbound action T.Ghost",
                "bound action T.Attach skipped: parameter Other has entity type T.Product (entity-valued parameters are not generated)",
                "bound function T.Volume skipped: it is bound to T.Box, which is not a generated entity type "
                    + "(operations are generated on entity types and their sets)",
            ])
        // A collection of complex values is a v4 parameter like any other.
        XCTAssertContains(try TestSupport.file(result, "+C.swift"), "open func pack(\n        boxes: [Box]?,")
        XCTAssertContains(try TestSupport.file(result, "+CMetadata.swift"), #"typeName: "Collection(T.Box)""#)
    }

    func testAKeyIsGeneratedWholeOrNotAtAllNeverWithAPartDropped() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx4(
                types: """
                    <EntityType Name="Place"><Key><PropertyRef Name="Name"/><PropertyRef Name="Spot"/></Key>
                      <Property Name="Name" Type="Edm.String" Nullable="false"/><Property Name="Spot" Type="Edm.GeographyPoint" Nullable="false"/>
                    </EntityType>
                    """,
                container: #"<EntitySet Name="Places" EntityType="T.Place"/>"#))
        XCTAssertEqual(
            result.diagnostics.map(\.message),
            [
                "property Place.Spot skipped: type Edm.GeographyPoint is not supported here",
                "key property Place.Spot is not generated, so Place gets no key "
                    + "(no key helpers; its entities are addressed by the links the service sends)",
            ])
        let place = try TestSupport.file(result, "Place.swift")
        XCTAssertContains(place, "keyNames: []")
        XCTAssertFalse(place.contains("static func key("))
        XCTAssertFalse(try TestSupport.file(result, "+C.swift").contains("WithKey"))
    }

    func testV3NonPrimitiveParametersLeaveTheImportOutRatherThanSendAWrongURL() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx3(
                types: #"<ComplexType Name="Box"><Property Name="Size" Type="Edm.Int32"/></ComplexType>"# + V4SnippetTests.product,
                container: """
                    <EntitySet Name="Products" EntityType="T.Product"/>
                    <FunctionImport Name="ByBox" ReturnType="Edm.Int32" IsSideEffecting="false"><Parameter Name="B" Type="T.Box"/></FunctionImport>
                    """))
        XCTAssertEqual(result.diagnostics.map(\.message), ["function import ByBox skipped: parameter B has non-primitive type T.Box"])
        XCTAssertFalse(TestSupport.allText(result).contains("byBox"))
    }

    func testV3EnumParametersAreGeneratedWithTheEnumTypeTheirLiteralsName() throws {
        let result = try TestSupport.generate(
            TestSupport.edmx3(
                types: #"<EnumType Name="Kind"><Member Name="A"/></EnumType>"# + V4SnippetTests.product,
                container: """
                    <EntitySet Name="Products" EntityType="T.Product"/>
                    <FunctionImport Name="ByKind" ReturnType="Edm.Int32" IsSideEffecting="false"><Parameter Name="K" Type="T.Kind"/></FunctionImport>
                    """))
        XCTAssertEqual(result.diagnostics, [])
        // The descriptor names the enum type: the runtime writes `K=T.Kind'A'`, as a 3.0 URL does.
        XCTAssertContains(
            try TestSupport.file(result, "+CMetadata.swift"),
            #"OData.FunctionParameterDescriptor(name: "K", type: OData.EdmType.string, typeName: "T.Kind", enumType: Kind.enumType)"#)
        XCTAssertContains(try TestSupport.file(result, "+C.swift"), "open func byKind(\n        k: Kind?,")
    }
}
