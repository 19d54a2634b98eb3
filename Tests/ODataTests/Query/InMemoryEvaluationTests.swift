import Foundation
import XCTest

@testable import OData

final class InMemoryEvaluationTests: XCTestCase {
    private func customer(
        _ id: String, first: String? = nil, last: String? = nil, age: Int? = nil, born: LocalDateTime? = nil,
        balance: String? = nil, score: Double? = nil, city: String? = nil, visits: Int64? = nil
    ) -> Customer {
        var c = Customer()
        c.customerID = id
        c.firstName = first
        c.lastName = last
        c.age = age
        c.setValue(born, for: Customer.dateOfBirth)
        c.setValue(balance.flatMap { BigDecimal(string: $0) }, for: Customer.balance)
        c.setValue(score, for: Customer.score)
        c.setValue(city.map { Address(city: $0) }, for: Customer.address)
        c.setValue(visits, for: Customer.visits)
        return c
    }

    private lazy var people: [Customer] = [
        customer(
            "1", first: "Anna", last: "Schmidt", age: 30, born: LocalDateTime(year: 1994, month: 3, day: 1), balance: "10.50", score: 1.5,
            city: "Berlin", visits: 5),
        customer("2", first: "bob", last: "Anders", age: nil, born: nil, balance: "10.5", score: 2.5, city: nil, visits: 9_000_000_000),
        customer(
            "3", first: "Clara", last: "Zander", age: 25, born: LocalDateTime(year: 2000, month: 12, day: 31, hour: 23), balance: "-1",
            score: -0.5, city: "Bonn", visits: 0),
        customer(
            "4", first: "Anna", last: "Öztürk", age: 41, born: LocalDateTime(year: 1983, month: 7, day: 4), balance: nil, score: nil,
            city: "Köln", visits: nil),
        customer(
            "5", first: "Émile", last: "anders", age: 30, born: LocalDateTime(year: 1994, month: 3, day: 2), balance: "0.001", score: 10,
            city: "Berlin", visits: 1),
    ]

    private func ids(_ query: DataQuery) throws -> [String] {
        try people.filterWithQuery(query).map { $0.customerID ?? "?" }
    }

