import Foundation
import ODataMetadata
import XCTest

@testable import ODataCodeGen

/// A key given as a path through a complex property with an alias (CSDL 4.01
/// `<PropertyRef Name="Address/City" Alias="City"/>`) is generated as a key: the alias names the key component in key
/// predicates and in `key(…)`, the value is read through the path. Never a keyless type.
final class KeyAliasTests: XCTestCase {
    static let document = TestSupport.edmx4(
        types: """
            <EnumType Name="Kind"><Member Name="Head"/><Member Name="Branch"/></EnumType>
            <ComplexType Name="Address">
              <Property Name="City" Type="Edm.String" Nullable="false"/><Property Name="Kind" Type="T.Kind" Nullable="false"/>
            </ComplexType>
            <EntityType Name="Office">
              <Key><PropertyRef Name="Company"/><PropertyRef Name="Address/City" Alias="City"/><PropertyRef Name="Address/Kind" Alias="Kind"/></Key>
              <Property Name="Company" Type="Edm.String" Nullable="false"/><Property Name="Address" Type="T.Address" Nullable="false"/>
            </EntityType>
            <EntityType Name="Unnamed"><Key><PropertyRef Name="Address/City"/></Key>
              <Property Name="Address" Type="T.Address" Nullable="false"/>
            </EntityType>
            """,
        container: #"<EntitySet Name="Offices" EntityType="T.Office"/><EntitySet Name="Unnamed" EntityType="T.Unnamed"/>"#)

    func testAnAliasedKeyPathIsAKeyNamedByItsAlias() throws {
        let result = try TestSupport.generate(Self.document)
        // A path without an alias is not valid CSDL: that type (only) stays keyless, and says so.
        XCTAssertEqual(
            result.diagnostics.map(\.message),
            [
                "key property Unnamed.Address/City is not generated, so Unnamed gets no key "
                    + "(no key helpers; its entities are addressed by the links the service sends)"
            ])
        let office = try TestSupport.file(result, "Office.swift")
        XCTAssertContains(office, #"        keyNames: ["Company", "Address/City", "Address/Kind"],"#)
        XCTAssertContains(
            office,
            #"        keyAliases: [OData.KeyAlias(path: "Address/City", alias: "City"), OData.KeyAlias(path: "Address/Kind", alias: "Kind")]"#
        )
        XCTAssertContains(
            office,
            """
                public static func key(company: Swift.String?, city: Swift.String?, kind: Kind?) -> OData.EntityKey {
                    OData.EntityKey([OData.KeyComponent(Self.company, company), OData.KeyComponent("City", city), OData.KeyComponent("Kind", kind)])
                }
            """)
        XCTAssertContains(
            try TestSupport.file(result, "+C.swift"),
            "open func fetchOfficeWithKey(\n        company: Swift.String?,\n        city: Swift.String?,")
        let usage = GeneratedFile(
            name: "KeyAliasUsage.swift",
            contents: """
                import OData

                func offices<Provider: OData.DataServiceProvider>(_ provider: Provider) async throws -> Office {
                    let key: OData.EntityKey = Office.key(company: "SAP", city: "Walldorf", kind: .head)
                    _ = key
                    return try await C(provider: provider).fetchOfficeWithKey(company: "SAP", city: "Walldorf", kind: .branch)
                }

                """)
        XCTAssertNil(try Compiler.typecheck(result.files + [usage], moduleName: "KeyAlias"))
    }
}
