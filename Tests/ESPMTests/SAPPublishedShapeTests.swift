import Foundation
import OData
import ODataSAPCompatibility
import ODataTestSupport
import SAPCompatibleESPM
import XCTest

/// SAP's published shapes behind the opt-in (issue 30 item 6), run, not only type-checked (the snippets 74–83 in
/// Resources/SAPSnippets type-check them): over `SAPCompatibleESPM` (reference entities) and `InMemoryProvider`,
/// or a scripted transport where the request itself is what matters.
final class SAPPublishedShapeTests: XCTestCase {
    private func inMemory() -> (ESPMContainer<InMemoryProvider>, InMemoryProvider) {
        let provider = InMemoryProvider(serviceName: "ESPM")
        let service = ESPMContainer(provider: provider)
        provider.register(service.entitySets)
        return (service, provider)
    }

    private func customer(_ id: String, _ lastName: String) -> Customer {
        let customer = Customer()
        customer.customerID = id
        customer.firstName = "Ada"
        customer.lastName = lastName
        return customer
    }

    func testChangeSetWritesDoNotThrowAndApplyThemWhenTheBatchRuns() async throws {
        let (service, _) = inMemory()
        let byron = customer("C1", "Byron")
        let babbage = customer("C2", "Babbage")
        let creates = ChangeSet()
        creates.createEntity(byron)
        creates.createEntity(babbage)
        try await service.applyChanges(creates)
        XCTAssertFalse(byron.isNew, "the created entity's server version lands in the object")

        let changes = ChangeSet()
        byron.lastName = "Lovelace"
        changes.updateEntity(byron)
        changes.deleteEntity(babbage)
        XCTAssertNil(changes.deferredError)
        try await service.applyChanges(changes)
        let left = try await service.fetchCustomers(matching: DataQuery().orderBy(Customer.customerID))
        XCTAssertEqual(left.map(\.customerID), ["C1"])
        XCTAssertEqual(left.map(\.lastName), ["Lovelace"])
    }

    func testAChangeSetWriteThatCannotBeAddedFailsTheBatchBeforeAnythingIsSent() async throws {
        let (service, _) = inMemory()
        let stored = customer("C1", "Byron")
        try await service.createEntity(stored)
        let keyless = Customer()  // never read: no key, no edit link, so no address to update
        let expected: ODataError
        do {
            _ = try ChangeSet().updateEntity(keyless, in: nil, mode: .merge, contentID: nil)
            return XCTFail("the runtime's throwing form added an update without an address")
        } catch {
            expected = try XCTUnwrap(error as? ODataError)
        }

        let changes = ChangeSet()
        stored.lastName = "Changed"
        changes.updateEntity(stored)
        changes.updateEntity(keyless)  // SAP's shape: no `try`; the error waits for the batch
        changes.createLink(from: keyless, property: Customer.salesOrders, to: SalesOrderHeader())
        do {
            try await service.applyChanges(changes)
            XCTFail("a changeset with a write that could not be added was sent")
        } catch {
            XCTAssertEqual(error.kind, expected.kind)
            XCTAssertTrue(error.message.hasPrefix("ChangeSet.updateEntity of a Customer could not be added: "), error.message)
            XCTAssertTrue(error.message.contains(expected.message), error.message)
        }
        let reread = try await service.fetchCustomerWithKey(customerID: "C1")
        XCTAssertEqual(reread.lastName, "Byron", "nothing of the changeset was applied")
    }

    func testLoadPropertyWithAnErrorHandlerFillsTheObject() async throws {
        let (service, _) = inMemory()
        let byron = customer("C1", "Byron")
        try await service.createEntity(byron)
        let order = SalesOrderHeader()
        order.salesOrderID = "SO1"
        _ = try await service.createRelatedEntity(order, in: byron, property: Customer.salesOrders)
        let reread = try await service.fetchCustomerWithKey(customerID: "C1")
        XCTAssertTrue(reread.salesOrders.isEmpty)
        let done = expectation(description: "handler")
        service.loadProperty(Customer.salesOrders, into: reread) { error in
            MainActor.assertIsolated()
            XCTAssertNil(error)
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 20)
        XCTAssertEqual(reread.salesOrders.map(\.salesOrderID), ["SO1"], "the loaded orders are in the object itself")

        let failed = expectation(description: "error")
        service.loadProperty(Customer.salesOrders, into: Customer()) { error in
            XCTAssertNotNil(error, "a customer without a key has nothing to load")
            failed.fulfill()
        }
        await fulfillment(of: [failed], timeout: 20)
    }

