import ESPM
import Foundation
import OData
import XCTest

/// ESPM reads against pyslet, typed through the generated container: JSON and Atom, keys, counts,
/// navigation, properties, paging.
final class PysletReadTests: XCTestCase {
    private var root: URL!

    override func setUp() async throws {
        root = try TestServers.pyslet()
        try await TestServers.resetPyslet(root)
    }

    private func service(_ format: PayloadFormat = .json, root: URL? = nil) -> ESPMContainer<OnlineODataProvider> {
        ESPMContainer(provider: TestServers.provider(serviceName: "ESPM", serviceRoot: root ?? self.root, options: .init(format: format)))
    }

    func testCustomersWithExpandedSalesOrdersInJSONAndAtom() async throws {
        for format in [PayloadFormat.json, .atom] {
            let customers = try await service(format).fetchCustomers(matching: DataQuery().expand(Customer.salesOrders).top(3))
            XCTAssertEqual(customers.map(\.customerID), ["C000001", "C000002", "C000003"], "\(format)")
            let first = try XCTUnwrap(customers.first)
            XCTAssertEqual(first.lastName, "Müller", "\(format)")
            XCTAssertEqual(first.address?.street, "Hauptstraße", "\(format)")
            XCTAssertEqual(first.dateOfBirth?.utc(), Date(timeIntervalSince1970: -631_152_000), "\(format)")
            XCTAssertEqual(first.salesOrders.map(\.salesOrderID), ["500000001", "500000061", "500000121"], "\(format)")
            XCTAssertEqual(first.salesOrders.first?.currencyCode, "EUR", "\(format)")
            if format == .json {
                // pyslet's Atom entries carry no m:etag; its JSON does (UpdatedTimestamp is a token on the harness)
                XCTAssertNotNil(first.entityValue.metadata.etag)
            }
        }
    }

    func testByKeyCountsAndInlineCount() async throws {
        let service = service()
        let customer = try await service.fetchCustomerWithKey(customerID: "C000014")
        XCTAssertEqual(customer.lastName, "O'Brien & Söhne #1 %+/")
        let count = try await service.count(matching: DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders))
        XCTAssertEqual(count, 150)
        let filtered = try await service.count(
            matching: DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders).filter(SalesOrderHeader.lifeCycleStatus == "N"))
        XCTAssertEqual(filtered, 38)
        let page = try await service.provider.send(
            .fetchEntities(
                DataQuery().from(ESPMContainerMetadata.EntitySets.customers).top(2).inlineCount(), options: .init()), headers: [:])
        XCTAssertEqual(page.inlineCount, 60)
        XCTAssertEqual(page.entities.count, 2)
        do {
            _ = try await service.fetchCustomerWithKey(customerID: "NOPE")
            XCTFail("expected 404")
        } catch {
            XCTAssertEqual(error.statusCode, 404)
            XCTAssertNotNil(error.serviceError?.message)
        }
    }

    func testNavigationPropertyAndValues() async throws {
        let service = service()
        var customer = try await service.fetchCustomerWithKey(customerID: "C000001")
        XCTAssertTrue(customer.salesOrders.isEmpty)
        try await service.loadProperty(Customer.salesOrders, into: &customer)
        XCTAssertEqual(customer.salesOrders.map(\.salesOrderID), ["500000001", "500000061", "500000121"])
        var order = try await service.fetchSalesOrderHeaderWithKey(salesOrderID: "500000002")
        try await service.loadProperty(SalesOrderHeader.customerDetails, into: &order)
        XCTAssertEqual(order.customerDetails?.customerID, "C000008")

        let query = DataQuery().from(ESPMContainerMetadata.EntitySets.customers).withKey(Customer.key(customerID: "C000001"))
        let city = try await service.provider.send(.fetchProperty(Customer.city.descriptor, of: query))
        XCTAssertEqual(city, .string("Walldorf"))
        let raw = try await service.provider.send(.fetchPropertyValue(Customer.city.descriptor, of: query))
        XCTAssertEqual(String(decoding: raw, as: UTF8.self), "Walldorf")
    }

    func testServerPagingFollowsNextLinksOnePageAtATime() async throws {
        let paging = try TestServers.pysletPaging()
        try await TestServers.resetPyslet(paging)
        let service = service(root: paging)
        let query = DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders).select(SalesOrderHeader.salesOrderID)
        var pageSizes: [Int] = []
        for try await page in service.provider.pages(query) { pageSizes.append(page.entities.count) }
        XCTAssertEqual(pageSizes.reduce(0, +), 150)
        XCTAssertTrue(pageSizes.allSatisfy { $0 <= 5 })
        var ids: [String] = []
        for try await order in service.entities(SalesOrderHeader.self, matching: query) { ids.append(order.salesOrderID ?? "") }
        XCTAssertEqual(ids.count, 150)
        XCTAssertEqual(Set(ids).count, 150)
        XCTAssertEqual(ids.first, "500000001")

        let loader = EntityPageLoader(provider: service.provider, query: query, pageSize: 7)
        let first = try await loader.loadNextPage()
        let second = try await loader.loadNextPage()
        XCTAssertEqual(first.count + second.count, 14)
        let all = await loader.entities
        XCTAssertEqual(all.map { $0["SalesOrderId"] }, ids.prefix(14).map { .string($0) })
        let refreshed = try await loader.refresh()
        XCTAssertEqual(refreshed.count, 7)
    }

    func testCompletionHandlerForm() async throws {
        let service = service()
        let products: [Product] = try await withCheckedThrowingContinuation { continuation in
            service.fetchProducts(matching: DataQuery().top(5)) { result, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: result ?? []) }
            }
        }
        XCTAssertEqual(products.map(\.productID), ["HT-1000", "HT-1001", "HT-1002", "HT-1003", "HT-1004"])
    }
}
