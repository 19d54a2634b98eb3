import ESPM
import Foundation
import OData
import ODataOffline
import XCTest

/// The offline store opened with no remote service: an in-process OData service for tests.
final class LocalServiceTests: XCTestCase {
    private func makeService() async throws -> (OfflineODataProvider, ESPMContainer<OfflineODataProvider>) {
        let provider = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata()) { query in
            XCTAssertEqual(query.invocation?.function.name, "GenerateSampleSalesOrders")
            return .value(.boolean(true))
        }
        try await provider.open()
        let service = ESPMContainer(provider: provider)
        let customers = ESPMContainerMetadata.EntitySets.customers
        let people = [
            ("C3", "Ada", "Lovelace", "London", "UK"), ("C1", "Alan", "Turing", "London", "UK"),
            ("C2", "Grace", "Hopper", "New York", "US"), ("C10", "Konrad", "Zuse", "Berlin", "DE"),
        ]
        for (id, first, last, city, country) in people {
            _ = try await provider.send(
                .createEntity(
                    OfflineFixtures.customer(id, first: first, last: last, city: city, country: country).entityValue, in: customers))
        }
        return (provider, service)
    }

    func testKeyOrderAndQueriesMatchTheInMemoryEvaluator() async throws {
        let (_, service) = try await makeService()
        let all = try await service.fetchCustomers()
        XCTAssertEqual(all.map(\.customerID), ["C1", "C10", "C2", "C3"], "key order without $orderby")
        let queries: [DataQuery] = [
            DataQuery().filter(Customer.city.equal("London")),
            DataQuery().filter(Customer.firstName.startsWith("A").or(Customer.country.equal("DE"))).orderBy(Customer.lastName, .descending),
            DataQuery().filter(Customer.lastName.contains("u")).orderBy(Customer.firstName),
            DataQuery().orderBy(Customer.country).orderBy(Customer.firstName).skip(1).top(2),
            DataQuery().filter(Customer.firstName.length().greaterThan(4)),
            DataQuery().filter(.not(Customer.city.toLower().equal("london"))),
        ]
        for query in queries {
            let local = try await service.fetchCustomers(matching: query)
            let oracle = try all.filterWithQuery(query)
            XCTAssertEqual(local.map(\.customerID), oracle.map(\.customerID), "\(query.relativeURLString)")
        }
        let counted = try await service.provider.send(
            .fetchEntities(
                DataQuery().from(ESPMContainerMetadata.EntitySets.customers).filter(Customer.city.equal("London")).inlineCount().top(1),
                options: RequestOptions()), headers: HTTPHeaders())
        XCTAssertEqual(counted.inlineCount, 2)
        XCTAssertEqual(counted.entities.count, 1)
        let count = try await service.provider.send(.fetchCount(DataQuery().from(ESPMContainerMetadata.EntitySets.customers)))
        XCTAssertEqual(count, 4)
    }

    func testKeysAreUniqueAndMissingKeysAreGenerated() async throws {
        let (provider, service) = try await makeService()
        let customers = ESPMContainerMetadata.EntitySets.customers
        do {
            _ = try await provider.send(.createEntity(OfflineFixtures.customer("C1", first: "X", last: "Y").entityValue, in: customers))
            XCTFail("a duplicate key was accepted")
        } catch {
            XCTAssertEqual(error.statusCode, 409)
        }
        let created = try await provider.send(
            .createEntity(OfflineFixtures.customer(nil, first: "No", last: "Key").entityValue, in: customers))
        let id = try XCTUnwrap(Customer(entityValue: created).customerID)
        let read = try await service.fetchCustomerWithKey(customerID: id)
        XCTAssertEqual(read.lastName, "Key")
        do {
            _ = try await service.fetchCustomerWithKey(customerID: "nobody")
            XCTFail("a missing key was found")
        } catch {
            XCTAssertEqual(error.statusCode, 404)
        }
    }

    func testNavigationExpandAndETags() async throws {
        let (provider, service) = try await makeService()
        let ada = try await service.fetchCustomerWithKey(customerID: "C3")
        for (id, amount) in [("S2", 20.0), ("S1", 10.0)] {
            _ = try await provider.send(
                .createRelatedEntity(
                    OfflineFixtures.salesOrder(id, customer: "C3", amount: amount).entityValue, in: ada.entityValue,
                    property: Customer.salesOrders.descriptor))
        }
        let expanded = try await service.fetchCustomerWithKey(customerID: "C3", query: DataQuery().expand(Customer.salesOrders))
        XCTAssertEqual(expanded.salesOrders.compactMap(\.salesOrderID).sorted(), ["S1", "S2"])
        let navigated = try await service.fetchSalesOrderHeaders(
            matching: DataQuery().from(ESPMContainerMetadata.EntitySets.customers).withKey(Customer.key(customerID: "C3"))
                .navigate(Customer.salesOrders).orderBy(SalesOrderHeader.netAmount, .descending))
        XCTAssertEqual(navigated.map(\.salesOrderID), ["S2", "S1"])

        var first = try await service.fetchCustomerWithKey(customerID: "C1")
        let etag = try XCTUnwrap(first.entityValue.metadata.etag)
        first.city = "Manchester"
        let updated = try await provider.send(.updateEntity(first.entityValue))
        XCTAssertNotEqual(updated.metadata.etag, etag, "an update renews the ETag")
        var stale = first
        stale.city = "Wilmslow"
        do {
            _ = try await provider.send(.updateEntity(stale.entityValue))
            XCTFail("a stale ETag was accepted")
        } catch {
            XCTAssertEqual(error.statusCode, 412)
        }
        let current = try await service.fetchCustomerWithKey(customerID: "C1")
        XCTAssertEqual(current.city, "Manchester")
        try await provider.send(.deleteEntity(updated))
        let remaining = try await service.fetchCustomers()
        XCTAssertEqual(remaining.map(\.customerID), ["C10", "C2", "C3"])
        let hasPending = try await provider.hasPendingUpload()
        XCTAssertFalse(hasPending, "the in-process service applies writes at once")
        let result = try await service.invoke(
            DataQuery().invoke(ESPMContainerMetadata.ActionImports.generateSampleSalesOrders))
        guard case .value(.boolean(true)) = result else { return XCTFail("function import answered \(result)") }
    }

    func testDeepInsertCreatesTheRelatedEntities() async throws {
        let (provider, service) = try await makeService()
        var customer = OfflineFixtures.customer("C20", first: "Deep", last: "Insert")
        customer.salesOrders = [
            OfflineFixtures.salesOrder("S20", customer: "C20", amount: 1), OfflineFixtures.salesOrder("S21", customer: "C20", amount: 2),
        ]
        _ = try await provider.send(.createEntity(customer.entityValue, in: ESPMContainerMetadata.EntitySets.customers))
        let read = try await service.fetchCustomerWithKey(customerID: "C20", query: DataQuery().expand(Customer.salesOrders))
        XCTAssertEqual(read.salesOrders.compactMap(\.salesOrderID), ["S20", "S21"])
        let back = try await service.fetchCustomer(
            matching: DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders).withKey(
                SalesOrderHeader.key(salesOrderID: "S21")
            )
            .navigate(SalesOrderHeader.customerDetails))
        XCTAssertEqual(back.customerID, "C20")
    }
}
