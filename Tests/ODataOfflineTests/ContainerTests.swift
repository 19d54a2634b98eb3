import ESPM
import Foundation
import OData
import ODataOffline
import XCTest

/// The generated container's calls over the offline provider (in-process service): typed writes, `$batch`
/// changesets applied atomically, media, `$count`, `$links` and the stored `$metadata`.
final class ContainerTests: XCTestCase {
    private func service() async throws -> ESPMContainer<OfflineODataProvider> {
        let provider = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata())
        try await provider.open()
        let service = ESPMContainer(provider: provider)
        for (id, first) in [("C1", "Ada"), ("C2", "Alan")] {
            _ = try await service.createEntity(OfflineFixtures.customer(id, first: first, last: "X"))
        }
        return service
    }

    func testTypedWritesCountAndMetadata() async throws {
        let service = try await service()
        var ada = try await service.fetchCustomerWithKey(customerID: "C1")
        ada.city = "Paris"
        ada = try await service.updateEntity(ada)
        let paris = try await service.fetchCustomerWithKey(customerID: "C1")
        XCTAssertEqual(paris.city, "Paris")
        try await service.deleteEntity(try await service.fetchCustomerWithKey(customerID: "C2"))
        let count = try await service.count(matching: DataQuery().from(ESPMContainerMetadata.EntitySets.customers))
        XCTAssertEqual(count, 1)
        let metadata = try await service.fetchMetadataDocument()
        XCTAssertEqual(metadata, try OfflineFixtures.espmMetadata())
        let city = try await service.fetchPropertyValue(
            Customer.city.descriptor,
            of: DataQuery().from(ESPMContainerMetadata.EntitySets.customers).withKey(Customer.key(customerID: "C1")))
        XCTAssertEqual(String(decoding: city, as: UTF8.self), "Paris")
    }

    func testBatchChangesetsAreAtomic() async throws {
        let service = try await service()
        let customers = ESPMContainerMetadata.EntitySets.customers
        let good = ChangeSet()
        let hopper = good.createEntity(OfflineFixtures.customer("C3", first: "Grace", last: "Hopper"), in: customers)
        let bad = ChangeSet()
        bad.createEntity(OfflineFixtures.customer("C4", first: "Konrad", last: "Zuse"), in: customers)
        bad.createEntity(OfflineFixtures.customer("C1", first: "Duplicate", last: "Key"), in: customers)
        let batch = RequestBatch()
        batch.addChanges(good)
        batch.addChanges(bad)
        let read = batch.addQuery(DataQuery().from(customers).filter(Customer.firstName.equal("Ada")))
        try await service.processBatch(batch)
        XCTAssertTrue(good.isSuccess)
        XCTAssertFalse(bad.isSuccess)
        XCTAssertEqual(bad.error?.statusCode, 409)
        let part = try XCTUnwrap(batch.queryResult(at: read)).get()
        let ada = try batch.entities(from: part, for: DataQuery().from(customers))
        XCTAssertEqual(ada.entities.map { Customer(entityValue: $0).customerID }, ["C1"])
        let ids = try await service.fetchCustomers().map(\.customerID)
        XCTAssertEqual(ids, ["C1", "C2", "C3"], "the failed changeset left nothing behind (no C4)")
        // The store's version of the created entity, addressed by its own URI (`ChangeSet.serverVersion`).
        let created = try XCTUnwrap(good.serverVersion(of: Customer.self, forContentID: hopper))
        XCTAssertEqual(created.lastName, "Hopper")
        XCTAssertEqual(created.entityValue.metadata.uri.map { $0.hasSuffix("Customers('C3')") }, true)
        XCTAssertFalse(created.entityValue.hasChanges)
    }

    func testMediaAndLinks() async throws {
        let service = try await service()
        let products = ESPMContainerMetadata.EntitySets.products
        var product = Product()
        product.productID = "P1"
        product.name = "Notebook"
        product.supplierID = "S1"
        _ = try await service.provider.send(.createEntity(product.entityValue, in: products))
        let stored = try await service.fetchProductWithKey(productID: "P1")
        _ = try await service.uploadMedia(of: stored, body: .data(Data([1, 2, 3])), contentType: "image/png")
        let media = try await service.fetchMedia(of: stored)
        XCTAssertEqual(media.data, Data([1, 2, 3]))
        XCTAssertEqual(media.contentType, "image/png")

        let ada = try await service.fetchCustomerWithKey(customerID: "C1")
        let order = try await service.createRelatedEntity(
            OfflineFixtures.salesOrder("S1", customer: "C1", amount: 3), in: ada, property: Customer.salesOrders)
        let links = try await service.provider.send(.fetchLinks(from: ada.entityValue, property: Customer.salesOrders.descriptor))
        XCTAssertEqual(links.uris, ["SalesOrderHeaders('S1')"])
        try await service.provider.send(
            .removeLink(from: ada.entityValue, property: Customer.salesOrders.descriptor, to: order.entityValue))
        let afterRemoval = try await service.provider.send(.fetchLinks(from: ada.entityValue, property: Customer.salesOrders.descriptor))
        XCTAssertTrue(afterRemoval.uris.isEmpty)
    }
}
