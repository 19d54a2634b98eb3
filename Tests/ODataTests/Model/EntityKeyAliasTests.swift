import Foundation
import ODataMetadata
import XCTest

@testable import OData

/// A key part read through a complex property and named by its alias (OData 4.01
/// `<PropertyRef Name="Address/City" Alias="City"/>`): the entity's key reads the value through the path, and key
/// predicates name it by the alias.
final class EntityKeyAliasTests: XCTestCase {
    private static let edmx = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="4.01" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="T" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EnumType Name="Kind"><Member Name="Head"/><Member Name="Branch"/></EnumType>
              <ComplexType Name="Address">
                <Property Name="City" Type="Edm.String" Nullable="false"/><Property Name="Kind" Type="T.Kind" Nullable="false"/>
              </ComplexType>
              <EntityType Name="Office">
                <Key><PropertyRef Name="Company"/><PropertyRef Name="Address/City" Alias="City"/><PropertyRef Name="Address/Kind" Alias="Kind"/></Key>
                <Property Name="Company" Type="Edm.String" Nullable="false"/><Property Name="Address" Type="T.Address" Nullable="false"/>
              </EntityType>
              <EntityContainer Name="C"><EntitySet Name="Offices" EntityType="T.Office"/></EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    func testTheKeyIsReadThroughThePathAndNamedByTheAlias() throws {
        let model = try DataModel(metadata: MetadataParser.parse(Data(Self.edmx.utf8)))
        XCTAssertEqual(model.diagnostics, [])
        let offices = try model.entitySet("Offices")
        let type = offices.entityType
        XCTAssertEqual(type.keyParts.map(\.name), ["Company", "City", "Kind"])
        XCTAssertEqual(type.keyParts.map { $0.properties.map(\.name) }, [["Company"], ["Address", "City"], ["Address", "Kind"]])
        XCTAssertEqual(type.keyProperties.map(\.name), ["Company"], "the type's own key properties")

        var office = EntityValue(type: type)
        try office.set("Company", to: .string("SAP"))
        XCTAssertEqual(office.key, EntityKey(["Company": .string("SAP"), "City": .null, "Kind": .null]))
        XCTAssertTrue(office.key.isIncomplete)
        let addressType = try XCTUnwrap(type.property(named: "Address")?.type.complexType)
        var address = ComplexValue(type: addressType)
        try address.set("City", to: .string("Walldorf"))
        try address.set("Kind", to: .string("Head"))
        try office.set("Address", to: .complex(address))
        XCTAssertEqual(office.key, EntityKey(["Company": .string("SAP"), "City": .string("Walldorf"), "Kind": .string("Head")]))

        // The alias names the component; an enum leaf is an enum literal.
        XCTAssertEqual(office.key.predicate(for: type), "(Company='SAP',City='Walldorf',Kind=T.Kind'Head')")
        XCTAssertEqual(
            DataQuery().from(offices).withKey(office.key).relativeURLString, "Offices(Company='SAP',City='Walldorf',Kind=T.Kind'Head')")
        // The model knows its service is OData 4.01, so requests wait for the v4 wire instead of going out as v2.
        XCTAssertEqual(model.service.protocolVersion, .v401)
        let builder = ODataRequestBuilder(serviceRoot: URL(string: "http://127.0.0.1:9/svc/")!)
        XCTAssertThrowsError(try builder.delete(office, in: offices)) {
            XCTAssertEqual(($0 as? ODataError)?.kind, .unsupportedOperation)
        }
    }
}
