import ODataTestSupport
import XCTest

@testable import OData

/// The online provider over a scripted transport: requests it builds, responses it accepts or refuses.
final class OnlineProviderTests: XCTestCase {
    private let model = RecordedModels.load("ESPM")

    private static func customersPage(next: String? = nil, city: String = "Walldorf") -> String {
        let nextPart = next.map { #","__next":"\#($0)""# } ?? ""
        return
            #"{"d":{"results":[{"__metadata":{"uri":"http://127.0.0.1:9/svc/Customers('1')","type":"ESPM.Customer","etag":"W/\"7\""},"CustomerId":"1","City":"\#(city)","FirstName":"Ada"}]\#(nextPart)}}"#
    }

    private func provider(_ transport: MockTransport, options: OnlineODataProvider.Options = .init()) -> OnlineODataProvider {
        OnlineODataProvider(serviceName: "ESPM", serviceRoot: testRoot, options: options, transport: transport)
    }

    private static func json(_ body: String, _ request: HTTPRequest, status: Int = 200) -> HTTPResponse {
        .make(status, ["Content-Type": "application/json"], body: body, url: request.url)
    }

    func testReadBuildsTheURLAndDecodes() async throws {
        let transport = MockTransport { request, _ in Self.json(Self.customersPage(), request) }
        let customers = try model.entitySet("Customers")
        let list = try await provider(transport, options: .init(sapClient: "100"))
            .send(
                .fetchEntities(
                    DataQuery().from(customers).filter(.property("City").equal(.literal(.string("a b&c")))).top(1),
                    options: .init()), headers: [:])
        XCTAssertEqual(list.entities.first?["City"], .string("Walldorf"))
        XCTAssertEqual(list.entities.first?.metadata.etag, "W/\"7\"")
        let sent = try XCTUnwrap(transport.requests.first)
        XCTAssertEqual(sent.url.absoluteString, "http://127.0.0.1:9/svc/Customers?$filter=City%20eq%20'a%20b%26c'&$top=1&sap-client=100")
        XCTAssertEqual(sent.headers["Accept"], "application/json")
    }

    func testMalformedBodyWrongTypeAndErrorBodyAreTyped() async throws {
        let bodies: [(String, String, ODataError.Kind)] = [
            (#"{"d":{"results":[{"CustomerId":"1","City":}]}}"#, "application/json", .decoding),
            ("<html>login</html>", "text/html", .wrongContentType),
            (#"{"error":{"code":"X","message":{"lang":"en","value":"nope"}}}"#, "application/json", .httpStatus),
        ]
        let customers = try model.entitySet("Customers")
        for (body, type, kind) in bodies {
            let transport = MockTransport { request, _ in .make(200, ["Content-Type": type], body: body, url: request.url) }
            do {
                _ = try await provider(transport).send(.fetchEntities(DataQuery().from(customers), options: .init()), headers: [:])
                XCTFail("\(kind) expected")
            } catch {
                XCTAssertEqual(error.kind, kind)
                if kind == .decoding { XCTAssertEqual(error.position, 42, "the byte of the missing value") }
                if kind == .httpStatus { XCTAssertEqual(error.serviceError?.message, "nope") }
            }
        }
    }

    func testPagingRefusesAnotherOriginAndRepeatingLinks() async throws {
        let customers = try model.entitySet("Customers")
        let foreign = MockTransport { request, _ in
            Self.json(Self.customersPage(next: "http://evil.example/svc/Customers?$skiptoken='1'"), request)
        }
        var pages = 0
        do {
            for try await _ in provider(foreign).pages(DataQuery().from(customers)) { pages += 1 }
            XCTFail("the foreign next link must be refused")
        } catch {
            XCTAssertEqual(error.kind, .crossOriginNextLink)
        }
        XCTAssertEqual(pages, 1)
        XCTAssertEqual(foreign.requests.count, 1, "nothing is sent to the other origin")

        let looping = MockTransport { request, _ in
            Self.json(Self.customersPage(next: "http://127.0.0.1:9/svc/Customers?$skiptoken='1'"), request)
        }
        var count = 0
        do {
            for try await _ in provider(looping).entities(DataQuery().from(customers)) { count += 1 }
            XCTFail("a repeating next link must stop the iteration")
        } catch {
            XCTAssertEqual(error.kind, .repeatedNextLink)
        }
        XCTAssertEqual(count, 2)
    }

    func testUpdatesSendChangesIfMatchAndTunnelling() async throws {
        let transport = MockTransport { request, _ in
            if request.headers["x-csrf-token"] == "Fetch" { return .make(200, ["x-csrf-token": "tok"], url: request.url) }
            if request.method == "GET" { return Self.json(Self.customersPage(), request) }
            return .make(204, ["ETag": "W/\"8\""], url: request.url)
        }
        let provider = provider(transport)
        let customers = try model.entitySet("Customers")
        let loaded = try await provider.send(.fetchEntities(DataQuery().from(customers), options: .init()), headers: [:])
        var customer = try XCTUnwrap(loaded.entities.first)
        let unchanged = try await provider.send(.updateEntity(customer))
        XCTAssertEqual(unchanged, customer)
        XCTAssertEqual(transport.requests.count, 1, "nothing changed: nothing sent")

        try customer.set("City", to: .string("Paris"))
        let updated = try await provider.send(.updateEntity(customer))
        XCTAssertEqual(updated.metadata.etag, "W/\"8\"")
        XCTAssertFalse(updated.hasChanges)
        let merge = try XCTUnwrap(transport.requests.last)
        XCTAssertEqual(merge.method, "MERGE")
        XCTAssertEqual(merge.url.absoluteString, "http://127.0.0.1:9/svc/Customers('1')")
        XCTAssertEqual(merge.headers["If-Match"], "W/\"7\"")
        XCTAssertEqual(merge.headers["x-csrf-token"], "tok")
        XCTAssertEqual(merge.body.data.map { String(decoding: $0, as: UTF8.self) }, #"{"City":"Paris"}"#)

        _ = try await provider.send(.updateEntity(customer, options: RequestOptions(updateMode: .patch, tunnelsHTTPMethod: true)))
        let tunnelled = try XCTUnwrap(transport.requests.last)
        XCTAssertEqual(tunnelled.method, "POST")
        XCTAssertEqual(tunnelled.headers["X-HTTP-Method"], "PATCH")

        _ = try await provider.send(.updateEntity(customer, options: RequestOptions(updateMode: .replace)))
        let put = try XCTUnwrap(transport.requests.last)
        XCTAssertEqual(put.method, "PUT")
        let body = try XCTUnwrap(put.body.data.flatMap { try JSONSerialization.jsonObject(with: $0) as? [String: Any] })
        XCTAssertEqual(body["FirstName"] as? String, "Ada")
        XCTAssertEqual(body["City"] as? String, "Paris")

        try await provider.send(.deleteEntity(updated))
        XCTAssertEqual(transport.requests.last?.method, "DELETE")
        XCTAssertEqual(transport.requests.last?.headers["If-Match"], "W/\"8\"")
        XCTAssertEqual(transport.requests.filter { $0.headers["x-csrf-token"] == "Fetch" }.count, 1, "one CSRF fetch for all writes")
    }

    func testStaleETagThrowsPreconditionFailed() async throws {
        let transport = MockTransport { request, _ in
            Self.json(#"{"error":{"code":"CONFLICT","message":"changed"}}"#, request, status: 412)
        }
        var entity = model.newEntity(of: try model.entitySet("Customers"))
        try entity.set("CustomerId", to: .string("1"))
        entity.acceptChanges()
        entity.metadata.etag = "W/\"1\""
        try entity.set("City", to: .string("X"))
        do {
            _ = try await provider(transport, options: .init(handlesCSRF: false)).send(
                .updateEntity(entity, in: try model.entitySet("Customers")))
            XCTFail("412 expected")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .preconditionFailed)
            XCTAssertEqual(error.serviceError?.code, "CONFLICT")
        }
    }

    func testFunctionImportUsesItsDeclaredMethod() async throws {
        let transport = MockTransport { request, _ in
            if request.headers["x-csrf-token"] == "Fetch" { return .make(200, ["x-csrf-token": "tok"], url: request.url) }
            return Self.json(#"{"d":{"results":{"UpdateSalesOrderStatus":true}}}"#, request)
        }
        let function = try XCTUnwrap(model.functionImport(named: "UpdateSalesOrderStatus"))
        let result = try await provider(transport).send(
            .invokeFunction(
                DataQuery().invoke(function, [(name: "id", value: .string("5")), (name: "newStatus", value: .string("C"))]),
                options: .init()), headers: [:])
        guard case .value(.boolean(true)) = result else { return XCTFail("expected true, got \(result)") }
        let call = try XCTUnwrap(transport.requests.last)
        XCTAssertEqual(call.method, "POST")
        XCTAssertEqual(call.url.absoluteString, "http://127.0.0.1:9/svc/UpdateSalesOrderStatus?id='5'&newStatus='C'")
        XCTAssertEqual(call.headers["x-csrf-token"], "tok")
    }
}