    func testTheSeedSearch() throws {
        let terms = "nd"
        let search = DataQuery().filter(Customer.firstName.contains(terms).or(Customer.lastName.contains(terms)))
        XCTAssertEqual(try ids(search), ["2", "3", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.lastName.contains("and"))), ["3", "5"])  // case-sensitive: not "Anders"
    }

    func testComparisonsWithNull() throws {
        XCTAssertEqual(try ids(DataQuery().filter(Customer.age > 26)), ["1", "4", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.age < 100)), ["1", "3", "4", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.age.isNull())), ["2"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.age.isNotNull())), ["1", "3", "4", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.age != 30)), ["2", "3", "4"])
        XCTAssertEqual(try ids(DataQuery().filter(!(Customer.age > 26))), ["2", "3"])  // null gt 26 is false, so not(…) is true
        XCTAssertEqual(try ids(DataQuery().filter(Customer.age.add(1) == 31)), ["1", "5"])
    }

    func testOrdinalCaseSensitiveStrings() throws {
        XCTAssertEqual(try ids(DataQuery().orderBy(Customer.firstName)), ["1", "4", "3", "2", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.firstName > "Z")), ["2", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.lastName.toLower() == "anders")), ["2", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.lastName.startsWith("A"))), ["2"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.lastName.endsWith("rk"))), ["4"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.lastName.length() == 6)), ["2", "3", "4", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.lastName.indexOf("d") == 2)), ["2", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.lastName.substring(from: 1, length: 3) == "ztü")), ["4"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.lastName.substring(from: 4) == "er")), ["3"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.lastName.replace("a", with: "A") == "Anders")), ["2", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.firstName.concat(" ").concat(Customer.lastName) == "Anna Schmidt")), ["1"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.firstName.toUpper().trim() == "BOB")), ["2"])
    }

    func testExactDecimalsAndPromotion() throws {
        XCTAssertEqual(try ids(DataQuery().filter(Customer.balance == BigDecimal(string: "10.5")!)), ["1", "2"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.balance > BigDecimal(string: "0.0009")!)), ["1", "2", "5"])
        XCTAssertEqual(try ids(DataQuery().orderBy(Customer.balance, .descending)), ["1", "2", "5", "3", "4"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.visits > 8_000_000_000)), ["2"])
        XCTAssertEqual(
            try ids(DataQuery().filter(QueryFilter.property("Score").greaterThan(.literal(.int32(2))))), ["2", "5"])
        XCTAssertEqual(
            try ids(DataQuery().filter(QueryFilter.property("Balance").lessThan(.literal(.double(0.01))))), ["3", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.score.round() == 2)), ["1"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.score.floor() == -1)), ["3"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.balance.ceiling() == BigDecimal(11))), ["1", "2"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.visits.mod(2) == 1)), ["1", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.balance.div(BigDecimal(3)) > BigDecimal(string: "3.4")!)), ["1", "2"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.age.cast(to: .decimal, as: BigDecimal.self) == BigDecimal(25))), ["3"])
    }

    func testDatePartsAndComplexPaths() throws {
        XCTAssertEqual(try ids(DataQuery().filter(Customer.dateOfBirth.year() == 1994)), ["1", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.dateOfBirth.month() == 12 && Customer.dateOfBirth.hour() == 23)), ["3"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.dateOfBirth.day() == 4)), ["4"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.dateOfBirth < LocalDateTime(year: 1990, month: 1, day: 1)!)), ["4"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.address.path(Address.city) == "Berlin")), ["1", "5"])
        XCTAssertEqual(try ids(DataQuery().orderBy(Customer.address.path(Address.city))), ["2", "1", "5", "3", "4"])
        XCTAssertEqual(try ids(DataQuery().filter(.isOf("ESPM.Customer"))), ["1", "2", "3", "4", "5"])
        XCTAssertEqual(try ids(DataQuery().filter(Customer.address.isOf("ESPM.Address"))), ["1", "3", "4", "5"])
        var offset = EntityValue(type: Customer.entityType)
        try offset.set(
            Customer.entityType.properties[10],
            to: .dateTimeOffset(GlobalDateTime(year: 2024, month: 1, day: 1, hour: 1, offsetMinutes: 120)!))
        XCTAssertEqual(
            try [offset].filterWithQuery(DataQuery().filter(Customer.updated.day() == 31 && Customer.updated.hour() == 23)).count, 1)
    }

    func testOrderSkipTopWithNullsFirst() throws {
        XCTAssertEqual(try ids(DataQuery().orderBy(Customer.age)), ["2", "3", "1", "5", "4"])
        XCTAssertEqual(try ids(DataQuery().orderBy(Customer.age, .descending)), ["4", "1", "5", "3", "2"])
        XCTAssertEqual(
            try ids(DataQuery().orderBy(Customer.age, .descending).thenBy(Customer.customerID, .descending)), ["4", "5", "1", "3", "2"])
        XCTAssertEqual(try ids(DataQuery().orderBy(Customer.age).skip(1).top(2)), ["3", "1"])
        XCTAssertEqual(try ids(DataQuery().skip(10)), [])
        XCTAssertEqual(try ids(DataQuery().top(0)), [])
        XCTAssertEqual(try ids(DataQuery().withKey(Customer.customerID, "3")), ["3"])
        let untyped = try people.map(\.entityValue).filterWithQuery(DataQuery().filter(Customer.age == 30).orderBy(Customer.lastName))
        XCTAssertEqual(untyped.map { $0["CustomerId"] }, [.string("1"), .string("5")])  // "Schmidt" < "anders" ordinally
    }

    func testTypedErrorsForUnsupportedExpressions() {
        let bad: [QueryFilter] = [
            .property("Nope").equal(.literal(.int32(1))),
            .property("FirstName").equal(.literal(.int32(1))),
            .function("frobnicate", [.property("Age")]),
            .function("length", [.property("Age")]),
            .function("substringof", [.literal(.string("a"))]),
            .property("Age").div(.literal(.int32(0))).equal(.literal(.int32(1))),
            .property("Visits").mul(.literal(.int64(.max))).greaterThan(.literal(.int32(1))),
            .property("FirstName").and(.literal(.int32(1))),
            .typeName("X"),
            .function("cast", [.property("FirstName"), .typeName("Edm.Guid")]),
            .property("FirstName").add(.literal(.int32(1))).equal(.literal(.int32(1))),
            .property("FirstName/X").equal(.literal(.int32(1))),
        ]
        for filter in bad {
            XCTAssertThrowsError(try people.filterWithQuery(DataQuery().filter(filter)), filter.expressionString) { error in
                XCTAssertTrue(error is QueryEvaluationError, "\(error)")
            }
        }
        XCTAssertThrowsError(try people.filterWithQuery(DataQuery().top(-1)))
        XCTAssertThrowsError(try people.filterWithQuery(DataQuery().orderBy(Customer.nope)))
    }
}

extension Customer {
    fileprivate static let nope: TypedProperty<String> = TypedProperty<String>(
        PropertyDescriptor(name: "Nope", type: .primitive(.string), index: 99))
}