    func testSynchronousCreateRelatedEntityAndExecuteQueryCount() throws {
        let (service, _) = inMemory()
        let byron = customer("C1", "Byron")
        try service.createEntity(byron)
        let order = SalesOrderHeader()
        order.salesOrderID = "SO1"
        try service.createRelatedEntity(order, in: byron, property: Customer.salesOrders)
        XCTAssertFalse(order.isNew, "the server's version lands in the object")
        let reread = try service.fetchCustomerWithKey(customerID: "C1")
        try service.loadProperty(Customer.salesOrders, into: reread)
        XCTAssertEqual(reread.salesOrders.map(\.salesOrderID), ["SO1"], "created through the customer's navigation property")
        let count: Int64 = try service.executeQuery(DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders).count()).count()
        XCTAssertEqual(count, 1)
        XCTAssertEqual(try service.executeQuery(DataQuery().from(ESPMContainerMetadata.EntitySets.customers)).count(), 1)
    }

    func testAByteStreamsMediaTypeIsSetOnAConstantAndSent() async throws {
        let root = try XCTUnwrap(URL(string: "http://127.0.0.1:35945/ESPM.svc/"))
        let transport = MockTransport { request, _ in HTTPResponse.make(204, ["ETag": "W/\"2\""], url: request.url) }
        let service = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: root, transport: transport))
        let product = Product()
        product.productID = "HT-1000"
        product.entityValue.metadata.editLink = "Products('HT-1000')"
        let content = ByteStream.fromBinary(data: Data([0x89, 0x50, 0x4E, 0x47]))
        XCTAssertEqual(content.mediaType, "application/octet-stream")
        content.mediaType = "image/png"
        let etag = try await service.uploadMedia(entity: product, content: content)
        XCTAssertEqual(etag, "W/\"2\"")
        let sent = try XCTUnwrap(transport.requests.last)
        XCTAssertEqual(sent.url.absoluteString, "http://127.0.0.1:35945/ESPM.svc/Products('HT-1000')/$value")
        XCTAssertEqual(sent.headers["Content-Type"], "image/png")
        XCTAssertEqual(sent.body.data, Data([0x89, 0x50, 0x4E, 0x47]))
    }

    func testAnOnlineProviderFromAStringRootDoesNotThrowAndABadRootFailsItsRequests() async throws {
        let good = OnlineODataProvider(serviceName: "ESPM", serviceRoot: "http://127.0.0.1:9/ESPM.svc")
        XCTAssertEqual(good.serviceRoot.absoluteString, "http://127.0.0.1:9/ESPM.svc/")
        let bad = OnlineODataProvider(serviceName: "ESPM", serviceRoot: "ftp://x/")
        do {
            _ = try await ESPMContainer(provider: bad).fetchCustomers()
            XCTFail("a provider with a root that is not http(s) answered")
        } catch {
            XCTAssertEqual(error.kind, .invalidRequest)
            XCTAssertTrue(error.message.contains("service root is not an absolute http(s) URL: ftp://x/"), error.message)
        }
    }

    func testSAPsDynamicLookupsOnTheContainer() throws {
        let (service, _) = inMemory()
        let customers = service.entitySet(withName: "Customers")
        XCTAssertEqual(customers, ESPMContainerMetadata.EntitySets.customers)
        let lastName = customers.entityType.property(withName: "LastName")
        XCTAssertEqual(lastName, Customer.lastName.descriptor)
        XCTAssertTrue(lastName.isOptional)
        XCTAssertNil(lastName.defaultValue)
        XCTAssertEqual(customers.entityType.property(withName: "CustomerId").defaultValue?.toString(), "")
    }
}
