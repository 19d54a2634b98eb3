import Foundation
import OData
import XCTest

/// An OData 3.0 service (`scripts/servers/v3_server.py`, which refuses what a 3.0 service refuses) called through
/// the dynamic API, the model read from its `$metadata`: actions with their parameters in a JSON body, functions and
/// service operations with theirs in the URL. Like WCF Data Services 5.x the server answers JSON light to a plain
/// `application/json`, so every JSON request must ask for `application/json;odata=verbose`.
final class V3ServiceTests: XCTestCase {
    /// One request the server received.
    private struct Received: Decodable {
        let method: String
        let path: String
        let query: String
        let accept: String?
        let contentType: String?
        let body: String
    }

    private func received() async throws -> [Received] {
        try JSONDecoder().decode([Received].self, from: try await TestServers.control("GET", try TestServers.v3Control("log")))
    }

    private func connect() async throws -> (OnlineODataProvider, DataModel) {
        try await TestServers.control("POST", try TestServers.v3Control("reset"))
        let provider = TestServers.provider(serviceName: "Catalog", serviceRoot: try TestServers.v3())
        return (provider, try await provider.loadDataModel())
    }

    func testAnActionTakesItsParametersInTheBody() async throws {
        let (provider, model) = try await connect()
        let rate = try XCTUnwrap(model.functionImport(named: "Rate"))
        let ratedAt = try XCTUnwrap(LocalDateTime(millisecondsSince1970: 1_700_000_000_000))
        let result = try await provider.send(
            .invokeFunction(
                DataQuery().invoke(
                    rate,
                    [
                        ("ProductID", .int32(2)), ("Rating", .int32(1)), ("Comment", .string("wobbly 'legs' & more")),
                        ("RatedAt", .dateTime(ratedAt)), ("Weight", .int64(9_007_199_254_740_993)),
                    ])))
        guard case .value(let rating) = result else { return XCTFail("Rate answers a value, got \(result)") }
        XCTAssertEqual(rating, .int32(1))
        let log = try await received()
        let call = try XCTUnwrap(log.last)
        XCTAssertEqual(call.method, "POST")
        XCTAssertEqual(call.path, "Rate")
        XCTAssertEqual(call.query, "", "no parameter in the URL")
        XCTAssertEqual(call.contentType, "application/json;odata=verbose")
        XCTAssertEqual(
            call.body,
            #"{"ProductID":2,"Rating":1,"Comment":"wobbly 'legs' & more","RatedAt":"\/Date(1700000000000)\/","Weight":"9007199254740993"}"#)
        let product = try await provider.send(
            .fetchEntity(DataQuery().from(try model.entitySet("Products")).withKey(EntityKey(["ID": .int32(2)]))))
        XCTAssertEqual(product["Rating"], .int32(1), "the action ran with the parameters it was given")

        let discontinue = try XCTUnwrap(model.functionImport(named: "Discontinue"))
        guard case .none = try await provider.send(.invokeFunction(DataQuery().invoke(discontinue))) else {
            return XCTFail("Discontinue answers nothing")
        }
        let after = try await received()
        let bare = try XCTUnwrap(after.last)
        XCTAssertEqual(bare.method, "POST")
        XCTAssertEqual(bare.body, "")
    }

    func testFunctionsAndServiceOperationsKeepTheirParametersInTheURL() async throws {
        let (provider, model) = try await connect()
        let topRated = try XCTUnwrap(model.functionImport(named: "TopRated"))
        guard case .entities(let best) = try await provider.send(.invokeFunction(DataQuery().invoke(topRated, [("MinRating", .int32(4))])))
        else { return XCTFail("TopRated answers entities") }
        XCTAssertEqual(best.map { $0["ID"] }, [.int32(2), .int32(3)])
        let archive = try XCTUnwrap(model.functionImport(named: "Archive"))
        guard case .value(let archived) = try await provider.send(.invokeFunction(DataQuery().invoke(archive, [("Year", .int32(2020))])))
        else { return XCTFail("Archive answers a value") }
        XCTAssertEqual(archived, .boolean(true))
        // (A write first fetches a CSRF token with a GET of the service document, path "".)
        let calls = try await received().filter { !$0.path.isEmpty }.suffix(2)
        XCTAssertEqual(
            calls.map { "\($0.method) \($0.path)?\($0.query) [\($0.body)]" }, ["GET TopRated?MinRating=4 []", "POST Archive?Year=2020 []"])
    }

    func testEnumValuesInFiltersKeysAndParametersAreEnumLiterals() async throws {
        let (provider, model) = try await connect()
        let products = try model.entitySet("Products")
        let red = try await provider.send(
            .fetchEntities(DataQuery().from(products).filter(QueryFilter.property("Color").equal(.literal(.string("Red"))))))
        XCTAssertEqual(red.entities.map { $0["ID"] }, [.int32(1), .int32(3)])
        XCTAssertEqual(red.entities.first?["Color"], .string("Red"), "an enum value is read as its member name")
        let swatch = try await provider.send(
            .fetchEntity(DataQuery().from(try model.entitySet("Swatches")).withKey(EntityKey(["Color": .string("Blue")]))))
        XCTAssertEqual(swatch["Label"], .string("blue swatch"))
        let inColor = try XCTUnwrap(model.functionImport(named: "ProductsInColor"))
        guard
            case .entities(let green) = try await provider.send(.invokeFunction(DataQuery().invoke(inColor, [("Color", .string("Green"))])))
        else { return XCTFail("ProductsInColor answers entities") }
        XCTAssertEqual(green.map { $0["ID"] }, [.int32(2)])
        let log = try await received()
        XCTAssertEqual(
            log.map { "\($0.path)?\($0.query)" }.suffix(3),
            [
                "Products?$filter=Color%20eq%20Catalog.Model.Color'Red'", "Swatches(Catalog.Model.Color'Blue')?",
                "ProductsInColor?Color=Catalog.Model.Color'Green'",
            ])
    }

    func testEveryJSONRequestAsksForVerboseJSON() async throws {
        let (provider, model) = try await connect()
        let products = try model.entitySet("Products")
        let all = try await provider.send(.fetchEntities(DataQuery().from(products)))
        XCTAssertEqual(all.entities.map { $0["ID"] }, [.int32(1), .int32(2), .int32(3), .int32(4)])
        let chair = try await provider.send(.fetchEntity(DataQuery().from(products).withKey(EntityKey(["ID": .int32(1)]))))
        XCTAssertEqual(chair["Name"], .string("Chair"))
        let rate = try XCTUnwrap(model.functionImport(named: "Rate"))
        guard
            case .value(.int32(5)) = try await provider.send(
                .invokeFunction(DataQuery().invoke(rate, [("ProductID", .int32(1)), ("Rating", .int32(5))])))
        else { return XCTFail("Rate answers the new rating") }
        let calls = try await received().filter { !$0.path.isEmpty && $0.path != "$metadata" }
        XCTAssertEqual(
            calls.map { "\($0.method) \($0.path) \($0.accept ?? "-")" },
            [
                "GET Products application/json;odata=verbose", "GET Products(1) application/json;odata=verbose",
                "POST Rate application/json;odata=verbose",
            ])
    }

    func testAContainerOverAProviderMakesItsNextPagesAskForVerboseJSON() async throws {
        let (_, model) = try await connect()
        // a provider that never read $metadata: the container made over it tells it the service
        let provider = TestServers.provider(serviceName: "Catalog", serviceRoot: try TestServers.v3())
        let catalog = CatalogContainer(provider: provider, sets: model.entitySets)
        XCTAssertEqual(catalog.provider.service.protocolVersion, .v3)
        let page = try await provider.send(
            .fetchPage(nextLink: "Products?$filter=Rating%20ge%204", for: DataQuery().from(try model.entitySet("Products"))))
        XCTAssertEqual(page.entities.map { $0["ID"] }, [.int32(2), .int32(3)])
        let log = try await received()
        let call = try XCTUnwrap(log.last)
        XCTAssertEqual(
            "\(call.path)?\(call.query) \(call.accept ?? "-")", "Products?$filter=Rating%20ge%204 application/json;odata=verbose")
    }
}

/// A container over the sets of a service, as a generated one lists its own.
private final class CatalogContainer: DataService<OnlineODataProvider>, @unchecked Sendable {
    private let sets: [EntitySetDescriptor]

    init(provider: OnlineODataProvider, sets: [EntitySetDescriptor]) {
        self.sets = sets
        super.init(provider: provider)
    }

    override var entitySets: [EntitySetDescriptor] { sets }
}
