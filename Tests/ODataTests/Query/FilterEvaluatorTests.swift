import Foundation
import XCTest

@testable import OData

/// Expression-level checks of the in-memory evaluator: every function, null propagation, promotion, errors.
final class FilterEvaluatorTests: XCTestCase {
    private var entity: EntityValue {
        var customer = Customer()
        customer.customerID = "C1"
        customer.lastName = "Zoë Ünal"
        customer.age = 2_000_000_000
        customer.setValue(LocalTime(hour: 9, minute: 15, second: 30)!, for: Customer.opensAt)
        customer.setValue(LocalDateTime(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 58)!, for: Customer.dateOfBirth)
        customer.setValue(GlobalDateTime(year: 2024, month: 3, day: 1, hour: 0, minute: 30, offsetMinutes: 60)!, for: Customer.updated)
        customer.setValue(Double.nan, for: Customer.score)
        var order = SalesOrderHeader()
        order.entityValue.setValue("S1", for: TypedProperty<String>(SalesOrderHeader.entityType.properties[0]))
        order.setRelatedEntity(customer, for: SalesOrderHeader.customerDetails)
        return order.entityValue
    }

    private func value(_ filter: QueryFilter) throws -> EdmValue {
        try FilterEvaluator(entity: entity).evaluate(filter)
    }

    private func customerValue(_ filter: QueryFilter) throws -> EdmValue {
        try FilterEvaluator(entity: entity.relatedEntity(SalesOrderHeader.entityType.navigationProperties[1])!).evaluate(filter)
    }

    private func s(_ text: String) -> QueryFilter { .literal(.string(text)) }
    private func i(_ number: Int32) -> QueryFilter { .literal(.int32(number)) }

    func testToOneNavigationPaths() throws {
        XCTAssertEqual(try value(.property("CustomerDetails/LastName")), .string("Zoë Ünal"))
        XCTAssertEqual(try value(.property("CustomerDetails/Address/City")), .null)
        XCTAssertThrowsError(try value(.property("Items")))  // a navigation is not a value
        XCTAssertThrowsError(try value(.property("CustomerDetails/Nope")))
    }

    func testStringFunctionsAreOrdinalOnUTF16() throws {
        let name = QueryFilter.property("LastName")
        XCTAssertEqual(try customerValue(.function("length", [name])), .int32(8))
        XCTAssertEqual(try customerValue(.function("indexof", [name, s("Ü")])), .int32(4))
        XCTAssertEqual(try customerValue(.function("indexof", [name, s("u")])), .int32(-1))
        XCTAssertEqual(try customerValue(.function("indexof", [name, s("")])), .int32(0))
        XCTAssertEqual(try customerValue(.function("substring", [name, i(4)])), .string("Ünal"))
        XCTAssertEqual(try customerValue(.function("substring", [name, i(40)])), .string(""))
        XCTAssertEqual(try customerValue(.function("substring", [name, i(1), i(100)])), .string("oë Ünal"))
        XCTAssertThrowsError(try customerValue(.function("substring", [name, i(-1)])))
        XCTAssertEqual(try customerValue(.function("replace", [name, s(""), s("x")])), .string("Zoë Ünal"))
        XCTAssertEqual(try customerValue(.function("replace", [name, s("ë"), s("e")])), .string("Zoe Ünal"))
        XCTAssertEqual(try customerValue(.function("tolower", [name])), .string("zoë ünal"))
        XCTAssertEqual(try customerValue(.function("toupper", [name])), .string("ZOË ÜNAL"))
        XCTAssertEqual(try customerValue(.function("trim", [s("\t a \n")])), .string("a"))
        XCTAssertEqual(try customerValue(.function("concat", [name, .literal(.null)])), .null)
        XCTAssertEqual(try customerValue(.function("substringof", [s("e\u{301}"), s("e\u{301}x")])), .boolean(true))
        XCTAssertEqual(try customerValue(.function("substringof", [s("é"), s("e\u{301}")])), .boolean(false))
        XCTAssertEqual(try customerValue(.function("startswith", [s("e\u{301}"), s("e")])), .boolean(true))
        XCTAssertEqual(try customerValue(.function("endswith", [s("ab"), s("")])), .boolean(true))
    }

    func testDatesTimesAndOffsetsInUTC() throws {
        XCTAssertEqual(try customerValue(.function("day", [.property("DateOfBirth")])), .int32(29))
        XCTAssertEqual(try customerValue(.function("second", [.property("DateOfBirth")])), .int32(58))
        XCTAssertEqual(try customerValue(.function("day", [.property("Updated")])), .int32(29))
        XCTAssertEqual(try customerValue(.function("hour", [.property("Updated")])), .int32(23))
        XCTAssertEqual(try customerValue(.function("minute", [.property("OpensAt")])), .int32(15))
        XCTAssertThrowsError(try customerValue(.function("year", [.property("OpensAt")])))
        // 23:59:58 (Edm.DateTime, read as UTC) is after 00:30+01:00 = 23:30 UTC.
        XCTAssertEqual(try customerValue(.property("DateOfBirth").greaterThan(.property("Updated"))), .boolean(true))
        XCTAssertEqual(
            try customerValue(.property("OpensAt").greaterThan(.literal(.time(LocalTime(hour: 9, minute: 0, second: 0)!)))),
            .boolean(true))
    }

