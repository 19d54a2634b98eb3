import ESPM
import Foundation
import OData
import XCTest

/// `filterWithQuery` (in memory) against pyslet's `$filter`/`$orderby` on the same data, for a broad
/// set of queries the server evaluates correctly (its known gaps — Decimal compared as text,
/// `substring`, `indexof`, `round`…, and `ne null`, which its SQL turns into `!= NULL` and so
/// never matches — are left out).
final class PysletQueryComparisonTests: XCTestCase {
    func testInMemoryFilteringMatchesTheServer() async throws {
        let root = try TestServers.pyslet()
        try await TestServers.resetPyslet(root)
        let service = ESPMContainer(provider: TestServers.provider(serviceName: "ESPM", serviceRoot: root))
        let everyone = try await service.fetchCustomers(matching: DataQuery())
        XCTAssertEqual(everyone.count, 60)
        let born1970 = try XCTUnwrap(LocalDateTime(utc: Date(timeIntervalSince1970: 0)))
        let customerQueries: [(String, DataQuery)] = [
            ("eq", DataQuery().filter(Customer.city.equal("Walldorf"))),
            ("ne and", DataQuery().filter(Customer.city.notEqual("Walldorf").and(Customer.country.equal("US")))),
            ("or", DataQuery().filter(Customer.firstName.equal("Anna").or(Customer.lastName.equal("Smith")))),
            ("contains", DataQuery().filter(Customer.firstName.contains("a"))),
            ("contains or", DataQuery().filter(Customer.firstName.contains("Em").or(Customer.lastName.contains("ll")))),
            ("startswith", DataQuery().filter(Customer.lastName.startsWith("M"))),
            ("endswith", DataQuery().filter(Customer.emailAddress.endsWith("0@example.com"))),
            ("tolower", DataQuery().filter(Customer.city.toLower().equal("london"))),
            ("toupper", DataQuery().filter(Customer.country.toUpper().equal("DE"))),
            ("length", DataQuery().filter(Customer.firstName.length().greaterThan(4))),
            ("string gt", DataQuery().filter(Customer.lastName.greaterThan("Silva"))),
            ("date gt", DataQuery().filter(Customer.dateOfBirth.greaterThan(born1970))),
            ("year", DataQuery().filter(Customer.dateOfBirth.year().lessEqual(1960))),
            ("month day", DataQuery().filter(Customer.dateOfBirth.month().equal(3).and(Customer.dateOfBirth.day().greaterThan(5)))),
            ("hostile", DataQuery().filter(Customer.lastName.equal("O'Brien & Söhne #1 %+/"))),
            ("null", DataQuery().filter(Customer.phoneNumber.isNull())),
            ("orderby", DataQuery().orderBy(Customer.lastName).orderBy(Customer.firstName, .descending)),
            (
                "filter orderby top skip",
                DataQuery().filter(Customer.country.notEqual("JP")).orderBy(Customer.city).orderBy(Customer.customerID).skip(3).top(10)
            ),
        ]
        for (name, query) in customerQueries {
            let server = try await service.fetchCustomers(matching: query)
            let local = try everyone.filterWithQuery(query)
            XCTAssertEqual(local.map(\.customerID), server.map(\.customerID), name)
            XCTAssertFalse(server.isEmpty && name != "null", "\(name) should select something")
        }

        let orders = try await service.fetchSalesOrderHeaders(matching: DataQuery())
        XCTAssertEqual(orders.count, 100, "page size 100: the first page")
        let allOrders = try await collect(
            service.entities(SalesOrderHeader.self, matching: DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders)))
        XCTAssertEqual(allOrders.count, 150)
        let orderQueries: [(String, DataQuery)] = [
            ("status", DataQuery().filter(SalesOrderHeader.lifeCycleStatus.equal("N"))),
            (
                "status and customer",
                DataQuery().filter(SalesOrderHeader.lifeCycleStatus.notEqual("X").and(SalesOrderHeader.customerID.equal("C000008")))
            ),
            ("created", DataQuery().filter(SalesOrderHeader.createdAt.year().equal(2024).and(SalesOrderHeader.createdAt.month().equal(2)))),
            (
                "orderby id desc",
                DataQuery().filter(SalesOrderHeader.lifeCycleStatus.equal("C")).orderBy(SalesOrderHeader.salesOrderID, .descending)
            ),
        ]
        for (name, query) in orderQueries {
            let server = try await collect(
                service.entities(SalesOrderHeader.self, matching: query.from(ESPMContainerMetadata.EntitySets.salesOrderHeaders)))
            let local = try allOrders.filterWithQuery(query)
            XCTAssertEqual(local.map(\.salesOrderID), server.map(\.salesOrderID), name)
            XCTAssertFalse(server.isEmpty, "\(name) should select something")
        }
    }

    private func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
        var result: [S.Element] = []
        for try await element in sequence { result.append(element) }
        return result
    }
}
