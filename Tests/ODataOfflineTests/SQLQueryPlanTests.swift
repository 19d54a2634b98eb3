import ESPM
import Foundation
import OData
import XCTest

@testable import ODataOffline

/// What SQLite answers on the typed columns (filters, orders, skip, top) gives what the in-memory evaluator gives.
final class SQLQueryPlanTests: XCTestCase {
    private var table: EntityTable { EntityTable(set: "Customers", type: Customer.entityType) }

    func testTranslatesWhatSQLiteEvaluatesExactly() {
        let full = SQLQueryPlan(filter: Customer.city.equal("Berlin").and(Customer.country.equal("DE")), table: table)
        XCTAssertTrue(full.isFilterComplete)
        XCTAssertEqual(full.conditions.count, 2)
        XCTAssertEqual(Set(full.properties), ["City", "Country"])
        let functions = SQLQueryPlan(
            filter: Customer.city.equal("Berlin").and(Customer.lastName.startsWith("M")).and(Customer.firstName.toLower().equal("x"))
                .and(Customer.lastName.length().greaterThan(3).or(.not(Customer.city.contains("a")))),
            table: table)
        XCTAssertTrue(functions.isFilterComplete, "string functions, not and or run in SQL")
        XCTAssertEqual(functions.conditions.count, 4)
        let partial = SQLQueryPlan(
            filter: Customer.city.equal("Berlin").and(.function("isof", [.typeName("ESPM.Customer")])), table: table)
        XCTAssertFalse(partial.isFilterComplete, "isof stays in memory")
        XCTAssertEqual(partial.conditions.count, 1, "the equality still narrows the rows read")
        let plan = SQLQueryPlan(filter: nil, table: table)
        XCTAssertEqual(plan.order([SortItem(path: "DateOfBirth")])?.properties, ["DateOfBirth", "CustomerId"], "a DateTime orders in SQL")
        XCTAssertEqual(plan.order([SortItem(path: "City", isDescending: true)])?.properties, ["City", "CustomerId"])
        XCTAssertNil(plan.order([SortItem(path: "Address/City")]), "a complex path stays in memory")
    }

    func testSQLAnswersMatchTheEvaluator() async throws {
        let provider = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata())
        try await provider.open()
        let cities = ["Berlin", "Paris", "London", "Rome", "Oslo"]
        for index in 0..<200 {
            var customer = OfflineFixtures.customer(
                String(format: "C%03d", (index * 37) % 200), first: "F\(index % 7)", last: "L\(index % 11)", city: cities[index % 5],
                country: index % 3 == 0 ? "DE" : "FR")
            if index % 13 == 0 { customer.city = nil }
            _ = try await provider.send(.createEntity(customer.entityValue, in: ESPMContainerMetadata.EntitySets.customers))
        }
        let service = ESPMContainer(provider: provider)
        let all = try await service.fetchCustomers()
        XCTAssertEqual(all.count, 200)
        XCTAssertEqual(all.compactMap(\.customerID), all.compactMap(\.customerID).sorted(), "key order")
        var queries: [DataQuery] = []
        for city in cities + ["Nowhere"] {
            queries.append(DataQuery().filter(Customer.city.equal(city)))
            queries.append(
                DataQuery().filter(Customer.city.equal(city).and(Customer.country.equal("DE"))).orderBy(Customer.firstName).top(5))
            queries.append(DataQuery().filter(Customer.country.equal("FR")).orderBy(Customer.city, .descending).skip(3).top(9))
            queries.append(DataQuery().filter(Customer.city.equal(city).or(Customer.firstName.equal("F3"))).orderBy(Customer.lastName))
        }
        queries.append(DataQuery().orderBy(Customer.city).orderBy(Customer.lastName, .descending).skip(190))
        for query in queries {
            let local = try await service.fetchCustomers(matching: query)
            XCTAssertEqual(local.map(\.customerID), try all.filterWithQuery(query).map(\.customerID), query.relativeURLString)
        }
        let counted = try await provider.send(
            .fetchEntities(
                DataQuery().from(ESPMContainerMetadata.EntitySets.customers).filter(Customer.country.equal("DE")).inlineCount().top(2),
                options: RequestOptions()), headers: HTTPHeaders())
        XCTAssertEqual(counted.inlineCount, try all.filterWithQuery(DataQuery().filter(Customer.country.equal("DE"))).count)
        XCTAssertEqual(counted.entities.count, 2)
    }
}
