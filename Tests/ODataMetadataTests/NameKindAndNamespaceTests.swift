import Foundation
import XCTest

@testable import ODataMetadata

/// Issue 14 item 9: names resolve per kind, a dangling ReferentialConstraint property is diagnosed,
/// and the pre-release EDM namespace 2009/08 is read with a warning.
final class NameKindAndNamespaceTests: XCTestCase {
    /// An association named like an entity type, as in a real SAP inbox service.
    func testAnAssociationNamedLikeAnEntityTypeKeepsTheNavigationTarget() throws {
        let body = """
                  <EntityType Name="Task"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.String" Nullable="false"/>
                    <NavigationProperty Name="Comments" Relationship="Test.Comment" FromRole="FromTask" ToRole="ToComment"/></EntityType>
                  <EntityType Name="Comment"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.String" Nullable="false"/></EntityType>
                  <Association Name="Comment"><End Type="Test.Task" Multiplicity="1" Role="FromTask"/><End Type="Test.Comment" Multiplicity="*" Role="ToComment"/></Association>
                  <EntityContainer Name="C" m:IsDefaultEntityContainer="true">
                    <EntitySet Name="Tasks" EntityType="Test.Task"/><EntitySet Name="Comments" EntityType="Test.Comment"/>
                    <AssociationSet Name="TaskComments" Association="Test.Comment"><End EntitySet="Tasks" Role="FromTask"/><End EntitySet="Comments" Role="ToComment"/></AssociationSet>
                  </EntityContainer>
            """
        let metadata = try MetadataParser.parse(Fixtures.edmx(body))
        let navigation = try XCTUnwrap(metadata.entityType(named: "Test.Task")?.navigationProperties.first)
        XCTAssertEqual(navigation.targetType, "Test.Comment")
        XCTAssertNotNil(metadata.association(named: "Test.Comment"))
        XCTAssertNotNil(metadata.entityType(named: "Test.Comment"))
        XCTAssertEqual(metadata.diagnostics("duplicate-name").count, 0, "\(metadata.diagnostics)")
        XCTAssertEqual(metadata.diagnostics("name-shared-across-kinds").map(\.severity), [.note])
        XCTAssertEqual(metadata.diagnostics.filter { $0.severity == .error }, [])
        let tasks = try XCTUnwrap(metadata.entitySet(named: "Tasks"))
        XCTAssertEqual(metadata.targetEntitySet(from: tasks, navigationProperty: "Comments")?.name, "Comments")
    }

    /// A BaseType resolves as every other type reference does: to the first declaration of its name. A complex type
    /// whose base's name was first declared as an entity type gets the error and inherits nothing (it inherited from
    /// the later complex type of that name, although the error said there was none).
    func testABaseTypeNamedLikeAnEarlierTypeOfAnotherKindInheritsNothing() throws {
        let body = """
                  <EntityType Name="Base"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.String" Nullable="false"/></EntityType>
                  <ComplexType Name="Base"><Property Name="Street" Type="Edm.String"/></ComplexType>
                  <ComplexType Name="Derived" BaseType="Test.Base"><Property Name="City" Type="Edm.String"/></ComplexType>
                  <EntityType Name="Child" BaseType="Test.Base"><Property Name="Extra" Type="Edm.String"/></EntityType>
            """
        let metadata = try MetadataParser.parse(Fixtures.edmx(body))
        let unresolved = metadata.diagnostics("unresolved-type")
        XCTAssertEqual(unresolved.count, 1, "\(metadata.diagnostics)")
        XCTAssertTrue(unresolved.first?.message.contains("ComplexType Test.Derived has BaseType Test.Base") == true, "\(unresolved)")
        XCTAssertEqual(metadata.complexType(named: "Test.Derived")?.properties.map(\.name), ["City"])
        XCTAssertEqual(metadata.entityType(named: "Test.Child")?.properties.map(\.name), ["ID", "Extra"])
        XCTAssertEqual(metadata.entityType(named: "Test.Child")?.key, ["ID"])
    }

    func testADanglingReferentialConstraintPropertyIsDiagnosed() throws {
        let body = """
                  <EntityType Name="Order"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.String" Nullable="false"/></EntityType>
                  <EntityType Name="Item"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.String" Nullable="false"/>
                    <Property Name="OrderID" Type="Edm.String"/></EntityType>
                  <Association Name="OrderItems"><End Type="Test.Order" Multiplicity="1" Role="O"/><End Type="Test.Item" Multiplicity="*" Role="I"/>
                    <ReferentialConstraint><Principal Role="O"><PropertyRef Name="ID"/></Principal>
                      <Dependent Role="I"><PropertyRef Name="OrderNo"/></Dependent></ReferentialConstraint></Association>
            """
        let metadata = try MetadataParser.parse(Fixtures.edmx(body))
        let found = metadata.diagnostics("unresolved-property")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("Dependent property \"OrderNo\"") == true, "\(found)")
        XCTAssertTrue(found.first?.message.contains("Test.Item") == true)
        XCTAssertEqual(found.first?.severity, .error)
        XCTAssertThrowsError(try MetadataParser.parse(Fixtures.edmx(body), options: .strict))
    }

    func testThePreReleaseEDMNamespaceIsReadWithAWarning() throws {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
              <edmx:DataServices m:DataServiceVersion="2.0">
                <Schema Namespace="DataMarket" xmlns="http://schemas.microsoft.com/ado/2009/08/edm">
                  <EntityType Name="Row"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
                  <EntityContainer Name="Service" m:IsDefaultEntityContainer="true"><EntitySet Name="Rows" EntityType="DataMarket.Row"/></EntityContainer>
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """
        let metadata = try MetadataParser.parse(text)
        XCTAssertEqual(metadata.defaultContainer?.name, "Service")
        XCTAssertEqual(metadata.entityType(named: "DataMarket.Row")?.properties.map(\.name), ["ID"])
        XCTAssertEqual(metadata.diagnostics("prerelease-namespace").map(\.severity), [.warning])
    }
}
