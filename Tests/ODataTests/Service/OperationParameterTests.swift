import Foundation
import ODataMetadata
import XCTest

@testable import OData

/// Where an operation call carries its parameters ([MS-ODATA] 2.2.3.6.5, 2.2.7.5.1): an OData 3.0 action (a
/// side-effecting import without `m:HttpMethod`) POSTs them as one verbose JSON object in the body; a function
/// (`IsSideEffecting="false"`) and a service operation with `m:HttpMethod` (SAP's v2 POST imports among them) put
/// them in the query string. The requests are checked whole: method, URL, headers and body bytes.
final class OperationParameterTests: XCTestCase {
    private let root = URL(string: "http://127.0.0.1:9/svc/")!

    private func text(_ body: HTTPBody) -> String? { body.data.map { String(decoding: $0, as: UTF8.self) } }

    private func function(_ name: String) throws -> FunctionImportDescriptor {
        try XCTUnwrap(try CatalogV3.model().functionImport(named: name), "no function import \(name)")
    }

    func testTheModelSaysWhereEachImportsParametersGo() throws {
        let metadata = try CatalogV3.metadata()
        let imports = try XCTUnwrap(metadata.defaultContainer?.functionImports)
        let inBody = Dictionary(uniqueKeysWithValues: imports.map { ($0.name, $0.passesParametersInBody) })
        XCTAssertEqual(
            inBody, ["Rate": true, "Discontinue": true, "TopRated": false, "ProductsInColor": false, "Archive": false])
        XCTAssertEqual(try function("Rate").parameterLocation, .body)
        XCTAssertEqual(try function("Discontinue").parameterLocation, .body)
        XCTAssertEqual(try function("TopRated").parameterLocation, .url)
        XCTAssertEqual(try function("Archive").parameterLocation, .url)
    }

    func testAnActionPostsItsParametersAsOneVerboseJSONObject() throws {
        let builder = ODataRequestBuilder(serviceRoot: root, sapClient: "100")
        let ratedAt = try XCTUnwrap(LocalDateTime(millisecondsSince1970: 1_700_000_000_000))
        let query = DataQuery().invoke(
            try function("Rate"),
            [
                ("ProductID", .int32(1)), ("Rating", .int32(4)), ("Comment", nil), ("RatedAt", .dateTime(ratedAt)),
                ("Weight", .int64(9_007_199_254_740_993)),
            ])
        XCTAssertEqual(query.relativeURLString, "Rate", "the URL carries no parameter of an action")
        XCTAssertTrue(query.queryOptions.isEmpty)
        let request = try builder.invoke(query)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.url.absoluteString, "http://127.0.0.1:9/svc/Rate?sap-client=100")
        XCTAssertEqual(request.headers["Content-Type"], "application/json;odata=verbose")
        XCTAssertEqual(request.headers["Accept"], "application/json")
        XCTAssertEqual(
            text(request.body), #"{"ProductID":1,"Rating":4,"RatedAt":"\/Date(1700000000000)\/","Weight":"9007199254740993"}"#,
            "verbose JSON forms (Int64 as a string, /Date(ms)/); an argument without a value is left out (null)")
        let fetched = try builder.fetch(query)
        XCTAssertEqual(fetched.method, "POST")
        XCTAssertEqual(fetched.body, request.body, "a read of an action's result sends the same call")
    }

    func testAnActionWithoutParametersSendsNoBodyAndOneWithOnlyNullsAnEmptyObject() throws {
        let builder = ODataRequestBuilder(serviceRoot: root)
        let bare = try builder.invoke(DataQuery().invoke(try function("Discontinue")))
        XCTAssertEqual(bare.method, "POST")
        XCTAssertEqual(bare.url.absoluteString, "http://127.0.0.1:9/svc/Discontinue")
        XCTAssertEqual(bare.body, .none)
        XCTAssertNil(bare.headers["Content-Type"])
        let nulls = try builder.invoke(
            DataQuery().invoke(try function("Rate"), [("ProductID", nil), ("Rating", nil), ("Comment", nil)]))
        XCTAssertEqual(text(nulls.body), "{}")
        XCTAssertEqual(nulls.headers["Content-Type"], "application/json;odata=verbose")
    }

    func testFunctionsAndServiceOperationsKeepTheirParametersInTheURL() throws {
        let builder = ODataRequestBuilder(serviceRoot: root)
        let topRated = try builder.fetch(DataQuery().invoke(try function("TopRated"), [("MinRating", .int32(3))]))
        XCTAssertEqual(topRated.method, "GET")
        XCTAssertEqual(topRated.url.absoluteString, "http://127.0.0.1:9/svc/TopRated?MinRating=3")
        XCTAssertEqual(topRated.body, .none)
        let archive = try builder.invoke(DataQuery().invoke(try function("Archive"), [("Year", .int32(2020))]))
        XCTAssertEqual(archive.method, "POST", "m:HttpMethod says POST")
        XCTAssertEqual(archive.url.absoluteString, "http://127.0.0.1:9/svc/Archive?Year=2020")
        XCTAssertEqual(archive.body, .none)
        XCTAssertNil(archive.headers["Content-Type"])
        // SAP's v2 POST import: a descriptor built without a location keeps its parameters in the URL.
        let sap = try builder.invoke(
            DataQuery().invoke(TestSets.updateStatus, [("id", .string("500000001")), ("newStatus", .string("P"))]))
        XCTAssertEqual(sap.method, "POST")
        XCTAssertEqual(sap.url.absoluteString, "http://127.0.0.1:9/svc/UpdateSalesOrderStatus?id='500000001'&newStatus='P'")
        XCTAssertEqual(sap.body, .none)
    }
}
