import Foundation
import OData
import ODataSAPCompatibility
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
        changes.updateEntity(first)
        changes.createEntity(created, in: ESPMContainerMetadata.EntitySets.customers)
        try await service.applyChanges(changes)
        let updated = try await service.fetchCustomerWithKey(customerID: "C000001")
        XCTAssertEqual(updated.city, "Batch City")
        let stored = try await service.fetchCustomerWithKey(customerID: "R2")
        XCTAssertEqual(stored.city, "Batch City")
    }

    /// SAP's `applyChangesExample` (ChangeSet class reference): copies created with `createEntity(_:)` (no set) and
    /// `applyChanges`, then one of them updated and another deleted in a second change set. The created objects must
    /// carry the server's version (their own URI and ETag), or the second change set would address the originals
    /// the copies were made from.
    func testSAPsApplyChangesExampleUpdatesTheCreatedObjects() async throws {
        let service = try await service()
        let customers = try await service.fetchCustomers(matching: DataQuery().orderBy(Customer.customerID).top(2))
        let customer1 = customers[0].copy()
        let customer2 = customers[1].copy()
        customer1.customerID = "R3"
        customer1.city = "Created City"
        customer2.customerID = "R4"
        let creates = ChangeSet()
        creates.createEntity(customer1)
        creates.createEntity(customer2)
        try await service.applyChanges(creates)
        let uri = try XCTUnwrap(customer1.entityValue.metadata.uri)
        XCTAssertTrue(uri.hasSuffix("Customers('R3')"), uri)
        XCTAssertNotNil(customer1.entityValue.metadata.etag)
        XCTAssertFalse(customer1.entityValue.hasChanges)

        let changes = ChangeSet()
        customer1.city = "Updated City"
        changes.updateEntity(customer1)
        changes.deleteEntity(customer2)
        let etagBefore = customer1.entityValue.metadata.etag
        try await service.applyChanges(changes)
        XCTAssertNotEqual(customer1.entityValue.metadata.etag, etagBefore, "the update's new ETag lands in the object")
        XCTAssertFalse(customer1.entityValue.hasChanges)
        let updated = try await service.fetchCustomerWithKey(customerID: "R3")
        XCTAssertEqual(updated.city, "Updated City")
        let original = try await service.fetchCustomerWithKey(customerID: try XCTUnwrap(customers[0].customerID))
        XCTAssertEqual(original.city, customers[0].city, "the original the copy was made from is untouched")
        let left = try await service.fetchCustomers(matching: DataQuery().filter(Customer.customerID.equal("R4")))
        XCTAssertTrue(left.isEmpty, "the created copy R4 was deleted, not the customer it was copied from")
        let stillThere = try await service.fetchCustomerWithKey(customerID: try XCTUnwrap(customers[1].customerID))
        XCTAssertEqual(stillThere.customerID, customers[1].customerID)
    }
}
