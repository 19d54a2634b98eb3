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

    func perform(_ operation: DataServiceOperation, headers: HTTPHeaders) async throws(ODataError) -> DataServiceResult {
        switch operation {
        case .fetchEntities(let query, _): return .entities(EntityList(entities: try matches(query)))
        case .fetchCount(let query): return .count(try matches(query).count)
        case .fetchEntity(let query, _):
            guard let entity = try matches(query).first else {
                throw ODataError(.httpStatus, "\(query.relativeURLString) is not in the fixtures", statusCode: 404)
            }
            return .entity(entity)
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
            _ = try await service.provider.fetchMetadataDocument()
            XCTFail("a read-only provider answered $metadata")
        } catch {
            XCTAssertEqual(error.kind, .unsupportedOperation)
        }
    }

    func testAProviderAnsweringTheWrongResultIsATypedError() async {
        struct Confused: DataServiceProvider {
            let serviceName = "Confused"
            func perform(_ operation: DataServiceOperation, headers: HTTPHeaders) async throws(ODataError) -> DataServiceResult {
                .count(1)
            }
        }
        do {
            _ = try await Confused().fetchEntities(DataQuery().from(ESPMContainerMetadata.EntitySets.customers))
            XCTFail("a count was taken for a page")
        } catch {
            XCTAssertEqual(error.kind, .invalidValue)
            XCTAssertTrue(error.message.contains("answered fetchEntities with .count"), error.message)
        }
    }
}
