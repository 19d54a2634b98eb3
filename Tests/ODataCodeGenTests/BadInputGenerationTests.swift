import Foundation
import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// The issue's bad input in one CSDL 4.0 document — unknown elements and attributes, a reference that is not given,
/// OData v2 attributes and types, an invalid enum value, cycles in base types and type definitions: every problem
/// is a located diagnostic of the parser, everything `generate` leaves out is a located warning that says what and
/// why, and what it emits compiles. Never a crash, a wrong request or a silent skip.
final class BadInputGenerationTests: XCTestCase {
    static let document = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:Reference Uri="https://example.invalid/Other.xml"><edmx:Include Namespace="Other"/></edmx:Reference>
          <edmx:DataServices>
            <Schema Namespace="T" xmlns="http://docs.oasis-open.org/odata/ns/edm" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
              <EnumType Name="Size"><Member Name="S" Value="1"/><Member Name="Word" Value="seven"/><Member Name="L" Value="3"/></EnumType>
              <TypeDefinition Name="A" UnderlyingType="T.B"/><TypeDefinition Name="B" UnderlyingType="T.A"/>
              <EntityType Name="Item" Colour="red" m:HasStream="true"><Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/><Gadget/>
                <Property Name="Ext" Type="Other.Thing"/>
                <Property Name="When" Type="Edm.DateTime"/>
                <Property Name="Size" Type="T.Size"/>
                <Property Name="Loop" Type="T.A"/>
              </EntityType>
              <EntityType Name="E1" BaseType="T.E2"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
              <EntityType Name="E2" BaseType="T.E1"/>
              <Action Name="Use"><Parameter Name="Thing" Type="Other.Thing"/></Action>
              <EntityContainer Name="C">
                <EntitySet Name="Items" EntityType="T.Item"/><EntitySet Name="Es" EntityType="T.E1"/><EntitySet Name="Ghosts" EntityType="Other.Ghost"/>
                <ActionImport Name="Use" Action="T.Use"/>
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    func testEveryProblemIsLocatedAndWhatGenerateLeavesOutIsSaidAndTheRestCompiles() throws {
        let metadata = try MetadataParser.parse(Data(Self.document.utf8))
        let parsed = metadata.diagnostics.map { "\($0.location.line) \($0.code)" }
        XCTAssertEqual(
            parsed,
            [
                "6 invalid-enum-value", "7 invalid-underlying-type", "7 invalid-underlying-type", "8 unknown-attribute",
                "8 v2-attribute-in-v4", "9 unknown-element", "10 reference-not-given", "11 unsupported-type", "13 unresolved-type",
                "15 basetype-cycle", "16 basetype-cycle", "16 missing-key", "17 reference-not-given", "19 unresolved-type",
            ])
        XCTAssertTrue(metadata.diagnostics.allSatisfy { $0.location.column > 0 }, "\(metadata.diagnostics)")

        let result = try CodeGenerator().generate(metadata)
        XCTAssertEqual(
            result.diagnostics.map { "\($0.location?.line ?? 0) \($0.severity.rawValue): \($0.message)" },
            [
                "10 warning: property Item.Ext skipped: type Other.Thing is not supported here",
                "11 warning: property Item.When skipped: type Edm.DateTime is not supported here",
                "13 warning: property Item.Loop skipped: type T.A is not supported here",
                "19 warning: entity set Ghosts skipped: its type Other.Ghost is not generated",
                "20 warning: action import Use skipped: parameter Thing has type Other.Thing, which does not resolve",
            ])
        let item = try TestSupport.file(result, "Item.swift")
        XCTAssertContains(item, #"keyNames: ["ID"]"#)
        XCTAssertNotContains(item, "hasStream")  // the v2 attribute is ignored, as reported
        // The enum keeps its valid members; the cyclic types are generated without inheritance, as reported.
        XCTAssertContains(try TestSupport.file(result, "Size.swift"), #"memberNames: ["S", "L"], memberValues: [1, 3]"#)
        XCTAssertNotContains(try TestSupport.file(result, "E1.swift"), "baseTypeName")
        XCTAssertNil(try Compiler.typecheck(result.files, moduleName: "BadInput"))
    }
}
