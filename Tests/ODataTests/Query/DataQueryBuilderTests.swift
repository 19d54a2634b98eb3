import Foundation
import XCTest

@testable import OData

final class DataQueryBuilderTests: XCTestCase {
    func testBuildersReturnModifiedCopies() {
        let base = DataQuery().from(TestSets.customers)
        let limited = base.top(5)
        XCTAssertNil(base.topCount)
        XCTAssertEqual(limited.topCount, 5)
        XCTAssertEqual(base.relativeURLString, "Customers")
    }

    func testFromDefaultKeepsAnExplicitSet() {
        XCTAssertEqual(DataQuery().fromDefault(TestSets.customers).entitySet?.name, "Customers")
        XCTAssertEqual(DataQuery().from(TestSets.products).fromDefault(TestSets.customers).entitySet?.name, "Products")
    }

    func testLaterTopAndSkipReplaceEarlierOnes() {
        let query = DataQuery().from(TestSets.customers).top(5).top(7).skip(1).skip(2)
        XCTAssertEqual(query.relativeURLString, "Customers?$skip=2&$top=7")
    }

    func testKeyAppliesToTheLastNavigationSegment() {
        let query = DataQuery().from(TestSets.customers).withKey(Customer.customerID, "1").navigate(Customer.salesOrders)
            .withKey(SalesOrderHeader.salesOrderID, "2").navigate(SalesOrderHeader.items)
            .withKey(["SalesOrderId": .string("2"), "ItemNumber": .int32(10)])
        XCTAssertEqual(query.key, EntityKey(["CustomerId": .string("1")]))
        XCTAssertEqual(query.navigationPath, ["SalesOrders", "Items"])
        XCTAssertEqual(query.resourcePath, "Customers('1')/SalesOrders('2')/Items(SalesOrderId='2',ItemNumber=10)")
        var reset = query
        reset.navigationPath = ["SalesOrders"]
        XCTAssertEqual(reset.resourcePath, "Customers('1')/SalesOrders")
    }

    func testExpandItemsKeepTheirSubQueries() {
        let query = DataQuery().expand(
            Customer.salesOrders, withQuery: DataQuery().select(SalesOrderHeader.netAmount).expand(SalesOrderHeader.items))
        XCTAssertEqual(query.expandItems, [ExpandItem(path: "SalesOrders", select: ["NetAmount"], expand: [ExpandItem(path: "Items")])])
        XCTAssertEqual(query.renderedExpandPaths, ["SalesOrders/Items"])
        XCTAssertEqual(query.renderedSelectPaths, ["*", "SalesOrders/NetAmount", "SalesOrders/Items"])
    }

    func testDuplicatePathsAreRenderedOnce() {
        let query = DataQuery().from(TestSets.customers).select(Customer.lastName, Customer.lastName)
            .expand(Customer.salesOrders).expand(Customer.salesOrders)
        XCTAssertEqual(query.relativeURLString, "Customers?$select=LastName,SalesOrders&$expand=SalesOrders")
    }

    func testEmptyQueryAndURLJoining() throws {
        XCTAssertEqual(DataQuery().relativeURLString, "")
        let query = DataQuery().from(TestSets.customers).top(1)
        for root in ["http://127.0.0.1:1/svc", "http://127.0.0.1:1/svc/", "http://127.0.0.1:1/svc//"] {
            XCTAssertEqual(try XCTUnwrap(URL(string: root)).absoluteString.isEmpty, false)
            XCTAssertEqual(
                query.url(relativeTo: try XCTUnwrap(URL(string: root)))?.absoluteString, "http://127.0.0.1:1/svc/Customers?$top=1")
        }
    }

