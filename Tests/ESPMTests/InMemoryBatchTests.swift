import ESPM
import Foundation
import OData
import ODataSAPCompatibility
import ODataTestSupport
import XCTest

/// `$batch`, paging and refusals through the generated container over `InMemoryProvider`.
final class InMemoryBatchTests: XCTestCase {
    private func service(pageSize: Int? = nil) -> (ESPMContainer<InMemoryProvider>, InMemoryProvider) {
        InMemoryProviderTests.inMemoryService(pageSize: pageSize)
    }

    private let customers = ESPMContainerMetadata.EntitySets.customers

    func testBatchReadsAndAtomicChangeSets() async throws {
        let (service, provider) = service()
        let first = try await service.createEntity(InMemoryProviderTests.customer("C1", "Byron"))

        let batch = RequestBatch()
        let changes = ChangeSet()
        changes.createEntity(InMemoryProviderTests.customer("C2", "Babbage"), in: customers)
        var renamed = first
        renamed.lastName = "Lovelace"
        try changes.updateEntity(renamed, in: customers)
        batch.addChanges(changes)
        let query = DataQuery().from(customers).orderBy(Customer.customerID)
        let read = batch.addQuery(query)
        try await service.processBatch(batch)
        XCTAssertTrue(changes.isSuccess)
        XCTAssertNil(changes.error)
        XCTAssertEqual(changes.responses.map(\.statusCode), [201, 204])
        guard case .success(let part)? = batch.queryResult(at: read) else { return XCTFail("the read should succeed") }
        let read1 = try service.entities(Customer.self, from: part, for: query, in: batch)
        XCTAssertEqual(read1.map(\.customerID), ["C1", "C2"])
        XCTAssertEqual(read1.map(\.lastName), ["Lovelace", "Babbage"])

        // a changeset with a failing write leaves nothing behind
        let second = RequestBatch()
        let failing = ChangeSet()
        failing.createEntity(InMemoryProviderTests.customer("C3", "Somerville"), in: customers)
        failing.createEntity(InMemoryProviderTests.customer("C1", "Duplicate"), in: customers)
        second.addChanges(failing)
        let deleting = ChangeSet()
        try deleting.deleteEntity(try await service.fetchCustomerWithKey(customerID: "C2"))
        second.addChanges(deleting)
        try await service.processBatch(second)
        XCTAssertFalse(failing.isSuccess)
        XCTAssertEqual(failing.error?.statusCode, 409)
        XCTAssertTrue(deleting.isSuccess)
        XCTAssertEqual(provider.storedEntities(in: customers).map { $0["CustomerId"] }, [.string("C1")])
    }

    func testBatchRefusesRawRequestsPerPart() async throws {
        let (service, _) = service()
        let batch = RequestBatch()
        let read = batch.addQuery(BatchPartRequest(method: "GET", url: "Customers"))
        try await service.processBatch(batch)
        guard case .failure(let error)? = batch.queryResult(at: read) else { return XCTFail("a raw read should fail") }
        XCTAssertEqual(error.statusCode, 501)
    }

    func testServerDrivenPagingFollowsNextLinks() async throws {
        let (service, _) = service(pageSize: 2)
        for index in 1...5 { _ = try await service.createEntity(InMemoryProviderTests.customer("C\(index)", "Name\(index)")) }
        let query = DataQuery().from(customers).inlineCount()
        var pageSizes: [Int] = []
        for try await page in service.pages(query) {
            pageSizes.append(page.entities.count)
            XCTAssertEqual(page.inlineCount, 5)
        }
        XCTAssertEqual(pageSizes, [2, 2, 1])
        var ids: [String] = []
        for try await customer in service.entities(Customer.self, matching: query) { ids.append(customer.customerID ?? "?") }
        XCTAssertEqual(ids, ["C1", "C2", "C3", "C4", "C5"])
        let loader = EntityPageLoader(provider: service.provider, query: DataQuery().from(customers), pageSize: 3)
        let firstPage = try await loader.loadNextPage()
        let secondPage = try await loader.loadNextPage()
        XCTAssertEqual(firstPage.count + secondPage.count, 5)
    }

    func testCreateEntityNeedsExactlyOneSetOfItsType() async throws {
        let provider = InMemoryProvider()
        let plain = DataService(provider: provider)
        do {
            _ = try await plain.createEntity(InMemoryProviderTests.customer("C1", "Byron"))
            XCTFail("a service without entity sets cannot pick one")
        } catch {
            XCTAssertEqual(error.kind, .invalidRequest)
            XCTAssertTrue(error.message.contains("ESPM.Customer"), error.message)
        }
    }

    func testUnsupportedOperationsThrowATypedError() async throws {
        let (service, _) = service()
        do {
            _ = try await service.resetSampleData()
            XCTFail("function imports need a handler")
        } catch {
            XCTAssertEqual(error.kind, .unsupportedOperation)
        }
        let recorded = ESPMContainer(provider: RecordedProvider([:], directory: payloadDirectory))
        do {
            try await recorded.processBatch(RequestBatch())
            XCTFail("a recorded provider has no $batch")
        } catch {
            XCTAssertEqual(error.kind, .unsupportedOperation)
        }
    }

    func testFunctionImportsAnswerFromAHandler() async throws {
        let provider = InMemoryProvider(serviceName: "ESPM") { query in
            XCTAssertEqual(query.invocation?.function.name, "ResetSampleData")
            return .value(.boolean(true))
        }
        let reset = try await ESPMContainer(provider: provider).resetSampleData()
        XCTAssertEqual(reset, true)
    }
}
