import Foundation
import XCTest

@testable import ODataMetadata

/// The parser's and resolver's shortcuts give the results of the general paths: ampersands resolved only in
/// values outside libxml2's input buffer, duplicate members found by fingerprint, association roles compared
/// directly.
final class ParserShortcutTests: XCTestCase {
    /// Escaped ampersands in attribute values of a file read in many pieces (libxml2 decodes those values into
    /// buffers of its own; plain values stay in its input buffer), against the same bytes parsed from memory.
    func testAmpersandsInAFileReadInPieces() throws {
        var body = ""
        for index in 0..<1_500 {
            body += #"<EntityType Name="T\#(index)" sap:label="Terms &amp; Conditions \#(index)" sap:quickinfo="plain \#(index)">"#
            body += #"<Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false" sap:label="a&#38;b"/>"#
            body += "</EntityType>\n"
        }
        let bytes = Array(Fixtures.edmx(body).utf8)
        XCTAssertGreaterThan(bytes.count, 300_000)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ampersands-\(UUID().uuidString).xml")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let metadata = try MetadataParser.parse(contentsOf: url)
        XCTAssertEqual(metadata, try MetadataParser.parse(bytes))
        XCTAssertEqual(metadata.entityTypes.count, 1_500)
        for (index, type) in metadata.entityTypes.enumerated() {
            XCTAssertEqual(type.annotations.label, "Terms & Conditions \(index)")
            XCTAssertEqual(type.annotations.quickInfo, "plain \(index)")
            XCTAssertEqual(type.properties.first?.annotations.label, "a&b")
        }
    }

    /// Names that share length, first and last byte (`Field1`, `Field11`, `Field21`) are different members; a
    /// repeated name is reported once per repeat and left out, in small types and in large ones (over 48 members).
    func testRepeatedMemberNamesAmongSimilarOnes() throws {
        let names = ["K", "Field1", "Field11", "Field21", "Field1", "Field12", "Field11"]
        let small = names.map { #"<Property Name="\#($0)" Type="Edm.String"/>"# }.joined()
        let large =
            (0..<60).map { #"<Property Name="Field\#($0)" Type="Edm.String"/>"# }.joined()
            + #"<Property Name="Field7" Type="Edm.Int32"/>"#
        let metadata = try Fixtures.parse(
            Fixtures.edmx(
                #"<EntityType Name="Small"><Key><PropertyRef Name="K"/></Key>\#(small)</EntityType>"#
                    + #"<EntityType Name="Large"><Key><PropertyRef Name="Field0"/></Key>\#(large)</EntityType>"#))
        let smallType = try XCTUnwrap(metadata.entityType(named: "Test.Small"))
        XCTAssertEqual(smallType.properties.map(\.name), ["K", "Field1", "Field11", "Field21", "Field12"])
        let largeType = try XCTUnwrap(metadata.entityType(named: "Test.Large"))
        XCTAssertEqual(largeType.properties.count, 60)
        XCTAssertEqual(largeType.property(named: "Field7")?.type, .primitive(.string))
        XCTAssertEqual(
            metadata.diagnostics("duplicate-name").map(\.message),
            [
                "EntityType Test.Small has more than one member named Field1; the first is kept and this one is left out",
                "EntityType Test.Small has more than one member named Field11; the first is kept and this one is left out",
                "EntityType Test.Large has more than one member named Field7; the first is kept and this one is left out",
            ])
    }

    /// Two ends with one role, and a referential constraint naming a role that no end has, are reported.
    func testAssociationRolesAreChecked() throws {
        let type =
            #"<EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/>"#
            + "</EntityType>"
        let association = """
            <Association Name="A"><End Type="Test.T" Multiplicity="1" Role="R"/><End Type="Test.T" Multiplicity="*" Role="R"/>
            <ReferentialConstraint><Principal Role="R"><PropertyRef Name="K"/></Principal><Dependent Role="X"><PropertyRef Name="K"/></Dependent></ReferentialConstraint>
            </Association>
            """
        let metadata = try Fixtures.parse(Fixtures.edmx(type + association))
        XCTAssertEqual(metadata.diagnostics("duplicate-name").map(\.message), ["Association Test.A has two ends with Role R"])
        XCTAssertEqual(
            metadata.diagnostics("unresolved-role").map(\.message),
            [#"the ReferentialConstraint of Association Test.A names Role "X", which is not one of its ends"#])
    }

    /// An association set's association is qualified through the alias and checked in place: a repeated name, an
    /// undeclared association, a role its association lacks and an entity set not in the container are reported.
    func testAssociationSetsAreQualifiedAndChecked() throws {
        let type =
            #"<EntityType Name="T"><Key><PropertyRef Name="K"/></Key><Property Name="K" Type="Edm.Int32" Nullable="false"/>"#
            + "</EntityType>"
        let association = """
            <Association Name="A"><End Type="Test.T" Multiplicity="1" Role="From"/><End Type="Test.T" Multiplicity="*" Role="To"/></Association>
            """
        let container = """
            <EntityContainer Name="C" m:IsDefaultEntityContainer="true">
              <EntitySet Name="Ts" EntityType="Test.T"/>
              <AssociationSet Name="S" Association="Alias.A"><End EntitySet="Ts" Role="From"/><End EntitySet="Ts" Role="To"/></AssociationSet>
              <AssociationSet Name="S" Association="Test.A"><End EntitySet="Ts" Role="From"/><End EntitySet="Us" Role="Other"/></AssociationSet>
              <AssociationSet Name="Missing" Association="Test.B"><End EntitySet="Ts" Role="From"/></AssociationSet>
            </EntityContainer>
            """
        let metadata = try Fixtures.parse(Fixtures.edmx(type + association + container, alias: "Alias"))
        let sets = try XCTUnwrap(metadata.schemas.first?.entityContainers.first?.associationSets)
        XCTAssertEqual(sets.map(\.association), ["Test.A", "Test.A", "Test.B"])
        XCTAssertEqual(
            metadata.diagnostics("duplicate-name").map(\.message), ["EntityContainer C has more than one AssociationSet named S"])
        XCTAssertEqual(
            metadata.diagnostics("unresolved-role").map(\.message),
            ["AssociationSet C/S has an End with Role Other, which is not a role of Test.A"])
        XCTAssertEqual(
            metadata.diagnostics("unresolved-entity-set").map(\.message),
            ["AssociationSet C/S has an End with EntitySet Us, which is not in the container"])
        XCTAssertEqual(
            metadata.diagnostics("unresolved-association").map(\.message),
            ["AssociationSet C/Missing has Association Test.B, which is not declared"])
    }
}
