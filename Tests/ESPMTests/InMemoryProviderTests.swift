import ESPM
import Foundation
import OData
import ODataTestSupport
import XCTest

/// The generated `ESPMContainer` over `InMemoryProvider`, a second provider written outside
/// `OnlineODataProvider`: the generated code is unchanged and every call goes through `DataServiceProvider`.
final class InMemoryProviderTests: XCTestCase {
    /// The generated ESPM container over an in-memory service with its entity sets registered (shared by the
    /// in-memory tests of this target).
    static func inMemoryService(pageSize: Int? = nil) -> (ESPMContainer<InMemoryProvider>, InMemoryProvider) {
        let provider = InMemoryProvider(serviceName: "ESPM", pageSize: pageSize)
        let service = ESPMContainer(provider: provider)
        provider.register(service.entitySets)
        return (service, provider)
    }

    private func service(pageSize: Int? = nil) -> (ESPMContainer<InMemoryProvider>, InMemoryProvider) {
        Self.inMemoryService(pageSize: pageSize)
    }

    static func customer(_ id: String, _ lastName: String) -> Customer {
        var customer = Customer()
        customer.customerID = id
        customer.firstName = "Ada"
        customer.lastName = lastName
        customer.dateOfBirth = LocalDateTime(year: 1815, month: 12, day: 10)
        return customer
    }

    static func order(_ id: String, _ amount: Double) -> SalesOrderHeader {
        var order = SalesOrderHeader()
        order.salesOrderID = id
        order.netAmount = BigDecimal(amount)
        return order
    }

    func testCreateReadUpdateDeleteThroughTheGeneratedContainer() async throws {
        let (service, provider) = service()
        let created = try await service.createEntity(Self.customer("C1", "Byron"))
        XCTAssertEqual(created.customerID, "C1")
        XCTAssertEqual(created.entityValue.metadata.uri, "Customers('C1')")
        let firstETag = try XCTUnwrap(created.entityValue.metadata.etag)
        _ = try await service.createEntity(Self.customer("C2", "Babbage"), in: ESPMContainerMetadata.EntitySets.customers)

        var fetched = try await service.fetchCustomerWithKey(customerID: "C1")
        XCTAssertEqual(fetched.lastName, "Byron")
        fetched.lastName = "Lovelace"
        let updated = try await service.updateEntity(fetched)
        XCTAssertNotEqual(updated.entityValue.metadata.etag, firstETag)
        XCTAssertFalse(updated.entityValue.hasChanges)
        let filtered = try await service.fetchCustomers(matching: DataQuery().filter(Customer.lastName == "Lovelace"))
        XCTAssertEqual(filtered.map(\.customerID), ["C1"])

        // the ETag read before the update is stale now
        var stale = fetched
        stale.firstName = "Augusta"
        do {
            _ = try await service.updateEntity(stale)
            XCTFail("a stale ETag must fail")
        } catch {
            XCTAssertEqual(error.kind, .preconditionFailed)
            XCTAssertEqual(error.statusCode, 412)
        }

        // PUT replaces every property: the ones not set become null
        var replacement = Customer()
        replacement.customerID = "C2"
        replacement.lastName = "Babbage"
        replacement.dateOfBirth = LocalDateTime(year: 1791, month: 12, day: 26)
        _ = try await service.updateEntity(replacement, options: RequestOptions(updateMode: .replace))
        let replaced = try await service.fetchCustomerWithKey(customerID: "C2")
        XCTAssertNil(replaced.firstName)
        XCTAssertEqual(replaced.lastName, "Babbage")

        let all = DataQuery().from(ESPMContainerMetadata.EntitySets.customers)
        let count = try await service.count(matching: all)
        XCTAssertEqual(count, 2)
        try await service.deleteEntity(updated)
        do {
            _ = try await service.fetchCustomerWithKey(customerID: "C1")
            XCTFail("a deleted entity must be gone")
        } catch {
            XCTAssertEqual(error.statusCode, 404)
        }
        let remaining = try await service.fetchCustomers()
        XCTAssertEqual(remaining.map(\.customerID), ["C2"])
        XCTAssertEqual(provider.log.filter { $0.hasPrefix("create") }, ["create Customers", "create Customers"])
    }

