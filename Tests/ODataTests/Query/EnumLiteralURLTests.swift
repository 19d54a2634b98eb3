import Foundation
import ODataMetadata
import XCTest

@testable import OData

/// Enum values in URLs ([MS-ODATA] 2.2.2 for OData 3.0, OData v4 URL conventions): a value compared with an
/// enum-typed property in `$filter`, an enum-typed key and an enum-typed function parameter are written as enum
/// literals, `Catalog.Model.Color'Red'`, by the property's or parameter's descriptor; never as the string `'Red'`,
/// which such services refuse.
final class EnumLiteralURLTests: XCTestCase {
    /// A Swift enum as the generator writes one.
    private enum Shade: String, EnumTypeProtocol {
        static let enumType = EnumTypeDescriptor(
            qualifiedName: "Catalog.Model.Color", memberNames: ["Red", "Green", "Blue"], memberValues: [0, 1, 2])
        case red = "Red"
        case green = "Green"
        case blue = "Blue"
    }

    private func set(_ name: String) throws -> EntitySetDescriptor { try CatalogV3.model().entitySet(name) }

    func testTheDynamicModelKnowsTheEnumTypes() throws {
        let color = try XCTUnwrap(try set("Products").entityType.property(named: "Color"))
        XCTAssertEqual(color.enumType?.qualifiedName, "Catalog.Model.Color")
        XCTAssertEqual(color.enumType?.memberNames, ["Red", "Green", "Blue"])
        XCTAssertEqual(try set("Swatches").entityType.keyProperties.map(\.name), ["Color"], "the enum-typed key is kept")
        let parameter = try XCTUnwrap(try CatalogV3.model().functionImport(named: "ProductsInColor")?.parameters.first)
        XCTAssertEqual(parameter.enumType?.qualifiedName, "Catalog.Model.Color")
        XCTAssertEqual(try CatalogV3.model().diagnostics, [])
    }

    func testAValueComparedWithAnEnumPropertyIsAnEnumLiteral() throws {
        let products = try set("Products")
        let color = TypedProperty<Shade>(try XCTUnwrap(products.entityType.property(named: "Color")))
        let name = TypedProperty<String>(try XCTUnwrap(products.entityType.property(named: "Name")))
        let typed = DataQuery().from(products).filter(color == .red && name == "Red")
        XCTAssertEqual(typed.relativeURLString, "Products?$filter=Color%20eq%20Catalog.Model.Color'Red'%20and%20Name%20eq%20'Red'")
        XCTAssertEqual(
            typed.queryOptions.first { $0.name == "$filter" }?.value, "Color%20eq%20Catalog.Model.Color'Red'%20and%20Name%20eq%20'Red'",
            "queryOptions writes what the URL writes")
        let dynamic = DataQuery().from(products).filter(
            QueryFilter.literal(.string("Blue")).notEqual(.property("Color")).or(.property("Color").equal(.literal(.null))))
        XCTAssertEqual(
            dynamic.relativeURLString, "Products?$filter=Catalog.Model.Color'Blue'%20ne%20Color%20or%20Color%20eq%20null",
            "either side, and null stays null")
        XCTAssertEqual(
            dynamic.filterExpression?.expressionString, "'Blue' ne Color or Color eq null",
            "a filter alone knows no types: its text writes values by their own type")
    }

