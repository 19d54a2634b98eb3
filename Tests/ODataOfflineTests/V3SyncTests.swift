import Foundation
import OData
import ODataMetadata
import ODataOffline
import XCTest

/// An offline store over an OData 3.0 service syncs in verbose JSON: its downloads and uploads ask for
/// `application/json;odata=verbose` and write their bodies in it, as an online provider does for the service.
final class V3SyncTests: XCTestCase {
    private static let root = URL(string: "http://service.test/Catalog.svc/")!
    private static let metadata = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
          <edmx:DataServices m:DataServiceVersion="3.0" m:MaxDataServiceVersion="3.0"
              xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata">
            <Schema Namespace="Catalog.Model" xmlns="http://schemas.microsoft.com/ado/2009/11/edm">
              <EntityType Name="Product">
                <Key><PropertyRef Name="ID"/></Key>
                <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
                <Property Name="Name" Type="Edm.String"/>
              </EntityType>
              <EntityContainer Name="CatalogContainer" m:IsDefaultEntityContainer="true">
                <EntitySet Name="Products" EntityType="Catalog.Model.Product"/>
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    private static func product(_ id: Int, _ name: String) -> String {
        #"{"__metadata":{"uri":"\#(root.absoluteString)Products(\#(id))","type":"Catalog.Model.Product"},"ID":\#(id),"Name":"\#(name)"}"#
    }

    func testDownloadAndUploadAskForVerboseJSON() async throws {
        let verbose = "application/json;odata=verbose"
        let transport = ScriptedTransport { request in
            if request.url.path.hasSuffix("$metadata") {
                return HTTPResponse(
                    statusCode: 200, headers: ["Content-Type": "application/xml"], body: Data(Self.metadata.utf8), url: request.url)
            }
            // an OData 3.0 service answers JSON light to anything but verbose JSON
            guard request.headers["Accept"] == verbose else {
                return ScriptedTransport.json(
                    #"{"odata.metadata":"\#(Self.root.absoluteString)$metadata#Products","value":[]}"#, for: request)
            }
            if request.method == "POST" {
                return ScriptedTransport.json("{\"d\":\(Self.product(9, "Stool"))}", status: 201, for: request)
            }
            return ScriptedTransport.json("{\"d\":{\"results\":[\(Self.product(1, "Chair"))]}}", for: request)
        }
        var parameters = OfflineODataParameters()
        parameters.storeEncryptionKey = OfflineFixtures.storeKey
        parameters.storeName = "catalog"
        parameters.storePath = try OfflineFixtures.temporaryFolder()
        parameters.usesBatch = false
        var options = OnlineODataProvider.Options()
        options.handlesCSRF = false
        options.retryPolicy = RetryPolicy(maxAttempts: 1)
        let provider = OfflineODataProvider(serviceRoot: Self.root, parameters: parameters, options: options, transport: transport)
        try provider.add(definingQuery: OfflineODataDefiningQuery(name: "products", query: "Products"))
        try await provider.open()
        try await provider.download()

        let model = try DataModel(metadata: MetadataParser.parse(Data(Self.metadata.utf8)))
        let products = try model.entitySet("Products")
        let read = try await provider.send(.fetchEntities(DataQuery().from(products)))
        XCTAssertEqual(read.entities.map { $0["Name"] }, [.string("Chair")], "the download read the verbose answer")
        var stool = EntityValue(type: products.entityType)
        try stool.set("ID", to: .int32(9))
        try stool.set("Name", to: .string("Stool"))
        _ = try await provider.send(.createEntity(stool, in: products))
        _ = try await provider.upload()

        let sent = transport.dataRequests
        XCTAssertEqual(
            sent.map { "\($0.method) \($0.url.lastPathComponent) \($0.headers["Accept"] ?? "-") \($0.headers["Content-Type"] ?? "-")" },
            ["GET Products \(verbose) -", "POST Products \(verbose) \(verbose)"])
    }
}
