import Foundation
import ODataMetadata
import XCTest

@testable import OData
@testable import ODataCodeGen

/// The Capabilities vocabulary's restrictions on an entity set (`InsertRestrictions/Insertable`,
/// `UpdateRestrictions/Updatable`, `DeleteRestrictions/Deletable`, `FilterRestrictions/RequiresFilter`) feed the same
/// capability checks as SAP's `sap:creatable` & co.: inline on an OData v4 `EntitySet` (attribute or element form),
/// and in `Annotations` blocks aimed at the set by its qualified, alias-qualified or container-relative path; a
/// qualified restriction (a `Qualifier` on the annotation or its block) does not count. The generated handles and the
/// dynamic API agree.
final class V4CapabilityTests: XCTestCase {
    static let document = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Capabilities.V1.xml">
            <edmx:Include Namespace="Org.OData.Capabilities.V1" Alias="Capabilities"/>
          </edmx:Reference>
          <edmx:DataServices>
            <Schema Namespace="T" Alias="Tee" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="P"><Key><PropertyRef Name="ID"/></Key><Property Name="ID" Type="Edm.Int32" Nullable="false"/></EntityType>
              <EntityContainer Name="C">
                <EntitySet Name="Inline" EntityType="T.P">
                  <Annotation Term="Capabilities.InsertRestrictions"><Record><PropertyValue Property="Insertable" Bool="false"/></Record></Annotation>
                  <Annotation Term="Capabilities.UpdateRestrictions">
                    <Record><PropertyValue Property="Updatable"><Bool>false</Bool></PropertyValue></Record>
                  </Annotation>
                  <Annotation Term="Capabilities.FilterRestrictions"><Record><PropertyValue Property="RequiresFilter" Bool="true"/></Record></Annotation>
                </EntitySet>
                <EntitySet Name="Aliased" EntityType="T.P"/>
                <EntitySet Name="Relative" EntityType="T.P"/>
                <EntitySet Name="Allowed" EntityType="T.P">
                  <Annotation Term="Capabilities.DeleteRestrictions"><Record><PropertyValue Property="Deletable" Bool="true"/></Record></Annotation>
                </EntitySet>
                <EntitySet Name="Qualified" EntityType="T.P">
                  <Annotation Term="Capabilities.InsertRestrictions" Qualifier="Phone">
                    <Record><PropertyValue Property="Insertable" Bool="false"/></Record>
                  </Annotation>
                </EntitySet>
              </EntityContainer>
              <Annotations Target="Tee.C/Aliased">
                <Annotation Term="Org.OData.Capabilities.V1.DeleteRestrictions">
                  <Record><PropertyValue Property="Deletable" Bool="false"/></Record>
                </Annotation>
              </Annotations>
              <Annotations Target="T.C/Qualified" Qualifier="Phone">
                <Annotation Term="Capabilities.DeleteRestrictions"><Record><PropertyValue Property="Deletable" Bool="false"/></Record></Annotation>
              </Annotations>
              <Annotations Target="C/Relative">
                <Annotation Term="Capabilities.InsertRestrictions"><Record><PropertyValue Property="Insertable" Bool="false"/></Record></Annotation>
              </Annotations>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    func testTheGeneratedHandlesCarryTheVocabularysRestrictions() throws {
        let result = try TestSupport.generate(Self.document)
        let text = try TestSupport.file(result, "+CMetadata.swift")
        let allowed = "OData.SetPermissions.Allowed"
        let forbidden = "OData.SetPermissions.Forbidden"
        XCTAssertContains(text, "public static var inline: OData.TypedEntitySet<P, \(forbidden), \(forbidden), \(allowed)>")
        XCTAssertContains(text, "public static var aliased: OData.TypedEntitySet<P, \(allowed), \(allowed), \(forbidden)>")
        XCTAssertContains(text, "public static var relative: OData.TypedEntitySet<P, \(forbidden), \(allowed), \(allowed)>")
        XCTAssertContains(text, "public static var allowed: OData.TypedEntitySet<P, \(allowed), \(allowed), \(allowed)>")
        // a qualified restriction (its own Qualifier or its block's) is for that qualifier's consumers only
        XCTAssertContains(text, "public static var qualified: OData.TypedEntitySet<P, \(allowed), \(allowed), \(allowed)>")
        XCTAssertContains(
            text,
            #"OData.EntitySetDescriptor(name: "Inline", entityType: P.entityType, isCreatable: false, isUpdatable: false, requiresFilter: true"#
        )
        XCTAssertContains(
            try TestSupport.file(result, "+C.swift"), "open func fetchInline(\n        filter: OData.QueryFilter,")
    }

    func testTheDynamicAPIReadsTheSameRestrictions() throws {
        let model = try DataModel(metadata: MetadataParser.parse(Data(Self.document.utf8)))
        func allows(_ set: String) throws -> [Bool] {
            let descriptor = try model.entitySet(set)
            return [EntitySetOperation.create, .update, .delete, .readWithoutFilter].map(descriptor.allows)
        }
        XCTAssertEqual(try allows("Inline"), [false, false, true, false])
        XCTAssertEqual(try allows("Aliased"), [true, true, false, true])
        XCTAssertEqual(try allows("Relative"), [false, true, true, true])
        XCTAssertEqual(try allows("Allowed"), [true, true, true, true])
        XCTAssertEqual(try allows("Qualified"), [true, true, true, true])
        XCTAssertThrowsError(try model.entitySet("Aliased").checkAllows(.delete)) {
            XCTAssertEqual(
                ($0 as? ODataError)?.message,
                "entity set Aliased does not allow delete (sap:deletable=\"false\" or Capabilities.DeleteRestrictions/Deletable false)")
        }
    }
}