    func testEnumPathsThroughNavigationAndFunctionResultsResolve() throws {
        let edmx = """
            <?xml version="1.0" encoding="utf-8"?>
            <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
              <edmx:DataServices m:DataServiceVersion="3.0" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
                <Schema Namespace="N" xmlns="http://schemas.microsoft.com/ado/2009/11/edm">
                  <EnumType Name="Kind"><Member Name="A"/><Member Name="B"/></EnumType>
                  <ComplexType Name="Tag"><Property Name="Kind" Type="N.Kind"/></ComplexType>
                  <EntityType Name="Item"><Key><PropertyRef Name="ID"/></Key>
                    <Property Name="ID" Type="Edm.Int32" Nullable="false"/><Property Name="Tag" Type="N.Tag"/>
                    <NavigationProperty Name="Owner" Relationship="N.ItemOwner" FromRole="Item" ToRole="Owner"/>
                  </EntityType>
                  <EntityType Name="Owner"><Key><PropertyRef Name="Kind"/><PropertyRef Name="No"/></Key>
                    <Property Name="Kind" Type="N.Kind" Nullable="false"/><Property Name="No" Type="Edm.Int32" Nullable="false"/>
                    <NavigationProperty Name="Items" Relationship="N.ItemOwner" FromRole="Owner" ToRole="Item"/>
                  </EntityType>
                  <Association Name="ItemOwner">
                    <End Type="N.Item" Role="Item" Multiplicity="*"/><End Type="N.Owner" Role="Owner" Multiplicity="0..1"/>
                  </Association>
                  <EntityContainer Name="C" m:IsDefaultEntityContainer="true">
                    <EntitySet Name="Items" EntityType="N.Item"/><EntitySet Name="Owners" EntityType="N.Owner"/>
                    <AssociationSet Name="ItemOwners" Association="N.ItemOwner">
                      <End EntitySet="Items" Role="Item"/><End EntitySet="Owners" Role="Owner"/>
                    </AssociationSet>
                    <FunctionImport Name="Latest" ReturnType="Collection(N.Item)" EntitySet="Items" IsSideEffecting="false"/>
                  </EntityContainer>
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """
        let model = try DataModel(metadata: MetadataParser.parse(Data(edmx.utf8)))
        let items = try model.entitySet("Items")
        let a = QueryFilter.literal(.string("A"))
        let query = DataQuery().from(items).filter(
            QueryFilter.property("Tag/Kind").equal(a).and(QueryFilter.property("Owner/Kind").equal(a)))
        XCTAssertEqual(query.relativeURLString, "Items?$filter=Tag/Kind%20eq%20N.Kind'A'%20and%20Owner/Kind%20eq%20N.Kind'A'")
        let latest = try XCTUnwrap(model.functionImport(named: "Latest"))
        XCTAssertEqual(
            DataQuery().invoke(latest).filter(QueryFilter.property("Tag/Kind").equal(a)).relativeURLString,
            "Latest?$filter=Tag/Kind%20eq%20N.Kind'A'", "a function's result type types its filter")
        let owner = EntityKey(["Kind": .string("B"), "No": .int32(7)])
        let owners = try model.entitySet("Owners")
        let ownedItems = try XCTUnwrap(owners.entityType.navigationProperty(named: "Items"))
        XCTAssertEqual(
            DataQuery().from(owners).withKey(owner).navigate(ownedItems).withKey(EntityKey(["ID": .int32(1)])).relativeURLString,
            "Owners(Kind=N.Kind'B',No=7)/Items(1)")
        XCTAssertEqual(
            DataQuery().from(items).withKey(EntityKey(["ID": .int32(1)])).navigate(
                try XCTUnwrap(items.entityType.navigationProperty(named: "Owner"))
            ).withKey(owner).relativeURLString,
            "Items(1)/Owner(Kind=N.Kind'B',No=7)", "a navigation segment's key is typed by the navigation's target")
    }

    func testEnumKeysAndFunctionParametersAreEnumLiterals() throws {
        let swatches = try set("Swatches")
        let key = EntityKey(["Color": .string("Blue")])
        XCTAssertEqual(DataQuery().from(swatches).withKey(key).relativeURLString, "Swatches(Catalog.Model.Color'Blue')")
        XCTAssertEqual(key.predicate(for: swatches.entityType), "(Catalog.Model.Color'Blue')")
        XCTAssertEqual(key.predicate, "('Blue')", "without a type, each value by its own type (the offline store's row key)")
        var swatch = EntityValue(type: swatches.entityType)
        try swatch.set("Color", to: .string("Green"))
        let builder = ODataRequestBuilder(serviceRoot: URL(string: "http://127.0.0.1:9/svc/")!)
        XCTAssertEqual(
            try builder.delete(swatch, in: swatches).url.absoluteString, "http://127.0.0.1:9/svc/Swatches(Catalog.Model.Color'Green')")

        let inColor = try XCTUnwrap(try CatalogV3.model().functionImport(named: "ProductsInColor"))
        let call = DataQuery().invoke(inColor, [("Color", Shade.red.edmValue)])
        XCTAssertEqual(call.relativeURLString, "ProductsInColor?Color=Catalog.Model.Color'Red'")
        XCTAssertEqual(call.queryOptions.map { "\($0.name)=\($0.value)" }, ["Color=Catalog.Model.Color'Red'"])
    }
}
