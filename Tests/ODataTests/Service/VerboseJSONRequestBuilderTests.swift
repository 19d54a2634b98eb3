import Foundation
import ODataMetadata
import ODataTestSupport
import XCTest

@testable import OData

/// The JSON media type of every request follows the service's protocol version: `application/json` for an OData 2.0
/// service, byte for byte as before, and `application/json;odata=verbose` for an OData 3.0 one, whose plain
/// `application/json` is JSON light ([MS-ODATA] 2.2.5.1.2).
final class VerboseJSONRequestBuilderTests: XCTestCase {
    private let root = URL(string: "http://127.0.0.1:9/Catalog.svc/")!
    private let verbose = "application/json;odata=verbose"

    private func product(_ model: DataModel) throws -> EntityValue {
        var product = EntityValue(type: try model.entitySet("Products").entityType)
        try product.set("ID", to: .int32(7))
        try product.set("Name", to: .string("Stool"))
        try product.set("Color", to: .string("Blue"))
        return product
    }

    /// The headers of every JSON request a builder makes: a read, a next page, a create, a `$links` write, and a
    /// `$batch` with a read part and a create part.
    private func headers(of builder: ODataRequestBuilder, _ model: DataModel) throws -> [String] {
        let products = try model.entitySet("Products")
        let read = try builder.fetch(DataQuery().from(products))
        let next = try builder.nextPage("Products?$skiptoken=2")
        let create = try builder.create(try product(model), in: products)
        let espm = RecordedModels.load("ESPM")
        var customer = EntityValue(type: try espm.entitySet("Customers").entityType)
        customer.metadata.uri = root.absoluteString + "Customers('1')"
        var order = EntityValue(type: try espm.entitySet("SalesOrderHeaders").entityType)
        order.metadata.uri = root.absoluteString + "SalesOrderHeaders('5')"
        let navigation = try XCTUnwrap(customer.entityType.navigationProperty(named: "SalesOrders"))
        let link = try builder.link("POST", from: customer, property: navigation, to: order)
        let batch = RequestBatch()
        batch.addQuery(DataQuery().from(products))
        let changes = ChangeSet()
        changes.createEntity(try product(model), in: products)
        batch.addChanges(changes)
        let parts = String(decoding: try XCTUnwrap(try builder.batch(batch).body.data), as: UTF8.self)
        let partHeaders = parts.components(separatedBy: "\r\n").filter {
            $0.hasPrefix("Accept: ") || $0.hasPrefix("Content-Type: application/json")
        }
        return [
            "read Accept: \(read.headers["Accept"] ?? "-")", "next Accept: \(next.headers["Accept"] ?? "-")",
            "create Accept: \(create.headers["Accept"] ?? "-")", "create Content-Type: \(create.headers["Content-Type"] ?? "-")",
            "link Content-Type: \(link.headers["Content-Type"] ?? "-")",
        ] + partHeaders.map { "part \($0)" }
    }

    func testAnOData2ServiceKeepsPlainJSON() throws {
        let model = try CatalogV3.model()
        let expected = [
            "read Accept: application/json", "next Accept: application/json", "create Accept: application/json",
            "create Content-Type: application/json", "link Content-Type: application/json", "part Accept: application/json",
            "part Content-Type: application/json", "part Accept: application/json",
        ]
        XCTAssertEqual(try headers(of: ODataRequestBuilder(serviceRoot: root), model), expected, "the default builder")
        let v2 = ODataRequestBuilder(serviceRoot: root, codec: PayloadFormat.json.codec(service: .v2))
        XCTAssertEqual(try headers(of: v2, model), expected)
        let v1 = ODataRequestBuilder(serviceRoot: root, codec: JSONPayloadCodec(service: ServiceDescriptor(protocolVersion: .v1)))
        XCTAssertEqual(try headers(of: v1, model), expected, "OData 1.0's only JSON is verbose JSON too")
    }