    func testDeepInsertNavigationAndLinks() async throws {
        let (service, _) = service()
        var customer = Self.customer("C1", "Lovelace")
        customer.setRelated([Self.order("S1", 10), Self.order("S2", 20)], for: Customer.salesOrders)
        let created = try await service.createEntity(customer)
        let orders = try await service.fetchSalesOrderHeaders()
        XCTAssertEqual(orders.map(\.salesOrderID), ["S1", "S2"])

        var loaded = created
        try await service.loadProperty(Customer.salesOrders, into: &loaded)
        XCTAssertEqual(loaded.salesOrders.map(\.salesOrderID), ["S1", "S2"])
        let expanded = try await service.fetchCustomerWithKey(customerID: "C1", query: DataQuery().expand(Customer.salesOrders))
        XCTAssertEqual(expanded.salesOrders.map(\.salesOrderID), ["S1", "S2"])

        let third = try await service.createRelatedEntity(Self.order("S3", 30), in: created, property: Customer.salesOrders)
        let other = try await service.createEntity(Self.order("S4", 40))
        try await service.addLink(from: created, property: Customer.salesOrders, to: other)
        var links = try await service.fetchLinks(from: created, property: Customer.salesOrders)
        XCTAssertEqual(
            links.uris, ["SalesOrderHeaders('S1')", "SalesOrderHeaders('S2')", "SalesOrderHeaders('S3')", "SalesOrderHeaders('S4')"])
        try await service.removeLink(from: created, property: Customer.salesOrders, to: third)
        links = try await service.fetchLinks(from: created, property: Customer.salesOrders)
        XCTAssertEqual(links.uris.count, 3)

        // to-one: set, replace, remove
        let second = try await service.createEntity(Self.customer("C2", "Babbage"))
        try await service.setLink(from: other, property: SalesOrderHeader.customerDetails, to: created)
        try await service.setLink(from: other, property: SalesOrderHeader.customerDetails, to: second)
        var order = other
        try await service.loadProperty(SalesOrderHeader.customerDetails, into: &order)
        XCTAssertEqual(order.customerDetails?.customerID, "C2")
        try await service.removeLink(from: other, property: SalesOrderHeader.customerDetails)
        try await service.loadProperty(SalesOrderHeader.customerDetails, into: &order)
        XCTAssertNil(order.customerDetails)

        do {
            try await service.addLink(from: other, property: SalesOrderHeader.customerDetails, to: created)
            XCTFail("addLink on a to-one navigation must fail")
        } catch {
            XCTAssertEqual(error.kind, .invalidRequest)
        }
    }

    func testMediaOfMediaLinkEntities() async throws {
        let (service, _) = service()
        let products = ESPMContainerMetadata.EntitySets.products
        let product = try await service.createMedia(
            Product.self, in: products, body: .data(Data([1, 2, 3])), contentType: "image/png", slug: "HT-1")
        XCTAssertEqual(product.productID, "HT-1")
        var media = try await service.fetchMedia(of: product)
        XCTAssertEqual(media.data, Data([1, 2, 3]))
        XCTAssertEqual(media.contentType, "image/png")

        let stored = try await service.fetchProductWithKey(productID: "HT-1")
        let etag = try await service.uploadMedia(of: stored, body: .data(Data([9])), contentType: "image/jpeg")
        XCTAssertNotNil(etag)
        media = try await service.fetchMedia(of: product)
        XCTAssertEqual(media.data, Data([9]))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inmemory-media-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let type = try await service.downloadMedia(of: product, to: file)
        XCTAssertEqual(type, "image/jpeg")
        XCTAssertEqual(try Data(contentsOf: file), Data([9]))
        do {
            _ = try await service.uploadMedia(of: stored, body: .data(Data([7])), contentType: "image/png")
            XCTFail("the media ETag read before the upload is stale")
        } catch {
            XCTAssertEqual(error.kind, .preconditionFailed)
        }

        let customer = try await service.createEntity(Self.customer("C1", "Lovelace"))
        do {
            _ = try await service.fetchMedia(of: customer)
            XCTFail("a customer has no media resource")
        } catch {
            XCTAssertEqual(error.statusCode, 404)
        }
    }
}
