import ESPM
import Foundation
import OData
import XCTest

@testable import ODataOffline

/// Filters and orders that now run in SQLite, on edge cases (nulls, case, unicode beyond the BMP, decimals that
/// differ only in scale or in the last digit, dates, ties in ordering): each query is checked to translate
/// completely, and its answer is compared with the in-memory evaluator's on the same entities.
final class SQLFilterOracleTests: XCTestCase {
    private let customers = ESPMContainerMetadata.EntitySets.customers
    private let orders = ESPMContainerMetadata.EntitySets.salesOrderHeaders

    private func property(_ name: String) -> QueryFilter { .property(name) }
    private func text(_ value: String) -> QueryFilter { .literal(.string(value)) }
    private func int(_ value: Int32) -> QueryFilter { .literal(.int32(value)) }
    private func decimal(_ value: String) -> QueryFilter { .literal(.decimal(BigDecimal(string: value)!)) }
    private func date(_ year: Int, _ month: Int, _ day: Int) -> QueryFilter {
        .literal(.dateTime(LocalDateTime(year: year, month: month, day: day)!))
    }
    private func call(_ name: String, _ arguments: QueryFilter...) -> QueryFilter { .function(name, arguments) }

    private func seeded() async throws -> OfflineODataProvider {
        let provider = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata())
        try await provider.open()
        let names: [String?] = [
            "alpha", "Alpha", "ALPHA", "älpha", "Ölkanne", "zeta", "", nil, " padded ", "\u{FF21}wide", "😀smile", "日本", "a'quote",
            "İstanbul", "straße", "alpha",
        ]
        let cities: [String?] = ["Berlin", "berlin", nil, "Paris", "PARIS", "Köln", "Berlin"]
        for index in 0..<64 {
            var customer = OfflineFixtures.customer(String(format: "K%02d", index), first: "", last: "L\(index % 5)")
            customer.firstName = names[index % names.count]
            customer.city = cities[index % cities.count]
            customer.dateOfBirth = LocalDateTime(
                year: 1950 + index % 4, month: 1 + index % 12, day: 1 + index % 28, hour: index % 24, minute: (index * 7) % 60,
                second: index % 9)
            _ = try await provider.send(.createEntity(customer.entityValue, in: customers))
        }
        let amounts: [String?] = ["12.5", "12.50", "12.499", "-3.25", "0", "1000000.001", "999999999999.999", nil, "12.501", "12"]
        for index in 0..<40 {
            var order = OfflineFixtures.salesOrder(String(format: "O%02d", index), customer: String(format: "K%02d", index % 64), amount: 0)
            order.netAmount = amounts[index % amounts.count].flatMap { BigDecimal(string: $0) }
            order.grossAmount = amounts[(index + 3) % amounts.count].flatMap { BigDecimal(string: $0) }
            order.createdAt = index % 7 == 0 ? nil : LocalDateTime(year: 2020, month: 1 + index % 3, day: 1 + index % 5)
            _ = try await provider.send(.createEntity(order.entityValue, in: orders))
        }
        return provider
    }

    private func check(
        _ provider: OfflineODataProvider, set: EntitySetDescriptor, filters: [QueryFilter], orders: [[SortItem]],
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let all = try await provider.send(.fetchEntities(DataQuery().from(set), options: RequestOptions()), headers: HTTPHeaders()).entities
        let table = EntityTable(set: set.name, type: set.entityType)
        for filter in filters {
            XCTAssertTrue(SQLQueryPlan(filter: filter, table: table).isFilterComplete, "runs in SQL: \(filter)", file: file, line: line)
            let counted = try await provider.send(.fetchCount(DataQuery().from(set).filter(filter)))
            XCTAssertEqual(counted, try all.filterWithQuery(DataQuery().filter(filter)).count, "$count: \(filter)", file: file, line: line)
            for sort in orders {
                var query = DataQuery().from(set).filter(filter)
                query.sortItems = sort
                XCTAssertNotNil(SQLQueryPlan(filter: filter, table: table).order(sort), "orders in SQL: \(sort)", file: file, line: line)
                let local = try await provider.send(.fetchEntities(query, options: RequestOptions()), headers: HTTPHeaders()).entities
                let oracle = try all.filterWithQuery(query)
                XCTAssertEqual(
                    local.map(\.key.predicate), oracle.map(\.key.predicate), "\(query.relativeURLString)", file: file, line: line)
            }
        }
    }

    func testStringFunctionsNullsCaseAndUnicode() async throws {
        let provider = try await seeded()
        let first = property("FirstName")
        let city = property("City")
        let filters: [QueryFilter] = [
            first.equal(.literal(.null)), .binary(.notEqual, first, .literal(.null)), first.equal(text("alpha")),
            first.lessThan(text("alpha")), first.greaterThan(text("😀")), .binary(.greaterEqual, first, text("\u{FF21}")),
            call("tolower", first).equal(text("alpha")), call("toupper", city).equal(text("KÖLN")),
            call("tolower", first).lessThan(text("m")), call("trim", first).equal(text("padded")),
            call("length", first).greaterThan(int(5)), call("indexof", first, text("l")).equal(int(1)),
            call("substring", first, int(1)).equal(text("lpha")), call("substring", first, int(1), int(2)).equal(text("lp")),
            call("concat", city, first).equal(text("Berlinalpha")), call("startswith", first, text("a")),
            call("endswith", first, text("a")), call("substringof", text("ph"), first), call("endswith", first, text("")),
            call("length", first).equal(int(6)),  // "😀smile" is 7 UTF-16 units, 6 characters
            .not(city.equal(text("Berlin"))), .not(call("startswith", first, text("a"))), .not(first.greaterThan(text("b"))),
            city.equal(text("Berlin")).or(first.equal(.literal(.null))),
            .not(city.equal(text("Berlin")).and(first.greaterThan(text("a")))),
        ]
        try await check(
            provider, set: customers, filters: filters,
            orders: [
                [], [SortItem(path: "FirstName")], [SortItem(path: "FirstName", isDescending: true)],
                [SortItem(path: "City"), SortItem(path: "DateOfBirth", isDescending: true)],
            ])
    }

    func testDatesArithmeticAndDecimals() async throws {
        let provider = try await seeded()
        let born = property("DateOfBirth")
        let length = call("length", property("FirstName"))
        try await check(
            provider, set: customers,
            filters: [
                call("year", born).equal(int(1952)), call("month", born).greaterThan(int(5)).and(call("day", born).lessThan(int(10))),
                call("hour", born).equal(int(5)), call("minute", born).greaterThan(int(30)), call("second", born).equal(int(7)),
                born.greaterThan(date(1951, 6, 1)), .binary(.lessEqual, born, date(1950, 5, 5)),
                .binary(.add, length, int(1)).greaterThan(int(6)), .binary(.mul, length, int(2)).equal(int(10)),
                .binary(.mod, length, int(3)).equal(int(1)), .binary(.div, length, int(2)).equal(int(2)),
                .negate(length).lessThan(int(-4)), .binary(.sub, length, int(2)).lessThan(int(2)),
            ],
            orders: [[], [SortItem(path: "DateOfBirth")], [SortItem(path: "LastName"), SortItem(path: "DateOfBirth", isDescending: true)]])
        let net = property("NetAmount")
        try await check(
            provider, set: orders,
            filters: [
                net.equal(decimal("12.5")), net.greaterThan(decimal("12.499")), net.lessThan(decimal("0")),
                .binary(.greaterEqual, net, decimal("999999999999.998")), net.equal(.literal(.null)), net.equal(int(12)),
                net.greaterThan(property("GrossAmount")), property("CreatedAt").lessThan(date(2020, 2, 3)),
                property("CreatedAt").equal(.literal(.null)), .not(net.lessThan(decimal("12.5"))),
            ],
            orders: [
                [], [SortItem(path: "NetAmount")], [SortItem(path: "NetAmount", isDescending: true)],
                [SortItem(path: "CreatedAt", isDescending: true), SortItem(path: "GrossAmount")],
            ])
    }

    func testAnOverflowIsTheEvaluatorsError() async throws {
        let provider = try await seeded()
        let overflow = DataQuery().from(customers).filter(
            .binary(.mul, call("length", property("FirstName")), int(Int32.max)).greaterThan(int(0)))
        do {
            _ = try await provider.send(.fetchEntities(overflow, options: RequestOptions()), headers: HTTPHeaders())
            XCTFail("an Edm.Int32 overflow was answered")
        } catch {
            XCTAssertTrue(error.message.contains("overflow"), error.message)
        }
    }
}
