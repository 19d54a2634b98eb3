import Foundation
import OData
import XCTest

/// An OData 3.0 service (`scripts/servers/v3_server.py`, which refuses what a 3.0 service refuses) called through
/// the dynamic API, the model read from its `$metadata`: actions with their parameters in a JSON body, functions and
/// service operations with theirs in the URL.
final class V3ServiceTests: XCTestCase {
    /// One request the server received.
    private struct Received: Decodable {
        let method: String
        let path: String
        let query: String
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
}
