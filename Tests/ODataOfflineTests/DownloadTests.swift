import ESPM
import Foundation
import OData
import ODataOffline
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Download against a scripted service: paging, expanded relations, delta links with tombstones, the key
/// diff of full re-reads, and reopening with the service unreachable.
final class DownloadTests: XCTestCase {
    func testPagingExpandDeltaAndTombstones() async throws {
        let transport = ScriptedTransport { request in
            if let metadata = try ScriptedTransport.metadata(for: request) { return metadata }
            switch ScriptedESPM.relative(request) {
            case "Customers?$expand=SalesOrders":
                return ScriptedTransport.json(
                    ScriptedESPM.feed(
                        [ScriptedESPM.customer("C1", orders: ["S1", "S2"]), ScriptedESPM.customer("C2", orders: [])],
                        next: "Customers?$expand=SalesOrders&$skiptoken=2"), for: request)
            case "Customers?$expand=SalesOrders&$skiptoken=2":
                return ScriptedTransport.json(
                    ScriptedESPM.feed([ScriptedESPM.customer("C3", orders: ["S3"])], delta: "Customers?!deltatoken='t1'"), for: request)
            default:
                return ScriptedTransport.json("{}", status: 404, for: request)
            }
        }
        let folder = try OfflineFixtures.temporaryFolder()
        let provider = try await ScriptedESPM.provider(
            transport, queries: [OfflineODataDefiningQuery(name: "customers", query: "Customers?$expand=SalesOrders")], folder: folder)
        let file = folder.appendingPathComponent("espm.sqlite")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "the store file is private")
        try await provider.download()
        let service = ESPMContainer(provider: provider)
        let customers = try await service.fetchCustomers(matching: DataQuery().expand(Customer.salesOrders))
        XCTAssertEqual(customers.map(\.customerID), ["C1", "C2", "C3"])
        XCTAssertEqual(customers[0].salesOrders.compactMap(\.salesOrderID), ["S1", "S2"])
        XCTAssertEqual(customers[0].entityValue.metadata.etag, "W/\"1\"")
        let orders = try await service.fetchSalesOrderHeaders(matching: DataQuery().filter(SalesOrderHeader.customerID.equal("C1")))
        XCTAssertEqual(orders.count, 2)
        let owner = try await service.fetchCustomer(
            matching: DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders).withKey(SalesOrderHeader.key(salesOrderID: "S3"))
                .navigate(SalesOrderHeader.customerDetails))
        XCTAssertEqual(owner.customerID, "C3", "the partner navigation of an expanded relation is stored too")

        transport.answer { request in
            switch ScriptedESPM.relative(request) {
            case "Customers?!deltatoken='t1'":
                return ScriptedTransport.json(
                    ScriptedESPM.feed(
                        [ScriptedESPM.customer("C2", city: "Paris", etag: 2)], delta: "Customers?!deltatoken='t2'",
                        deleted: ["Customers('C3')"]), for: request)
            default:
                return ScriptedTransport.json("{}", status: 404, for: request)
            }
        }
        try await provider.download()
        let afterDelta = try await service.fetchCustomers()
        XCTAssertEqual(afterDelta.map(\.customerID), ["C1", "C2"], "the tombstone removed C3")
        XCTAssertEqual(afterDelta[1].city, "Paris")
        XCTAssertEqual(ScriptedESPM.relative(transport.dataRequests.last!), "Customers?!deltatoken='t1'")

        try await provider.close()
        transport.answer { _ in throw ODataError(.transport, "connection refused", underlyingError: URLError(.cannotConnectToHost)) }
        let reopened = try await ScriptedESPM.provider(
            transport, queries: [OfflineODataDefiningQuery(name: "customers", query: "Customers?$expand=SalesOrders")], folder: folder)
        let offline = try await ESPMContainer(provider: reopened).fetchCustomers(matching: DataQuery().orderBy(Customer.city))
        XCTAssertEqual(offline.map(\.city), ["London", "Paris"], "a reopened store answers with the service unreachable")
        do {
            try await reopened.download()
            XCTFail("a download with the service unreachable succeeded")
        } catch {
            XCTAssertEqual(error.kind, .transport)
        }
        let unchanged = try await ESPMContainer(provider: reopened).fetchCustomers()
        XCTAssertEqual(unchanged.count, 2, "a failed download changes nothing")
    }

    func testAnEntityMetTwiceInOneDownloadKeepsItsLaterValues() async throws {
        // Pages that overlap (the server's data moved between two page reads): the staging table is append-only,
        // so the entity is staged twice, and the apply must keep one entity with the later page's values.
        let transport = ScriptedTransport { request in
            if let metadata = try ScriptedTransport.metadata(for: request) { return metadata }
            switch ScriptedESPM.relative(request) {
            case "Customers":
                return ScriptedTransport.json(
                    ScriptedESPM.feed(
                        [ScriptedESPM.customer("C1", city: "London"), ScriptedESPM.customer("C2")], next: "Customers?$skiptoken=2"),
                    for: request)
            case "Customers?$skiptoken=2":
                return ScriptedTransport.json(
                    ScriptedESPM.feed([ScriptedESPM.customer("C3"), ScriptedESPM.customer("C1", city: "Paris", etag: 2)]), for: request)
            default:
                return ScriptedTransport.json("{}", status: 404, for: request)
            }
        }
        let provider = try await ScriptedESPM.provider(
            transport, queries: [OfflineODataDefiningQuery(name: "customers", query: "Customers")])
        try await provider.download()
        let customers = try await ESPMContainer(provider: provider).fetchCustomers(matching: DataQuery().orderBy(Customer.customerID))
        XCTAssertEqual(customers.map(\.customerID), ["C1", "C2", "C3"])
        XCTAssertEqual(customers[0].city, "Paris", "the later page's values win")
        XCTAssertEqual(customers[0].entityValue.metadata.etag, "W/\"2\"")
        let cities = try await ESPMContainer(provider: provider).fetchCustomers(
            matching: DataQuery().filter(Customer.city.equal("London")).orderBy(Customer.customerID))
        XCTAssertEqual(cities.map(\.customerID), ["C2", "C3"], "the typed columns hold the later values too")
    }

    func testFullReadRemovesWhatTheServerDroppedButKeepsLocalChanges() async throws {
        let transport = ScriptedTransport { request in
            if let metadata = try ScriptedTransport.metadata(for: request) { return metadata }
            let orders = ["S1", "S2", "S3"].map { ScriptedESPM.order($0, customer: "C1") }
            return ScriptedTransport.json(ScriptedESPM.feed(orders), for: request)
        }
        let provider = try await ScriptedESPM.provider(
            transport, queries: [OfflineODataDefiningQuery(name: "orders", query: "SalesOrderHeaders")])
        try await provider.download()
        let service = ESPMContainer(provider: provider)
        var second = try await service.fetchSalesOrderHeaderWithKey(salesOrderID: "S2")
        second.currencyCode = "USD"
        _ = try await provider.send(.updateEntity(second.entityValue))

        transport.answer { request in
            ScriptedTransport.json(ScriptedESPM.feed([ScriptedESPM.order("S1", customer: "C1", amount: "99")]), for: request)
        }
        try await provider.download()
        let orders = try await service.fetchSalesOrderHeaders()
        XCTAssertEqual(orders.map(\.salesOrderID), ["S1", "S2"], "S3 is gone, S2 has a pending change")
        XCTAssertEqual(orders[0].netAmount, BigDecimal(99))
        XCTAssertEqual(orders[1].currencyCode, "USD")
        let pending = try await service.fetchSalesOrderHeaders(matching: DataQuery().pendingChangesOnly())
        XCTAssertEqual(pending.map(\.salesOrderID), ["S2"])
    }

    func testDefiningQueryStreamsAreDownloaded() async throws {
        let product = """
            {"__metadata":{"uri":"\(ScriptedESPM.root.absoluteString)Products('P1')","type":"ESPM.Product",\
            "media_src":"\(ScriptedESPM.root.absoluteString)Products('P1')/$value","content_type":"image/png"},\
            "ProductId":"P1","Name":"Notebook","SupplierId":"S1"}
            """
        let transport = ScriptedTransport { request in
            if let metadata = try ScriptedTransport.metadata(for: request) { return metadata }
            switch ScriptedESPM.relative(request) {
            case "Products": return ScriptedTransport.json(ScriptedESPM.feed([product]), for: request)
            case "Products('P1')/$value":
                return HTTPResponse(statusCode: 200, headers: ["Content-Type": "image/png"], body: Data([9, 8, 7]), url: request.url)
            default: return ScriptedTransport.json("{}", status: 404, for: request)
            }
        }
        let provider = try await ScriptedESPM.provider(
            transport, queries: [OfflineODataDefiningQuery(name: "p", query: "Products", automaticallyRetrievesStreams: true)])
        try await provider.download()
        let service = ESPMContainer(provider: provider)
        let media = try await service.fetchMedia(of: try await service.fetchProductWithKey(productID: "P1"))
        XCTAssertEqual(media.data, Data([9, 8, 7]))
        XCTAssertEqual(media.contentType, "image/png")
    }
}
