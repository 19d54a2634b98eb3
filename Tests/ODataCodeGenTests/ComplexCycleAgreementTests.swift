import OData
import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// The typed API (generated code) and the dynamic API (`DataModel`) accept the same documents: a complex
/// type that contains itself is read by both, each leaving out the same cycle-closing properties with a
/// diagnostic (`ComplexCycles`), instead of the generator cutting the cycle and `DataModel` throwing.
final class ComplexCycleAgreementTests: XCTestCase {
    private let document = TestSupport.edmx(
        types: """
            <ComplexType Name="Node">
              <Property Name="Label" Type="Edm.String"/>
              <Property Name="Child" Type="T.Pair"/>
            </ComplexType>
            <ComplexType Name="Pair">
              <Property Name="Back" Type="T.Node"/>
              <Property Name="Self" Type="T.Pair"/>
              <Property Name="Count" Type="Edm.Int32"/>
            </ComplexType>
            <EntityType Name="Tree">
              <Key><PropertyRef Name="Id"/></Key>
              <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
              <Property Name="Root" Type="T.Node"/>
            </EntityType>
            """,
        container: #"<EntitySet Name="Trees" EntityType="T.Tree"/>"#)

    func testGeneratorAndDataModelLeaveOutTheSameCycleClosingProperties() throws {
        let generated = try TestSupport.generate(document)
        XCTAssertEqual(
            generated.diagnostics.map(\.message),
            [
                "property Pair.Back skipped: it makes complex type Pair contain itself",
                "property Pair.Self skipped: it makes complex type Pair contain itself",
            ])
        let model = try DataModel(metadata: MetadataParser.parse(document))
        XCTAssertEqual(
            model.diagnostics,
            [
                "property T.Pair.Back left out: it makes complex type T.Pair contain itself",
                "property T.Pair.Self left out: it makes complex type T.Pair contain itself",
            ])
        XCTAssertEqual(model.complexType(named: "T.Pair")?.properties.map(\.name), ["Count"])
        XCTAssertEqual(model.complexType(named: "T.Node")?.properties.map(\.name), ["Label", "Child"])
        let root = try XCTUnwrap(model.entitySet(named: "Trees")?.entityType.property(named: "Root"))
        guard case .complex(let node) = root.type, case .complex(let pair)? = node.property(named: "Child")?.type else {
            return XCTFail("Root is \(root.type)")
        }
        XCTAssertEqual(pair.properties.map(\.name), ["Count"])
        // The generated Pair holds the same one property.
        XCTAssertContains(try TestSupport.file(generated, "Pair.swift"), "\"Count Edm.Int32\",")
        XCTAssertFalse(try TestSupport.file(generated, "Pair.swift").contains("\"Back "))
    }
}