    func testAnOData3ServiceAsksForVerboseJSONEverywhere() throws {
        let model = try CatalogV3.model()
        XCTAssertEqual(model.service.protocolVersion, .v3)
        let builder = ODataRequestBuilder(serviceRoot: root, codec: PayloadFormat.json.codec(service: model.service))
        XCTAssertEqual(
            try headers(of: builder, model),
            [
                "read Accept: \(verbose)", "next Accept: \(verbose)", "create Accept: \(verbose)", "create Content-Type: \(verbose)",
                "link Content-Type: \(verbose)", "part Accept: \(verbose)", "part Content-Type: \(verbose)", "part Accept: \(verbose)",
            ])
        let atom = ODataRequestBuilder(serviceRoot: root, codec: PayloadFormat.atom.codec(service: model.service))
        XCTAssertEqual(
            try atom.fetch(DataQuery().from(try model.entitySet("Products"))).headers["Accept"], "application/atom+xml,application/xml")
    }

    private func provider(_ transport: MockTransport) -> OnlineODataProvider {
        OnlineODataProvider(
            serviceName: "Catalog", serviceRoot: root, options: OnlineODataProvider.Options(handlesCSRF: false), transport: transport)
    }

    private static let emptyFeed = #"{"d":{"results":[]}}"#

    func testAProviderAdoptsTheServiceOfAContainerMadeOverIt() async throws {
        let model = try CatalogV3.model()
        let transport = MockTransport { request, _ in
            .make(200, ["Content-Type": "application/json"], body: Self.emptyFeed, url: request.url)
        }
        let provider = provider(transport)
        let copy = provider
        XCTAssertTrue(provider.service === ServiceDescriptor.v2, "a provider calls an OData 2.0 service until told otherwise")
        _ = DataService(provider: provider)
        XCTAssertTrue(provider.service === ServiceDescriptor.v2, "a container without entity sets names no service")
        _ = CatalogContainer(provider: provider, sets: [try model.entitySet("Products")])
        XCTAssertTrue(provider.service === model.service)
        XCTAssertTrue(copy.service === model.service, "copies of a provider share the service it adopted")
        _ = try await copy.send(.fetchPage(nextLink: "Products?$skiptoken=2", for: DataQuery().from(try model.entitySet("Products"))))
        XCTAssertEqual(transport.requests.last?.headers["Accept"], verbose, "a next page carries no descriptor, yet asks for verbose JSON")
        provider.adopt(.v2)
        XCTAssertTrue(provider.service === model.service, "ServiceDescriptor.v2 names no service: nothing changes")
        _ = CatalogContainer(provider: provider, sets: [try RecordedModels.load("ESPM").entitySet("Customers")])
        XCTAssertTrue(provider.service === model.service, "a v2 container (its sets' service is .v2) changes nothing")
    }

    func testLoadDataModelAdoptsTheServiceItReads() async throws {
        let document = try CatalogV3.document()
        let transport = MockTransport { request, _ in
            request.url.path.hasSuffix("$metadata")
                ? .make(200, ["Content-Type": "application/xml"], body: document, url: request.url)
                : .make(200, ["Content-Type": "application/json"], body: Self.emptyFeed, url: request.url)
        }
        let provider = provider(transport)
        let model = try await provider.loadDataModel()
        XCTAssertTrue(provider.service === model.service)
        _ = try await provider.send(.fetchEntities(DataQuery().from(try model.entitySet("Products"))))
        XCTAssertEqual(transport.requests.last?.headers["Accept"], verbose)
    }

    func testTheJSONLightRefusalSaysHowToAskForVerboseJSON() throws {
        let light = Data(#"{"odata.metadata":"http://127.0.0.1:9/Catalog.svc/$metadata#Products","value":[]}"#.utf8)
        XCTAssertThrowsError(
            try JSONPayloadCodec().decodeEntityList(light, entityType: try CatalogV3.model().entitySet("Products").entityType)
        ) {
            let message = (($0 as? ODataError)?.message ?? "\($0)")
            XCTAssertTrue(message.contains("JSON light"), message)
            XCTAssertTrue(message.contains("application/json;odata=verbose"), message)
            XCTAssertTrue(message.contains("adopt(_:)"), message)
        }
    }
}

/// A container over given entity sets, as a generated one lists its own.
private final class CatalogContainer: DataService<OnlineODataProvider>, @unchecked Sendable {
    private let sets: [EntitySetDescriptor]

    init(provider: OnlineODataProvider, sets: [EntitySetDescriptor]) {
        self.sets = sets
        super.init(provider: provider)
    }

    override var entitySets: [EntitySetDescriptor] { sets }
}
