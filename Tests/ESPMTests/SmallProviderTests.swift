import ESPM
import Foundation
import OData
import XCTest

/// A read-only provider written in the test, from outside the package's providers: entity sets held in memory,
/// answering collection reads, reads by key and counts with the in-memory evaluator, everything else
/// `.unsupportedOperation`. The generated `ESPMContainer` runs over it unchanged.
struct ReadOnlyFixtures: DataServiceProvider {
    let serviceName = "Fixtures"
    let sets: [String: [EntityValue]]

    func send<Output>(_ operation: DataServiceOperation<Output>, headers: HTTPHeaders) async throws(ODataError) -> Output {
        switch operation.kind {
        case .fetchEntities(let query, _, let answer): return answer(EntityList(entities: try matches(query)))
        case .fetchCount(let query, let answer): return answer(try matches(query).count)
        case .fetchEntity(let query, _, let answer):
            guard let entity = try matches(query).first else {
                throw ODataError(.httpStatus, "\(query.relativeURLString) is not in the fixtures", statusCode: 404)
            }
            return answer(entity)
        default: throw operation.unsupported(by: serviceName)
        }
    }

    private func matches(_ query: DataQuery) throws(ODataError) -> [EntityValue] {
        guard let set = query.entitySet?.name, query.navigationSegments.isEmpty, query.invocation == nil else {
            throw ODataError(.unsupportedOperation, "Fixtures reads entity sets only, not \(query.relativeURLString)")
        }
        do { return try query.evaluate(on: sets[set] ?? []) } catch { throw ODataError(wrapping: error) }
    }
}

final class SmallProviderTests: XCTestCase {
    private func service() -> ESPMContainer<ReadOnlyFixtures> {
        let customers = [("C1", "Byron"), ("C2", "Babbage"), ("C3", "Lovelace")].map { id, name in
            InMemoryProviderTests.customer(id, name).entityValue
        }
        return ESPMContainer(provider: ReadOnlyFixtures(sets: ["Customers": customers]))
    }

    func testTheGeneratedContainerReadsThroughASmallProvider() async throws {
        let service = service()
        let sorted = try await service.fetchCustomers(matching: DataQuery().orderBy(Customer.lastName).top(2))
        XCTAssertEqual(sorted.map(\.lastName), ["Babbage", "Byron"])
        let one = try await service.fetchCustomerWithKey(customerID: "C3")
        XCTAssertEqual(one.lastName, "Lovelace")
        let filtered = try await service.count(
            matching: DataQuery().from(ESPMContainerMetadata.EntitySets.customers)
                .filter(Customer.lastName.startsWith("B")))
        XCTAssertEqual(filtered, 2)
    }

    /// The error a generated call throws (generated calls may be typed or untyped).
    private func failure(of body: () async throws -> Void) async -> ODataError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? ODataError
        }
    }

    func testAMissingKeyIsTheProvidersError() async throws {
        let error = await failure { _ = try await service().fetchCustomerWithKey(customerID: "C9") }
        XCTAssertEqual(error?.kind, .httpStatus)
        XCTAssertEqual(error?.statusCode, 404)
    }

    func testOperationsItDoesNotImplementAreUnsupported() async throws {
        let service = service()
        var customer = try await service.fetchCustomerWithKey(customerID: "C1")
        customer.lastName = "Gordon"
        let error = await failure { try await service.updateEntity(customer) }
        XCTAssertEqual(error?.kind, .unsupportedOperation)
        XCTAssertEqual(error?.message, "Fixtures does not support updateEntity")
        do {
            _ = try await service.provider.send(.fetchMetadataDocument)
            XCTFail("a read-only provider answered $metadata")
        } catch {
            XCTAssertEqual(error.kind, .unsupportedOperation)
        }
    }

    /// A provider answers each operation through that operation's own typed answer: one that has only a count to
    /// give can answer `.fetchCount` with it, and cannot hand it to a page read (that does not compile: the result
    /// a provider gives always has the operation's output type, so there is no wrong-result error left to throw).
    func testAProviderAnswersEachOperationWithItsOwnOutputType() async throws {
        struct Counter: DataServiceProvider {
            let serviceName = "Counter"
            func send<Output>(_ operation: DataServiceOperation<Output>, headers: HTTPHeaders) async throws(ODataError) -> Output {
                guard case .fetchCount(_, let answer) = operation.kind else { throw operation.unsupported(by: serviceName) }
                return answer(1)
            }
        }
        let count: Int = try await Counter().send(.fetchCount(DataQuery().from(ESPMContainerMetadata.EntitySets.customers)))
        XCTAssertEqual(count, 1)
        do {
            _ = try await Counter().send(.fetchEntities(DataQuery().from(ESPMContainerMetadata.EntitySets.customers)))
            XCTFail("a count was taken for a page")
        } catch {
            XCTAssertEqual(error.kind, .unsupportedOperation)
            XCTAssertTrue(error.message.contains("does not support fetchEntities"), error.message)
        }
    }
}
