import ESPM
import Foundation
import GWSampleBasic
import OData
import XCTest

/// The completion-handler forms of the typed and dynamic calls against pyslet: reads, counts,
/// navigation loading, function imports, `$links`, media, writes, `$batch` (on mock-sap), the page loader, errors,
/// and where the handlers are called: every handler on the main actor, as SAP calls its handlers on the main
/// queue (one adapter, one rule: a generated container's, a `DataService`'s, a page loader's, and any async call of
/// the provider through `DataService.complete(_:_:)`).
final class CompletionHandlerTests: XCTestCase {
    private var root: URL!

    override func setUp() async throws {
        root = try TestServers.pyslet()
        try await TestServers.resetPyslet(root)
    }

    private var provider: OnlineODataProvider {
        TestServers.provider(serviceName: "ESPM", serviceRoot: root)
    }

    /// Waits for a service's completion handler with a result; fails when it is not called on the main thread.
    private func onMain<T: Sendable>(_ start: (@escaping @MainActor (T?, (any Error)?) -> Void) -> Void) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            start { value, error in
                XCTAssertTrue(Thread.isMainThread, "a service's handler runs on the main actor")
                if let error {
                    continuation.resume(throwing: error)
                } else if let value {
                    continuation.resume(returning: value)
                } else {
                    continuation.resume(throwing: ODataError(.invalidRequest, "handler called with neither result nor error"))
                }
            }
        }
    }

    /// Waits for a service's completion handler without a result; fails when it is not called on the main thread.
    private func doneOnMain(_ start: (@escaping @MainActor ((any Error)?) -> Void) -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            start { error in
                XCTAssertTrue(Thread.isMainThread, "a service's handler runs on the main actor")
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    func testDynamicReadsMetadataAndErrors() async throws {
        let provider = provider
        let dynamic = DataService(provider: provider)
        let model = try await onMain { dynamic.complete($0) { try await provider.loadDataModel() } }
        let customers = try model.entitySet("Customers")
        let list = try await onMain {
            dynamic.complete($0) {
                try await provider.send(
                    .fetchEntities(DataQuery().from(customers).top(3), options: RequestOptions()), headers: HTTPHeaders())
            }
        }
        XCTAssertEqual(list.entities.count, 3)
        let count = try await onMain { dynamic.complete($0) { try await provider.send(.fetchCount(DataQuery().from(customers))) } }
        XCTAssertEqual(count, 60)
        let one = try await onMain {
            dynamic.complete($0) {
                try await provider.send(
                    .fetchEntity(
                        DataQuery().from(customers).withKey(EntityKey(["CustomerId": .string("C000001")] as KeyValuePairs)),
                        options: RequestOptions()), headers: HTTPHeaders())
            }
        }
        XCTAssertEqual(one["CustomerId"], .string("C000001"))
        let city = try XCTUnwrap(customers.entityType.property(named: "City"))
        let value = try await onMain {
            dynamic.complete($0) { try await provider.send(.fetchPropertyValue(city, of: DataQuery().from(customers).withKey(one.key))) }
        }
        XCTAssertEqual(value.isEmpty, false)
        let metadata = try await onMain { dynamic.complete($0) { try await provider.send(.fetchMetadataDocument) } }
        XCTAssertTrue(String(decoding: metadata.prefix(200), as: UTF8.self).contains("Edmx"))
        do {
            _ = try await onMain {
                dynamic.complete($0) {
                    try await provider.send(
                        .fetchEntity(
                            DataQuery().from(customers).withKey(EntityKey(["CustomerId": .string("nobody")] as KeyValuePairs)),
                            options: RequestOptions()), headers: HTTPHeaders())
                }
            }
            XCTFail("an unknown key must fail")
        } catch let error as ODataError {
            XCTAssertEqual(error.statusCode, 404)
        }
    }

    func testTypedCountLoadPropertyInvokeAndPageLoader() async throws {
        let service = ESPMContainer(provider: provider)
        let customer = try await onMain { service.fetchCustomerWithKey(customerID: "C000001", completionHandler: $0) }
        let loaded = try await onMain { service.loadProperty(Customer.salesOrders, into: customer, completionHandler: $0) }
        XCTAssertFalse(loaded.salesOrders.isEmpty)
        XCTAssertTrue(loaded.salesOrders.allSatisfy { $0.customerID == "C000001" })
        let count = try await onMain {
            service.count(matching: DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders), completionHandler: $0)
        }
        XCTAssertEqual(count, 150)
        let outcome = try await onMain {
            service.invoke(
                DataQuery().invoke(ESPMContainerMetadata.ActionImports.generateSampleSalesOrders), completionHandler: $0)
        }
        guard case .value(.boolean(true)) = outcome else { return XCTFail("unexpected \(outcome)") }
        let after = try await service.count(matching: DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders))
        XCTAssertEqual(after, 153)

        let loader = EntityPageLoader(
            provider: provider, query: DataQuery().from(ESPMContainerMetadata.EntitySets.customers).orderBy(Customer.customerID),
            pageSize: 7)
        let first = try await onMain { loader.loadNextPage(completionHandler: $0) }
        let second = try await onMain { loader.loadNextPage(completionHandler: $0) }
        XCTAssertEqual(first.count, 7)
        XCTAssertEqual(second.first?["CustomerId"], .string("C000008"))
        let again = try await onMain { loader.refresh(completionHandler: $0) }
        XCTAssertEqual(again.map { $0["CustomerId"] }, first.map { $0["CustomerId"] })
    }

    func testWritesLinksMediaAndBatch() async throws {
        let provider = provider
        let service = ESPMContainer(provider: provider)
        let dynamic = DataService(provider: provider)
        let customer = try await service.fetchCustomerWithKey(customerID: "C000003")
        var order = SalesOrderHeader()
        order.salesOrderID = "600000002"
        order.customerID = "C000003"
        order.lifeCycleStatus = "N"
        order.lifeCycleStatusName = "New"
        let created = try await onMain {
            service.createRelatedEntity(order, in: customer, property: Customer.salesOrders, completionHandler: $0)
        }
        XCTAssertEqual(created.salesOrderID, "600000002")

        let links = try await onMain {
            dynamic.complete($0) {
                try await provider.send(.fetchLinks(from: customer.entityValue, property: Customer.salesOrders.descriptor))
            }
        }
        XCTAssertTrue(links.uris.contains { $0.hasSuffix("SalesOrderHeaders('600000002')") })
        let other = try await service.fetchCustomerWithKey(customerID: "C000004")
        _ = try await onMain {
            dynamic.complete($0) {
                try await provider.send(
                    .setLink(
                        from: created.entityValue, property: SalesOrderHeader.customerDetails.descriptor, to: other.entityValue))
            }
        }
        let moved = try await onMain {
            dynamic.complete($0) {
                try await provider.send(.loadProperty(SalesOrderHeader.customerDetails.descriptor, of: created.entityValue))
            }
        }
        XCTAssertEqual(SalesOrderHeader(entityValue: moved).customerDetails?.customerID, "C000004")

        let product = try await service.fetchProductWithKey(productID: "HT-1000")
        let media = try await onMain { dynamic.complete($0) { try await provider.send(.fetchMedia(of: product.entityValue)) } }
        XCTAssertEqual(String(decoding: media.data, as: UTF8.self), "image of HT-1000\n")
        let empty = try await service.fetchProductWithKey(productID: "HT-1010")
        _ = try await onMain {
            dynamic.complete($0) {
                try await provider.send(.uploadMedia(of: empty.entityValue, body: .data(Data("new".utf8)), contentType: "text/plain"))
            }
        }
        let uploaded = try await provider.send(.fetchMedia(of: empty.entityValue))
        XCTAssertEqual(uploaded.data, Data("new".utf8))

        _ = try await onMain { dynamic.complete($0) { try await provider.send(.deleteEntity(created.entityValue)) } }
        do {
            _ = try await service.fetchSalesOrderHeaderWithKey(salesOrderID: "600000002")
            XCTFail("the deleted order must be gone")
        } catch {
            XCTAssertEqual(error.statusCode, 404)
        }
    }

    func testBatchOnMockSAP() async throws {
        try await TestServers.resetMockSAP()
        let provider = TestServers.provider(
            serviceName: "GWSAMPLE_BASIC", serviceRoot: try TestServers.gwsample())
        let service = GWSampleBasicService(provider: provider)
        let dynamic = DataService(provider: provider)
        var partner = try await onMain { service.fetchBusinessPartnerWithKey(businessPartnerID: "0100000002", completionHandler: $0) }
        partner.companyName = "Batched by handler"
        let changes = ChangeSet()
        try changes.updateEntity(partner.entityValue)
        let batch = RequestBatch()
        batch.addChanges(changes)
        try await doneOnMain { service.processBatch(batch, completionHandler: $0) }
        XCTAssertTrue(changes.isSuccess, "\(String(describing: changes.error))")
        let reread = try await service.fetchBusinessPartnerWithKey(businessPartnerID: "0100000002")
        XCTAssertEqual(reread.companyName, "Batched by handler")

        let stale = ChangeSet()
        try stale.updateEntity(partner.entityValue)
        let second = RequestBatch()
        second.addChanges(stale)
        _ = try await onMain { dynamic.complete($0) { try await provider.send(.processBatch(second)) } }
        XCTAssertEqual(stale.error?.kind, .preconditionFailed)
    }
}
