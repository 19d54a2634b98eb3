import Foundation
import ODataMetadata
import XCTest

/// `ServiceMetadata.capabilities(of:in:)` follows the unqualified Capabilities restrictions only: a `Qualifier`, on
/// the annotation or on its `Annotations` block, applies a restriction to that qualifier's consumers (CSDL,
/// "Qualifier"), so it neither restricts the set nor lifts an unqualified restriction.
final class CapabilityQualifierTests: XCTestCase {
    static let document = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Capabilities.V1.xml">
            <edmx:Include Namespace="Org.OData.Capabilities.V1" Alias="Capabilities"/>
          </edmx:Reference>
          <edmx:DataServices>
            <Schema Namespace="T" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="P"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
              <EntityContainer Name="C">
                <EntitySet Name="InlineQualified" EntityType="T.P">
                  <Annotation Term="Capabilities.InsertRestrictions" Qualifier="Phone">
                    <Record><PropertyValue Property="Insertable" Bool="false"/></Record>
                  </Annotation>
                  <Annotation Term="Capabilities.FilterRestrictions" Qualifier="Phone">
                    <Record><PropertyValue Property="RequiresFilter" Bool="true"/></Record>
                  </Annotation>
                </EntitySet>
                <EntitySet Name="Both" EntityType="T.P">
                  <Annotation Term="Capabilities.UpdateRestrictions"><Record><PropertyValue Property="Updatable" Bool="false"/></Record></Annotation>
                  <Annotation Term="Capabilities.UpdateRestrictions" Qualifier="Admin">
                    <Record><PropertyValue Property="Updatable" Bool="true"/></Record>
                  </Annotation>
                </EntitySet>
                <EntitySet Name="InBlock" EntityType="T.P"/>
                <EntitySet Name="QualifiedBlock" EntityType="T.P"/>
              </EntityContainer>
              <Annotations Target="T.C/InBlock">
                <Annotation Term="Capabilities.DeleteRestrictions" Qualifier="Phone">
                  <Record><PropertyValue Property="Deletable" Bool="false"/></Record>
                </Annotation>
                <Annotation Term="Capabilities.InsertRestrictions"><Record><PropertyValue Property="Insertable" Bool="false"/></Record></Annotation>
              </Annotations>
              <Annotations Target="T.C/QualifiedBlock" Qualifier="Phone">
                <Annotation Term="Capabilities.DeleteRestrictions"><Record><PropertyValue Property="Deletable" Bool="false"/></Record></Annotation>
                <Annotation Term="Capabilities.UpdateRestrictions"><Record><PropertyValue Property="Updatable" Bool="false"/></Record></Annotation>
              </Annotations>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    /// `[creatable, updatable, deletable, requiresFilter]` of a set.
    private func capabilities(_ set: String) throws -> [Bool] {
        let metadata = try MetadataParser.parse(Data(Self.document.utf8))
        let container = try XCTUnwrap(metadata.entityContainers.first)
        let capabilities = metadata.capabilities(of: try XCTUnwrap(container.entitySet(named: set)), in: container)
        return [capabilities.isCreatable, capabilities.isUpdatable, capabilities.isDeletable, capabilities.requiresFilter]
    }

    func testAQualifiedRestrictionAloneRestrictsNothing() throws {
        XCTAssertEqual(try capabilities("InlineQualified"), [true, true, true, false])
    }

    func testAQualifiedRestrictionDoesNotLiftTheUnqualifiedOne() throws {
        XCTAssertEqual(try capabilities("Both"), [true, false, true, false])
    }

    func testInABlockOnlyTheUnqualifiedAnnotationCounts() throws {
        XCTAssertEqual(try capabilities("InBlock"), [false, true, true, false])
    }

    func testAQualifiedBlockQualifiesEveryAnnotationInIt() throws {
        XCTAssertEqual(try capabilities("QualifiedBlock"), [true, true, true, false])
    }
}
