import Foundation
import OData
import ODataMetadata
import ODataOffline
import XCTest

/// An offline store over an OData 3.0 service syncs in verbose JSON: its downloads and uploads ask for
/// `application/json;odata=verbose` and write their bodies in it, as an online provider does for the service
/// (`Metadata/CatalogV3.xml`, the document of `scripts/servers/v3_server.py`).
final class V3SyncTests: XCTestCase {
    private static let root = URL(string: "http://service.test/Catalog.svc/")!

    private static func product(_ id: Int, _ name: String) -> String {
        #"{"__metadata":{"uri":"\#(root.absoluteString)Products(\#(id))","type":"Catalog.Model.Product"},"ID":\#(id),"Name":"\#(name)"}"#
    }

    func testDownloadAndUploadAskForVerboseJSON() async throws {
        let verbose = "application/json;odata=verbose"
        let transport = ScriptedTransport { request in
            if request.url.path.hasSuffix("$metadata") {
                return HTTPResponse(
                    statusCode: 200, headers: ["Content-Type": "application/xml"], body: try OfflineFixtures.catalogV3Metadata(),
                    url: request.url)
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
        let provider = try await ScriptedESPM.provider(
            transport, queries: [OfflineODataDefiningQuery(name: "products", query: "Products")], serviceRoot: Self.root)
        try await provider.download()

        let model = try DataModel(metadata: MetadataParser.parse(OfflineFixtures.catalogV3Metadata()))
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
