import Foundation
import OData
import SAPCompatibleESPM
import XCTest

/// SAP's reference semantics against pyslet (`SAPCompatibleESPM`, generated with `"sapCompatibility": true`):
/// entities held as constants are changed, created, updated twice, reloaded and deleted, and the service
/// writes the server's version (key, edit link, ETag, accepted changes, loaded navigation) into the object it
/// was given, which every reference sees.
final class ReferenceEntityPysletTests: XCTestCase {
    private func service() async throws -> ESPMContainer<OnlineODataProvider> {
        let root = try TestServers.pyslet()
        try await TestServers.resetPyslet(root)
        return ESPMContainer(provider: TestServers.provider(serviceName: "ESPM", serviceRoot: root))
    }

    func testCreateAndUpdateTwiceUpdateTheObjectInPlace() async throws {
        let service = try await service()
        let customer = Customer()
        customer.customerID = "R1"
        customer.firstName = "Ada"
        customer.lastName = "Lovelace"
        customer.dateOfBirth = LocalDateTime(utc: Date(timeIntervalSince1970: 1_700_000_000))
        let elsewhere = customer
        XCTAssertTrue(customer.isNew)
        let returned = try await service.createEntity(customer)
        XCTAssertTrue(returned === customer, "createEntity returns the object it was given")
        XCTAssertFalse(elsewhere.isNew, "the created entity's edit link and ETag land in the object")
        XCTAssertFalse(elsewhere.entityValue.hasChanges)
        let createdETag = try XCTUnwrap(customer.entityValue.metadata.etag)

        // SAP's "update the same entity twice": each update sends the object's current ETag (a stale one is a 412).
        customer.city = "Paris"
        try await service.updateEntity(customer)
        XCTAssertNotEqual(elsewhere.entityValue.metadata.etag, createdETag, "the new ETag lands in the object")
        XCTAssertFalse(customer.entityValue.hasChanges, "the sent change is accepted in place")
        customer.city = "Rome"
        try await service.updateEntity(customer)
        let reread = try await service.fetchCustomerWithKey(customerID: "R1")
        XCTAssertEqual([reread.city, reread.firstName], ["Rome", "Ada"])
        XCTAssertFalse(reread === customer)
        try await service.deleteEntity(customer)
    }

    func testAnArrayElementHeldAsAConstantIsUpdated() async throws {
        let service = try await service()
        let customers = try await service.fetchCustomers(matching: DataQuery().orderBy(Customer.customerID).top(3))
        let second = customers[1]
        second.street = "Constant Lane"
        try await service.updateEntity(second)
        XCTAssertEqual(customers[1].street, "Constant Lane", "the array holds the same object")
        XCTAssertFalse(customers[1].entityValue.hasChanges)
        let reread = try await service.fetchCustomerWithKey(customerID: try XCTUnwrap(second.customerID))
        XCTAssertEqual(reread.street, "Constant Lane")
    }

    func testLoadEntityAndLoadPropertyFillAConstant() async throws {
        let service = try await service()
        let customer = Customer()
        customer.customerID = "C000001"
        try await service.loadEntity(customer)
        XCTAssertEqual(customer.city, "Walldorf", "SAP's loadEntity(customer) fills the object")
        XCTAssertFalse(customer.isNew)
        XCTAssertTrue(customer.salesOrders.isEmpty)
        try await service.loadProperty(Customer.salesOrders, into: customer)
        XCTAssertEqual(customer.salesOrders.map(\.salesOrderID), ["500000001", "500000061", "500000121"])
        let order = try await service.fetchSalesOrderHeaderWithKey(salesOrderID: "500000002")
        try await service.loadProperty(SalesOrderHeader.customerDetails, into: order)
        XCTAssertEqual(order.customerDetails?.customerID, "C000008")
    }

    func testAChangeSetOfConstantsIsApplied() async throws {
        let service = try await service()
        let customers = try await service.fetchCustomers(matching: DataQuery().orderBy(Customer.customerID).top(2))
        let first = customers[0]
        first.city = "Batch City"
        let created = first.copy()
        created.customerID = "R2"
        XCTAssertFalse(created === first)
        XCTAssertEqual(first.customerID, "C000001", "a copy is independent of its original")
        let changes = ChangeSet()
        try changes.updateEntity(first)
        changes.createEntity(created, in: ESPMContainerMetadata.EntitySets.customers)
        try await service.applyChanges(changes)
        let updated = try await service.fetchCustomerWithKey(customerID: "C000001")
        XCTAssertEqual(updated.city, "Batch City")
        let stored = try await service.fetchCustomerWithKey(customerID: "R2")
        XCTAssertEqual(stored.city, "Batch City")
    }
}