    func testNullsPromotionAndOverflow() throws {
        XCTAssertEqual(try customerValue(.property("FirstName").add(i(1))), .null)
        XCTAssertEqual(try customerValue(.property("FirstName").equal(.literal(.null))), .boolean(true))
        XCTAssertEqual(try customerValue(.property("FirstName").notEqual(s("x"))), .boolean(true))
        XCTAssertEqual(try customerValue(.property("FirstName").lessThan(s("x"))), .boolean(false))
        XCTAssertEqual(try customerValue(.not(.property("FirstName").lessThan(s("x")))), .boolean(true))
        XCTAssertEqual(try customerValue(.not(.literal(.null))), .null)
        XCTAssertThrowsError(try customerValue(.property("Age").mul(i(2)))) { error in
            XCTAssertEqual((error as? QueryEvaluationError)?.message, "Edm.Int32 overflow")
        }
        XCTAssertEqual(try customerValue(.property("Age").mul(.literal(.int64(2)))), .int64(4_000_000_000))
        XCTAssertEqual(try customerValue(i(7).div(i(2))), .int32(3))
        XCTAssertEqual(try customerValue(i(-7).mod(i(2))), .int32(-1))
        XCTAssertEqual(try customerValue(i(7).div(.literal(.decimal(BigDecimal(2))))), .decimal(BigDecimal(significand: 35, scale: 1)))
        XCTAssertEqual(try customerValue(i(7).div(.literal(.double(2)))), .double(3.5))
        XCTAssertEqual(try customerValue(.literal(.single(1.5)).add(.literal(.single(1)))), .single(2.5))
        XCTAssertEqual(try customerValue(.negate(.literal(.int64(.max)))), .int64(-.max))
        XCTAssertThrowsError(try customerValue(.negate(.literal(.int64(.min)))))
        XCTAssertThrowsError(try customerValue(.literal(.decimal(BigDecimal(1))).mod(.literal(.decimal(BigDecimal(0))))))
        XCTAssertEqual(
            try customerValue(.literal(.decimal(BigDecimal(string: "7.5")!)).mod(.literal(.int32(2)))), .decimal(BigDecimal(string: "1.5")!)
        )
        XCTAssertEqual(try customerValue(.property("Score").equal(.property("Score"))), .boolean(true))
        XCTAssertEqual(try customerValue(.literal(.binary(Data([1, 2]))).equal(.literal(.binary(Data([1, 2]))))), .boolean(true))
        XCTAssertEqual(try customerValue(.literal(.binary(Data([1]))).lessThan(.literal(.binary(Data([1, 2]))))), .boolean(true))
        XCTAssertThrowsError(try customerValue(.literal(.guid(GuidValue.random())).equal(s("x"))))
    }

    func testTypeFunctions() throws {
        XCTAssertEqual(try value(.function("isof", [.typeName("ESPM.SalesOrderHeader")])), .boolean(true))
        XCTAssertEqual(try value(.function("isof", [.typeName("ESPM.Customer")])), .boolean(false))
        XCTAssertEqual(try customerValue(.function("isof", [.property("Age"), .typeName("Edm.Int32")])), .boolean(true))
        XCTAssertEqual(try customerValue(.function("isof", [.property("FirstName"), .typeName("Edm.String")])), .boolean(false))
        XCTAssertEqual(try customerValue(.function("cast", [.property("Age"), .typeName("Edm.Int64")])), .int64(2_000_000_000))
        XCTAssertEqual(try customerValue(.function("cast", [.property("Age"), .typeName("Edm.String")])), .string("2000000000"))
        XCTAssertEqual(try customerValue(.function("cast", [.literal(.double(2.9)), .typeName("Edm.Int32")])), .int32(2))
        XCTAssertThrowsError(try customerValue(.function("cast", [.property("Age"), .typeName("Edm.Byte")])))
        XCTAssertThrowsError(try customerValue(.function("cast", [.property("Age"), .typeName("ESPM.Address")])))
        XCTAssertThrowsError(try customerValue(.function("cast", [.typeName("Edm.Int32")])))
        XCTAssertEqual(try customerValue(.function("round", [.literal(.decimal(BigDecimal(string: "-2.5")!))])), .decimal(BigDecimal(-3)))
        XCTAssertEqual(try customerValue(.function("floor", [.literal(.single(-2.5))])), .single(-3))
        XCTAssertEqual(try customerValue(.function("ceiling", [.literal(.int32(4))])), .int32(4))
        XCTAssertThrowsError(try customerValue(.function("round", [s("x")])))
    }
}
