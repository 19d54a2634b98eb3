import ESPM
import Foundation
import OData
import ODataTestSupport
import XCTest

@testable import ODataSAPCompatibility

/// The service calls SAP code makes, over the generated `ESPMContainer` and `InMemoryProvider`:
/// `executeQuery`/`QueryResult`, `loadEntity`, `applyChanges`, the `inout` writes, the synchronous forms (the
/// porter's `import ODataSAPCompatibility`),
/// `(Error?)` completions on the main actor and `batch.queryResult(for:)`.
final class SAPServiceShapeTests: XCTestCase {
    private let customers = ESPMContainerMetadata.EntitySets.customers

    private func service() -> ESPMContainer<InMemoryProvider> { InMemoryProviderTests.inMemoryService().0 }

    func testExecuteQueryGivesEntitiesAnEntityAndACount() async throws {
        let service = service()
        _ = try await service.createEntity(InMemoryProviderTests.customer("C1", "Byron"))
        _ = try await service.createEntity(InMemoryProviderTests.customer("C2", "Babbage"))
        let result = try await service.executeQuery(DataQuery().from(customers).orderBy(Customer.customerID))
        let list = try Customer.array(from: result.entityList())
        XCTAssertEqual(list.map(\.lastName), ["Byron", "Babbage"])
        XCTAssertEqual(try result.count(), 2)
        XCTAssertThrowsError(try result.requiredEntity())
        let one = try await service.executeQuery(DataQuery().from(customers).withKey(Customer.key(customerID: "C2")))
        XCTAssertEqual(Customer(entityValue: try one.requiredEntity()).lastName, "Babbage")
        let counted = try await service.executeQuery(DataQuery().from(customers).count())
        XCTAssertEqual(try counted.count(), 2)
        XCTAssertThrowsError(try counted.entityList()) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .invalidRequest)
        }
    }

    func testTheInoutUpdateKeepsTheETagCurrentWhereTheValueFormGoesStale() async throws {
        let service = service()
        var customer = try await service.createEntity(InMemoryProviderTests.customer("C1", "Byron"))
        var copy = customer
        customer.lastName = "Lovelace"
        try await service.updateEntity(&customer)
        customer.firstName = "Augusta"
        try await service.updateEntity(&customer)
        try await service.loadEntity(&customer)
        XCTAssertEqual(customer.firstName, "Augusta")
        XCTAssertEqual(customer.lastName, "Lovelace")
        copy.firstName = "Stale"
        do {
            _ = try await service.updateEntity(copy)
            XCTFail("an update from a value copy with the old ETag must fail")
        } catch {
            let error: DataServiceError = error  // SAP's name for the one error type
            XCTAssertEqual(error.status, 412)
        }
    }

    func testSynchronousFormsBlockTheCallingThread() throws {
        let service = service()
        var customer = InMemoryProviderTests.customer("C1", "Byron")
        try service.createEntity(&customer)
        XCTAssertNotNil(customer.entityValue.metadata.etag)
        customer.lastName = "Lovelace"
        try service.updateEntity(&customer)
        let result = try service.executeQuery(DataQuery().from(customers))
        XCTAssertEqual(try Customer.array(from: result.entityList()).map(\.lastName), ["Lovelace"])
        XCTAssertEqual(try service.count(matching: DataQuery().from(customers)), 1)
        try service.deleteEntity(customer)
        XCTAssertEqual(try service.count(matching: DataQuery().from(customers)), 0)
        XCTAssertThrowsError(try service.deleteEntity(customer))
    }

    @MainActor
    func testErrorOnlyCompletionsRunOnTheMainActor() throws {
        let service = service()
        let done = expectation(description: "create and failing delete")
        var errors: [String] = []
        service.createEntity(InMemoryProviderTests.customer("C1", "Byron")) { error in
            MainActor.assertIsolated()
            errors.append(error.map { "\($0)" } ?? "none")
            service.deleteEntity(InMemoryProviderTests.customer("C9", "Nobody")) { error in
                errors.append(error == nil ? "none" : "failed")
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 20)
        XCTAssertEqual(errors, ["none", "failed"])
    }

    /// The generated `fetch…` handler and SAP's `downloadMedia(entity:completionHandler:)` run on the main actor, and
    /// `headers: nil, options: nil` compile on generated methods; `service.metadata` needs no network call.
    @MainActor
    func testGeneratedAndMediaHandlersRunOnTheMainActorAndMetadataIsStatic() throws {
        let service = service()
        let done = expectation(description: "create, fetch, media")
        var names: [String] = []
        var mediaError: (any Error)?
        service.createEntity(InMemoryProviderTests.customer("C1", "Byron")) { error in
            XCTAssertNil(error)
            service.fetchCustomers(matching: DataQuery(), headers: nil, options: nil) { customers, error in
                MainActor.assertIsolated()
                names = customers?.compactMap(\.lastName) ?? []
                service.downloadMedia(entity: customers?.first ?? Customer()) { data, error in
                    MainActor.assertIsolated()
                    XCTAssertNil(data)
                    mediaError = error
                    done.fulfill()
                }
            }
        }
        wait(for: [done], timeout: 20)
        XCTAssertEqual(names, ["Byron"])
        XCTAssertNotNil(mediaError, "a customer has no media resource")
        XCTAssertEqual(service.metadata.entitySet(withName: "Customers"), customers)
        XCTAssertEqual(service.metadata.entityType(withName: "Customer"), Customer.entityType)
        XCTAssertEqual(service.metadata.entityType(withName: Customer.entityType.qualifiedName), Customer.entityType)
        XCTAssertEqual(service.entitySet(withName: "Customers"), customers)
        // SAP's lookups trap on a missing name (as SAP's do), with the message of the check they run:
        XCTAssertThrowsError(try service.metadata.findEntitySet("Nope")) { error in
            XCTAssertTrue("\(error)".contains("no entity set named Nope"), "\(error)")
        }
        XCTAssertEqual(service.metadata.entityTypes.count, Set(service.entitySets.map(\.entityType.qualifiedName)).count)
    }

    func testApplyChangesAndQueryResultForABatchRead() async throws {
        let service = service()
        let changes = ChangeSet()
        changes.createEntity(InMemoryProviderTests.customer("C1", "Byron"), in: customers)
        changes.createEntity(InMemoryProviderTests.customer("C2", "Babbage"), in: customers)
        try await service.applyChanges(changes)
        XCTAssertTrue(changes.isSuccess)

        let batch = RequestBatch()
        let query = DataQuery().from(customers).orderBy(Customer.customerID)
        batch.addQuery(query)
        XCTAssertThrowsError(try batch.queryResult(for: query))
        try await service.processBatch(batch)
        let result = try batch.queryResult(for: query)
        XCTAssertEqual(try Customer.array(from: result.entityList()).map(\.customerID), ["C1", "C2"])
        XCTAssertThrowsError(try batch.queryResult(for: DataQuery().from(customers).top(1)))

        let failing = ChangeSet()
        failing.createEntity(InMemoryProviderTests.customer("C1", "Duplicate"), in: customers)
        do {
            try await service.applyChanges(failing)
            XCTFail("a duplicate key must fail")
        } catch {
            let error: DataServiceError = error  // SAP's name for the one error type
            XCTAssertEqual(error.status, 409)
        }
    }

    func testChangeSetLinkOperationsAddDollarLinksRequests() throws {
        var customer = Customer()
        customer.customerID = "C1"
        var order = SalesOrderHeader()
        order.salesOrderID = "S1"
        let sets = ESPMContainerMetadata.EntitySets.self
        let changes = ChangeSet()
        try changes.createLink(
            from: customer, property: Customer.salesOrders, to: order, sourceSet: sets.customers, targetSet: sets.salesOrderHeaders)
        try changes.updateLink(
            from: order, property: SalesOrderHeader.customerDetails, to: customer, sourceSet: sets.salesOrderHeaders,
            targetSet: sets.customers)
        try changes.deleteLink(from: customer, property: Customer.salesOrders, to: order, sourceSet: sets.customers)
        XCTAssertEqual(changes.requests.map(\.method), ["POST", "PUT", "DELETE"])
        XCTAssertEqual(
            changes.requests.map(\.url),
            [
                "Customers('C1')/$links/SalesOrders", "SalesOrderHeaders('S1')/$links/CustomerDetails",
                "Customers('C1')/$links/SalesOrders('S1')",
            ])
        XCTAssertEqual(String(decoding: changes.requests[0].body, as: UTF8.self), #"{"uri":"SalesOrderHeaders('S1')"}"#)
        XCTAssertThrowsError(try changes.createLink(from: Customer(), property: Customer.salesOrders, to: order))
    }
}
