import Foundation
import OData
import ODataMetadata
import ODataOffline
import XCTest

/// An offline upload that addresses an entity with an enum-typed key by its stored key (not by a link the service
/// sent) writes that key as the online provider does, as an enum literal (`Categories(Shop.Model.Kind'A')`): an
/// OData 3.0 service refuses the string form, `('A')`.
final class V3EnumKeyUploadTests: XCTestCase {
    private static let root = URL(string: "http://service.test/Shop.svc/")!
    private static let metadata = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
          <edmx:DataServices m:DataServiceVersion="3.0" m:MaxDataServiceVersion="3.0"
              xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
            <Schema Namespace="Shop.Model" xmlns="http://schemas.microsoft.com/ado/2009/11/edm">
              <EnumType Name="Kind">
                <Member Name="A" Value="0"/>
                <Member Name="B" Value="1"/>
              </EnumType>
              <EntityType Name="Item">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                <NavigationProperty Name="Categories" Relationship="Shop.Model.Item_Categories" FromRole="Item" ToRole="Category"/>
              </EntityType>
              <EntityType Name="Category">
                <Key><PropertyRef Name="Kind"/></Key>
                <Property Name="Kind" Type="Shop.Model.Kind" Nullable="false"/>
                <Property Name="Label" Type="Edm.String"/>
              </EntityType>
              <Association Name="Item_Categories">
                <End Role="Item" Type="Shop.Model.Item" Multiplicity="*"/>
                <End Role="Category" Type="Shop.Model.Category" Multiplicity="*"/>
              </Association>
              <EntityContainer Name="ShopContainer" m:IsDefaultEntityContainer="true">
                <EntitySet Name="Items" EntityType="Shop.Model.Item"/>
                <EntitySet Name="Categories" EntityType="Shop.Model.Category"/>
                <AssociationSet Name="Item_Categories" Association="Shop.Model.Item_Categories">
                  <End Role="Item" EntitySet="Items"/>
                  <End Role="Category" EntitySet="Categories"/>
                </AssociationSet>
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    private static func category(_ kind: String) -> String {
        let uri = "\(root.absoluteString)Categories(Shop.Model.Kind'\(kind)')"
        return #"{"__metadata":{"uri":"\#(uri)","type":"Shop.Model.Category"},"Kind":"\#(kind)","Label":"\#(kind)"}"#
    }

    /// The service: `Items(1)` linked to category A, the two sets, and 204 to every write.
    private static func serve(_ request: HTTPRequest) -> HTTPResponse {
        if request.url.path.hasSuffix("$metadata") {
            return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/xml"], body: Data(metadata.utf8), url: request.url)
        }
        guard request.method == "GET" else { return HTTPResponse(statusCode: 204, headers: HTTPHeaders(), body: Data(), url: request.url) }
        if request.url.path.hasSuffix("/Items") {
            let item =
                #"{"__metadata":{"uri":"\#(root.absoluteString)Items(1)","type":"Shop.Model.Item"},"ID":1,"#
                + #""Categories":{"results":[\#(category("A"))]}}"#
            return ScriptedTransport.json(#"{"d":{"results":[\#(item)]}}"#, for: request)
        }
        return ScriptedTransport.json(#"{"d":{"results":[\#(category("A"))]}}"#, for: request)
    }

    private func openStore(_ transport: ScriptedTransport) async throws -> OfflineODataProvider {
        let queries = [
            OfflineODataDefiningQuery(name: "items", query: "Items?$expand=Categories"),
            OfflineODataDefiningQuery(name: "categories", query: "Categories"),
        ]
        let provider = try await ScriptedESPM.provider(transport, queries: queries, serviceRoot: Self.root)
        try await provider.download()
        return provider
    }

    private func writes(_ transport: ScriptedTransport) -> [String] {
        transport.dataRequests.filter { $0.method != "GET" }.map {
            "\($0.method) \($0.url.absoluteString.dropFirst(Self.root.absoluteString.count))"
        }
    }

    func testTheTargetOfARemovedLinkIsWrittenAsAnEnumLiteral() async throws {
        let transport = ScriptedTransport { Self.serve($0) }
        let provider = try await openStore(transport)
        let model = try DataModel(metadata: MetadataParser.parse(Data(Self.metadata.utf8)))
        let items = try model.entitySet("Items")
        let storedItems = try await provider.send(.fetchEntities(DataQuery().from(items))).entities
        let storedCategories = try await provider.send(.fetchEntities(DataQuery().from(try model.entitySet("Categories")))).entities
        let item = try XCTUnwrap(storedItems.first)
        let category = try XCTUnwrap(storedCategories.first)
        let categories = try XCTUnwrap(items.entityType.navigationProperty(named: "Categories"))
        try await provider.send(.removeLink(from: item, property: categories, to: category))
        _ = try await provider.upload()
        XCTAssertEqual(writes(transport), ["DELETE Items(1)/$links/Categories(Shop.Model.Kind'A')"])
    }

    func testALocalCreateWithItsOwnKeyIsAddressedByAnEnumLiteral() async throws {
        let transport = ScriptedTransport { Self.serve($0) }
        let provider = try await openStore(transport)
        let model = try DataModel(metadata: MetadataParser.parse(Data(Self.metadata.utf8)))
        let categories = try model.entitySet("Categories")
        var created = EntityValue(type: categories.entityType)
        try created.set("Kind", to: .string("B"))
        try created.set("Label", to: .string("new"))
        created = try await provider.send(.createEntity(created, in: categories))
        // the service answers the create with 204 and no Location: the store has only its own key for it
        _ = try await provider.upload()
        try created.set("Label", to: .string("renamed"))
        _ = try await provider.send(.updateEntity(created, in: categories))
        _ = try await provider.upload()
        XCTAssertEqual(writes(transport), ["POST Categories", "MERGE Categories(Shop.Model.Kind'B')"])
    }

    func testACreateAnsweredWithALocationKeepsItsStoredKey() async throws {
        let transport = ScriptedTransport { request in
            guard request.method == "POST" else { return Self.serve(request) }
            let location = Self.root.absoluteString + "Categories(Shop.Model.Kind'B')"
            return HTTPResponse(statusCode: 201, headers: ["Location": location], body: Data(), url: request.url)
        }
        let provider = try await openStore(transport)
        let model = try DataModel(metadata: MetadataParser.parse(Data(Self.metadata.utf8)))
        let categories = try model.entitySet("Categories")
        var created = EntityValue(type: categories.entityType)
        try created.set("Kind", to: .string("B"))
        created = try await provider.send(.createEntity(created, in: categories))
        _ = try await provider.upload()
        // the Location names the key in URL form, the store keeps its own form: a read by key still finds it
        let read = try await provider.send(.fetchEntities(DataQuery().from(categories).withKey(["Kind": .string("B")])))
        XCTAssertEqual(read.entities.map { $0["Kind"] }, [.string("B")])
        try created.set("Label", to: .string("renamed"))
        _ = try await provider.send(.updateEntity(created, in: categories))
        _ = try await provider.upload()
        XCTAssertEqual(writes(transport), ["POST Categories", "MERGE Categories(Shop.Model.Kind'B')"])
    }
}
