import Foundation
import OData
import ODataCurl
import XCTest

/// `OnlineODataProvider.entityStream`: entities delivered while a page is still arriving (over
/// `CurlTransport`), the same entities as `entities(…)` across pyslet's server-driven pages (over the
/// suite's transport).
final class EntityStreamTests: XCTestCase {
    private static let item = TestItem.type

    func testEntitiesArriveWhileThePageIsStillOnItsWay() async throws {
        let server = HTTPFaultServer()
        try server.start()
        defer { server.stop() }
        let provider = OnlineODataProvider(
            serviceName: "Test", serviceRoot: server.url("/svc/"), options: .init(retryPolicy: .none), transport: CurlTransport())
        let query = DataQuery().from(EntitySetDescriptor(name: "Items", entityType: Self.item))
        let start = Date()
        var firstArrival: TimeInterval?
        var names: [String] = []
        for try await entity in provider.entityStream(query) {
            if firstArrival == nil { firstArrival = Date().timeIntervalSince(start) }
            if case .string(let name)? = entity["Name"] { names.append(name) }
        }
        let total = Date().timeIntervalSince(start)
        XCTAssertEqual(names.count, 400)
        XCTAssertEqual(names.first, #"item {0] "q" \ end"#)
        XCTAssertEqual(names.last, #"item {399] "q" \ end"#)
        XCTAssertGreaterThanOrEqual(total, 1.5, "the second half of the page comes 1.5 s late")
        XCTAssertLessThan(try XCTUnwrap(firstArrival), 1.0, "the first entities come before the page has ended")
    }

    func testStreamMatchesPagedEntitiesAcrossServerDrivenPages() async throws {
        let provider = TestServers.provider(serviceName: "ESPM", serviceRoot: try TestServers.pysletPaging())
        let customers = try await provider.loadDataModel().entitySet("Customers")
        let query = DataQuery().from(customers)
        var paged: [EntityValue] = []
        for try await entity in provider.entities(query) { paged.append(entity) }
        var streamed: [EntityValue] = []
        for try await entity in provider.entityStream(query) { streamed.append(entity) }
        XCTAssertGreaterThan(paged.count, 5, "more than one page of 5")
        XCTAssertEqual(streamed, paged)
    }

    func testStreamRefusesWhatIsNotAnEntitySetRead() async throws {
        let provider = TestServers.provider(serviceName: "ESPM", serviceRoot: try TestServers.pyslet())
        let customers = try await provider.loadDataModel().entitySet("Customers")
        do {
            for try await _ in provider.entityStream(DataQuery().from(customers).withKey(EntityKey(["CustomerId": .string("C000001")]))) {}
            XCTFail("a key read is not streamed")
        } catch {
            XCTAssertEqual(error.kind, .invalidRequest)
        }
    }
}