    func testPrecedenceRendering() {
        let a = QueryFilter.property("A")
        let b = QueryFilter.property("B")
        let c = QueryFilter.property("C")
        let one = QueryFilter.literal(.int32(1))
        let cases: [(QueryFilter, String)] = [
            (a.and(b).and(c), "A and B and C"),
            (a.and(b.and(c)), "A and (B and C)"),
            (a.or(b).and(c), "(A or B) and C"),
            (a.and(b).or(c), "A and B or C"),
            (a.or(b.and(c)), "A or B and C"),
            (a.add(b).mul(c), "(A add B) mul C"),
            (a.mul(b).add(c), "A mul B add C"),
            (a.sub(b.sub(c)), "A sub (B sub C)"),
            (a.sub(b).sub(c), "A sub B sub C"),
            (a.div(b.mul(c)), "A div (B mul C)"),
            (a.greaterThan(b).equal(.literal(.boolean(true))), "(A gt B) eq true"),
            (a.add(one).greaterThan(b.mul(one)), "A add 1 gt B mul 1"),
            (a.equal(b.greaterThan(one)), "A eq (B gt 1)"),
            (.not(a.and(b)), "not (A and B)"),
            (.not(.not(a)), "not not A"),
            (.not(.function("f", [a])), "not f(A)"),
            (.negate(.negate(a)), "-(-A)"),
            (.negate(a.mul(b)), "-(A mul B)"),
            (.negate(.literal(.decimal(BigDecimal(-2)))), "-(-2M)"),
            (.negate(.literal(.int32(2))), "-2"),
            (.function("substringof", [.literal(.string("a b")), a.add(b)]), "substringof('a b',A add B)"),
            (.function("isof", [.typeName("N.T'x")]), "isof('N.T''x')"),
        ]
        for (filter, expected) in cases {
            XCTAssertEqual(filter.expressionString, expected)
        }
    }

    func testSwiftOperatorsBuildTheSameTreesAsMethods() {
        XCTAssertEqual(Customer.age == 1, Customer.age.equal(1))
        XCTAssertEqual(Customer.age != 1, Customer.age.notEqual(1))
        XCTAssertEqual(Customer.age < 1, Customer.age.lessThan(1))
        XCTAssertEqual(Customer.age <= 1, Customer.age.lessEqual(1))
        XCTAssertEqual(Customer.age > 1, Customer.age.greaterThan(1))
        XCTAssertEqual(Customer.age >= 1, Customer.age.greaterEqual(1))
        XCTAssertEqual((Customer.age > 1) && (Customer.age < 5), Customer.age.greaterThan(1).and(Customer.age.lessThan(5)))
        XCTAssertEqual((Customer.age > 1) || (Customer.age < 5), Customer.age.greaterThan(1).or(Customer.age.lessThan(5)))
        XCTAssertEqual(!(Customer.age > 1), QueryFilter.not(Customer.age.greaterThan(1)))
        XCTAssertEqual(Customer.lastName.length() == 3, Customer.lastName.length().equal(3))
        XCTAssertEqual(Customer.address.path(Address.city) >= "B", Customer.address.path(Address.city).greaterEqual("B"))
        XCTAssertEqual(TypedFilterExpression<Int>.literal(3).filterExpression, .literal(.int32(3)))
    }

    func testCheckedFunctionInvocation() throws {
        let function = FunctionImportDescriptor(
            name: "F",
            parameters: [
                FunctionParameterDescriptor(name: "id", type: .string, isNullable: false),
                FunctionParameterDescriptor(name: "n", type: .int32),
            ])
        XCTAssertEqual(try DataQuery().invoke(function, checking: ["id": .string("x"), "n": .int32(2)]).relativeURLString, "F?id='x'&n=2")
        XCTAssertEqual(try DataQuery().invoke(function, checking: ["id": .string("x"), "n": nil]).relativeURLString, "F?id='x'")
        XCTAssertThrowsError(try DataQuery().invoke(function, checking: ["id": .int32(1)])) { error in
            XCTAssertEqual((error as? DataModelError)?.message, "parameter id of F is Edm.String, not Edm.Int32")
        }
        XCTAssertThrowsError(try DataQuery().invoke(function, checking: ["n": .int32(1)])) { error in
            XCTAssertEqual((error as? DataModelError)?.message, "parameter id of F needs a value")
        }
        XCTAssertThrowsError(try DataQuery().invoke(function, checking: ["id": .string("x"), "zz": nil]))
    }
}
