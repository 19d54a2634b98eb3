import Foundation
import XCTest

@testable import OData

final class DataQueryURLTests: XCTestCase {
    private let base = DataQuery().from(TestSets.customers)
    private let orders = DataQuery().from(TestSets.salesOrders)
    private let dob = LocalDateTime(year: 1990, month: 5, day: 17, hour: 8, minute: 30)!
    private let guid = GuidValue(string: "c0ffee00-0000-4000-8000-0000000000ab")!

    private var table: [(DataQuery, String, UInt)] {
        [
            // Resource paths
            (base, "Customers", #line),
            (base.withKey(EntityKey(["CustomerId": .string("1")])), "Customers('1')", #line),
            (base.withKey(Customer.customerID, "O'Brien"), "Customers('O''Brien')", #line),
            (base.withKey(Customer.customerID, "a/b c&d"), "Customers('a%2Fb%20c%26d')", #line),
            (base.withKey(Customer.customerID, "Zoë"), "Customers('Zo%C3%AB')", #line),
            (
                DataQuery().from(TestSets.items).withKey(["SalesOrderId": .string("5"), "ItemNumber": .int32(10)]),
                "SalesOrderItems(SalesOrderId='5',ItemNumber=10)", #line
            ),
            (DataQuery().from(TestSets.products).withKey(["ProductId": .int64(64)]), "Products(64L)", #line),
            (
                DataQuery().from(TestSets.products).withKey(["ProductId": .guid(guid)]),
                "Products(guid'c0ffee00-0000-4000-8000-0000000000ab')", #line
            ),
            (
                DataQuery().from(TestSets.products).withKey(["ProductId": .dateTime(dob)]),
                "Products(datetime'1990-05-17T08:30:00')", #line
            ),
            (base.withKey(Customer.customerID, "1").navigate(Customer.salesOrders), "Customers('1')/SalesOrders", #line),
            (
                base.withKey(Customer.customerID, "1").navigate(Customer.salesOrders).withKey(SalesOrderHeader.salesOrderID, "5"),
                "Customers('1')/SalesOrders('5')", #line
            ),
            (
                base.withKey(Customer.customerID, "1").navigate(Customer.salesOrders).withKey(SalesOrderHeader.salesOrderID, "5")
                    .navigate(SalesOrderHeader.items), "Customers('1')/SalesOrders('5')/Items", #line
            ),
            (base.count(), "Customers/$count", #line),
            (base.withKey(Customer.customerID, "1").navigate(Customer.salesOrders).count(), "Customers('1')/SalesOrders/$count", #line),
            (base.filter(Customer.age > 30).count(), "Customers/$count?$filter=Age%20gt%2030", #line),
            // System query options
            (base.top(5), "Customers?$top=5", #line),
            (base.skip(10), "Customers?$skip=10", #line),
            (base.top(5).skip(10), "Customers?$skip=10&$top=5", #line),
            (base.page(skip: 20, top: 10), "Customers?$skip=20&$top=10", #line),
            (base.inlineCount(), "Customers?$inlinecount=allpages", #line),
            (base.inlineCount().top(1), "Customers?$top=1&$inlinecount=allpages", #line),
            (base.select(Customer.firstName), "Customers?$select=FirstName", #line),
            (base.select(Customer.firstName, Customer.lastName), "Customers?$select=FirstName,LastName", #line),
            (base.selectAll(), "Customers?$select=*", #line),
            (base.select(Customer.address.path(Address.city)), "Customers?$select=Address/City", #line),
            (base.expand(Customer.salesOrders), "Customers?$expand=SalesOrders", #line),
            (base.expand(Customer.salesOrders.path(SalesOrderHeader.items)), "Customers?$expand=SalesOrders/Items", #line),
            (
                base.expand(Customer.salesOrders, withQuery: DataQuery().expand(SalesOrderHeader.items)),
                "Customers?$expand=SalesOrders/Items", #line
            ),
            (
                base.expand(Customer.salesOrders, withQuery: DataQuery().select(SalesOrderHeader.netAmount)),
                "Customers?$select=*,SalesOrders/NetAmount&$expand=SalesOrders", #line
            ),
            (
                base.expand(
                    Customer.salesOrders,
                    withQuery: DataQuery().select(SalesOrderHeader.netAmount).expand(SalesOrderHeader.items)),
                "Customers?$select=*,SalesOrders/NetAmount,SalesOrders/Items&$expand=SalesOrders/Items", #line
            ),
            (
                base.select(Customer.firstName).expand(
                    Customer.salesOrders,
                    withQuery: DataQuery().select(SalesOrderHeader.netAmount).expand(
                        SalesOrderHeader.items, withQuery: DataQuery().select(SalesOrderItem.quantity))),
                "Customers?$select=FirstName,SalesOrders/NetAmount,SalesOrders/Items/Quantity&$expand=SalesOrders/Items", #line
            ),
            (
                base.select(Customer.firstName).expand(Customer.salesOrders),
                "Customers?$select=FirstName,SalesOrders&$expand=SalesOrders", #line
            ),
            (
                orders.expand(SalesOrderHeader.items, SalesOrderHeader.customerDetails),
                "SalesOrderHeaders?$expand=Items,CustomerDetails", #line
            ),
            (
                orders.expand(SalesOrderHeader.items.path(SalesOrderItem.productDetails), SalesOrderHeader.customerDetails),
                "SalesOrderHeaders?$expand=Items/ProductDetails,CustomerDetails", #line
            ),
            (base.orderBy(Customer.lastName), "Customers?$orderby=LastName", #line),
            (base.orderBy(Customer.lastName, .descending), "Customers?$orderby=LastName%20desc", #line),
            (base.orderBy(Customer.lastName).thenBy(Customer.age, .descending), "Customers?$orderby=LastName,Age%20desc", #line),
            (base.orderBy(Customer.address.path(Address.city)), "Customers?$orderby=Address/City", #line),
            (
                orders.filter(SalesOrderHeader.customerDetails.path(Customer.lastName).equal("Lovelace")),
                "SalesOrderHeaders?$filter=CustomerDetails/LastName%20eq%20'Lovelace'", #line
            ),
            // Filters: comparisons and literals of every type
            (base.filter(Customer.firstName == "Anna"), "Customers?$filter=FirstName%20eq%20'Anna'", #line),
            (base.filter(Customer.lastName.equal("O'Brien")), "Customers?$filter=LastName%20eq%20'O''Brien'", #line),
            (
                base.filter(Customer.lastName == "a&b=c?d#e+f%g/h;i"),
                "Customers?$filter=LastName%20eq%20'a%26b%3Dc%3Fd%23e%2Bf%25g%2Fh%3Bi'", #line
            ),
            (base.filter(Customer.lastName == "Müller"), "Customers?$filter=LastName%20eq%20'M%C3%BCller'", #line),
            (base.filter(Customer.lastName == "日本"), "Customers?$filter=LastName%20eq%20'%E6%97%A5%E6%9C%AC'", #line),
            (base.filter(Customer.lastName.equal(nil)), "Customers?$filter=LastName%20eq%20null", #line),
            (base.filter(Customer.lastName.isNotNull()), "Customers?$filter=LastName%20ne%20null", #line),
            (base.filter(Customer.age != 3), "Customers?$filter=Age%20ne%203", #line),
            (base.filter(Customer.age >= -3), "Customers?$filter=Age%20ge%20-3", #line),
            (base.filter(Customer.age < 3), "Customers?$filter=Age%20lt%203", #line),
            (base.filter(Customer.age <= 3), "Customers?$filter=Age%20le%203", #line),
            (base.filter(Customer.visits > 64), "Customers?$filter=Visits%20gt%2064L", #line),
            (
                base.filter(Customer.balance >= BigDecimal(significand: 1250, scale: 2)),
                "Customers?$filter=Balance%20ge%2012.50M", #line
            ),
            (base.filter(Customer.score < 1.5), "Customers?$filter=Score%20lt%201.5D", #line),
            (base.filter(Customer.score < 1e20), "Customers?$filter=Score%20lt%201E%2B20D", #line),
            (base.filter(Customer.active == true), "Customers?$filter=Active%20eq%20true", #line),
            (base.filter(Customer.dateOfBirth < dob), "Customers?$filter=DateOfBirth%20lt%20datetime'1990-05-17T08:30:00'", #line),
            (
                base.filter(Customer.updated > GlobalDateTime(year: 2024, month: 1, day: 2, hour: 3, offsetMinutes: 60)!),
                "Customers?$filter=Updated%20gt%20datetimeoffset'2024-01-02T03:00:00%2B01:00'", #line
            ),
            (base.filter(Customer.guid == guid), "Customers?$filter=Guid%20eq%20guid'c0ffee00-0000-4000-8000-0000000000ab'", #line),
            (
                base.filter(Customer.opensAt == LocalTime(hour: 10, minute: 30, second: 0)!),
                "Customers?$filter=OpensAt%20eq%20time'PT10H30M00S'", #line
            ),
            (DataQuery().from(TestSets.products).filter(Product.weight > 2.5), "Products?$filter=Weight%20gt%202.5f", #line),
            (base.filter(Customer.firstName.equal(Customer.lastName)), "Customers?$filter=FirstName%20eq%20LastName", #line),
            (
                base.filter(Customer.address.path(Address.city) == "Berlin"),
                "Customers?$filter=Address/City%20eq%20'Berlin'", #line
            ),
            // Logical operators and parenthesization
            (
                base.filter(Customer.firstName.contains("x").or(Customer.lastName.contains("x"))),
                "Customers?$filter=substringof('x',FirstName)%20or%20substringof('x',LastName)", #line
            ),
            (
                base.filter((Customer.age > 1 || Customer.age < 0) && Customer.active == true),
                "Customers?$filter=(Age%20gt%201%20or%20Age%20lt%200)%20and%20Active%20eq%20true", #line
            ),
            (
                base.filter(Customer.age > 1 || Customer.age < 0 && Customer.active == true),
                "Customers?$filter=Age%20gt%201%20or%20Age%20lt%200%20and%20Active%20eq%20true", #line
            ),
            (base.filter(!(Customer.age > 1)), "Customers?$filter=not%20(Age%20gt%201)", #line),
            (base.filter(!Customer.firstName.startsWith("A")), "Customers?$filter=not%20startswith(FirstName,'A')", #line),
            (base.filter(Customer.age > 1).filter(Customer.age < 9), "Customers?$filter=Age%20gt%201%20and%20Age%20lt%209", #line),
            (base.filter(Customer.age.add(1).mul(2) > 10), "Customers?$filter=(Age%20add%201)%20mul%202%20gt%2010", #line),
            (base.filter(Customer.age.mul(2).add(1) > 10), "Customers?$filter=Age%20mul%202%20add%201%20gt%2010", #line),
            (base.filter(Customer.age.sub(Customer.age.sub(1)) == 1), "Customers?$filter=Age%20sub%20(Age%20sub%201)%20eq%201", #line),
            (base.filter(Customer.age.div(2).mod(3) == 0), "Customers?$filter=Age%20div%202%20mod%203%20eq%200", #line),
            (base.filter(Customer.age.negated() == -1), "Customers?$filter=-Age%20eq%20-1", #line),
            (base.filter(Customer.age.add(1).negated() == 1), "Customers?$filter=-(Age%20add%201)%20eq%201", #line),
            (
                base.filter(QueryFilter.negate(.literal(.int32(-1))).equal(.literal(.int32(1)))),
                "Customers?$filter=-(-1)%20eq%201", #line
            ),
            // Functions
            (base.filter(Customer.lastName.endsWith("son")), "Customers?$filter=endswith(LastName,'son')", #line),
            (base.filter(Customer.lastName.length() > 5), "Customers?$filter=length(LastName)%20gt%205", #line),
            (base.filter(Customer.lastName.indexOf("a") == 1), "Customers?$filter=indexof(LastName,'a')%20eq%201", #line),
            (
                base.filter(Customer.lastName.replace(" ", with: "") == "ab"),
                "Customers?$filter=replace(LastName,'%20','')%20eq%20'ab'", #line
            ),
            (base.filter(Customer.lastName.substring(from: 1) == "b"), "Customers?$filter=substring(LastName,1)%20eq%20'b'", #line),
            (
                base.filter(Customer.lastName.substring(from: 1, length: 2) == "bc"),
                "Customers?$filter=substring(LastName,1,2)%20eq%20'bc'", #line
            ),
            (base.filter(Customer.lastName.toLower() == "x"), "Customers?$filter=tolower(LastName)%20eq%20'x'", #line),
            (base.filter(Customer.lastName.toUpper().startsWith("X")), "Customers?$filter=startswith(toupper(LastName),'X')", #line),
            (base.filter(Customer.lastName.trim() == "x"), "Customers?$filter=trim(LastName)%20eq%20'x'", #line),
            (
                base.filter(Customer.firstName.concat(" ").concat(Customer.lastName) == "A B"),
                "Customers?$filter=concat(concat(FirstName,'%20'),LastName)%20eq%20'A%20B'", #line
            ),
            (base.filter(Customer.dateOfBirth.year() == 1990), "Customers?$filter=year(DateOfBirth)%20eq%201990", #line),
            (
                base.filter(Customer.dateOfBirth.month() == 5 && Customer.dateOfBirth.day() == 17),
                "Customers?$filter=month(DateOfBirth)%20eq%205%20and%20day(DateOfBirth)%20eq%2017", #line
            ),
            (base.filter(Customer.updated.hour() == 1), "Customers?$filter=hour(Updated)%20eq%201", #line),
            (base.filter(Customer.opensAt.minute() == 30), "Customers?$filter=minute(OpensAt)%20eq%2030", #line),
            (base.filter(Customer.dateOfBirth.second() == 0), "Customers?$filter=second(DateOfBirth)%20eq%200", #line),
            (base.filter(Customer.score.round() == 2), "Customers?$filter=round(Score)%20eq%202.0D", #line),
            (base.filter(Customer.balance.floor() == BigDecimal(2)), "Customers?$filter=floor(Balance)%20eq%202M", #line),
            (base.filter(Customer.balance.ceiling() > BigDecimal(2)), "Customers?$filter=ceiling(Balance)%20gt%202M", #line),
            (base.filter(.isOf("ESPM.Customer")), "Customers?$filter=isof('ESPM.Customer')", #line),
            (base.filter(Customer.address.isOf("ESPM.Address")), "Customers?$filter=isof(Address,'ESPM.Address')", #line),
            (
                base.filter(Customer.age.cast(to: .int64, as: Int64.self) == 5),
                "Customers?$filter=cast(Age,'Edm.Int64')%20eq%205L", #line
            ),
            // Dynamic filters without generated code
            (base.filter(QueryFilter.property("Age").greaterThan(.literal(.int32(3)))), "Customers?$filter=Age%20gt%203", #line),
            (
                base.filter(Customer.entityType.property(named: "LastName")!.equal(.string("x"))!),
                "Customers?$filter=LastName%20eq%20'x'", #line
            ),
            (
                base.filter(QueryFilter.call("startswith", .property("LastName"), .literal(.string("M")))),
                "Customers?$filter=startswith(LastName,'M')", #line
            ),
            // Custom options
            (base.custom("sap-client", "100"), "Customers?sap-client=100", #line),
            (base.search("coffee & tea"), "Customers?search=coffee%20%26%20tea", #line),
            (
                base.top(2).custom("sap-client", "100").custom("sap-language", "EN"),
                "Customers?$top=2&sap-client=100&sap-language=EN", #line
            ),
            (base.custom("x", "a=b#c"), "Customers?x=a%3Db%23c", #line),
            // Function imports
            (
                DataQuery().invoke(TestSets.updateStatus, parameters: ["id": .string("500000001"), "newStatus": .string("P")]),
                "UpdateSalesOrderStatus?id='500000001'&newStatus='P'", #line
            ),
            (
                DataQuery().invoke(TestSets.updateStatus, parameters: ["id": .string("1"), "newStatus": nil]),
                "UpdateSalesOrderStatus?id='1'", #line
            ),
            (
                DataQuery().invoke(TestSets.productsByRating, parameters: ["rating": .int32(4)]).top(3).orderBy(Product.name),
                "GetProductsByRating?rating=4&$orderby=Name&$top=3", #line
            ),
            (
                DataQuery().invoke(
                    TestSets.atTime,
                    parameters: [
                        "when": .dateTime(dob), "limit": .decimal(BigDecimal(significand: -15, scale: 1)),
                        "id": .guid(guid),
                    ]),
                "OrdersAt?when=datetime'1990-05-17T08:30:00'&limit=-1.5M&id=guid'c0ffee00-0000-4000-8000-0000000000ab'", #line
            ),
            (
                DataQuery().invoke(TestSets.updateStatus, parameters: ["id": .string("a b"), "newStatus": .string("'")])
                    .custom("sap-client", "001"),
                "UpdateSalesOrderStatus?id='a%20b'&newStatus=''''&sap-client=001", #line
            ),
            // Everything at once, in the fixed order
            (
                base.custom("sap-client", "100").inlineCount().top(10).skip(20).orderBy(Customer.lastName).expand(Customer.salesOrders)
                    .select(Customer.lastName).filter(Customer.age > 18),
                "Customers?$filter=Age%20gt%2018&$select=LastName,SalesOrders&$expand=SalesOrders&$orderby=LastName&$skip=20&$top=10&$inlinecount=allpages&sap-client=100",
                #line
            ),
        ]
    }

    func testURLTable() {
        let cases = table
        XCTAssertGreaterThanOrEqual(cases.count, 60)
        for (query, expected, line) in cases {
            XCTAssertEqual(query.relativeURLString, expected, line: line)
        }
    }

    func testQueryOptionsAgreeWithTheQueryString() {
        for (query, _, line) in table {
            XCTAssertEqual(query.queryOptions.map { $0.name + "=" + $0.value }.joined(separator: "&"), query.queryString, line: line)
            let rebuilt = query.queryString.isEmpty ? query.resourcePath : query.resourcePath + "?" + query.queryString
            XCTAssertEqual(rebuilt, query.relativeURLString, line: line)
        }
    }

    func testRenderedURLsAreAcceptedByFoundation() throws {
        let root = try XCTUnwrap(URL(string: "http://127.0.0.1:8080/sap/opu/odata/IWBEP/ESPM/"))
        for (query, expected, line) in table {
            let url = try XCTUnwrap(query.url(relativeTo: root), line: line)
            XCTAssertEqual(url.absoluteString, "http://127.0.0.1:8080/sap/opu/odata/IWBEP/ESPM/" + expected, line: line)
        }
    }

    func testFilterExpressionStringIsReadable() {
        let filter = Customer.firstName.contains("O'B").or(Customer.age.add(1) >= 30)
        XCTAssertEqual(filter.expressionString, "substringof('O''B',FirstName) or Age add 1 ge 30")
        XCTAssertEqual(filter.description, filter.expressionString)
    }

    func testKeyPredicates() {
        XCTAssertEqual(EntityKey(["A": .int32(1)]).predicate, "(1)")
        XCTAssertEqual(EntityKey(["A": .int32(1), "B": .string("x y")]).predicate, "(A=1,B='x%20y')")
    }

    func testDynamicLiteralParsingUsesThePropertyType() throws {
        let age = try XCTUnwrap(Customer.entityType.property(named: "Age"))
        XCTAssertEqual(try age.literal(parsing: "42"), .literal(.int32(42)))
        XCTAssertThrowsError(try age.literal(parsing: "'x'"))
        XCTAssertNil(age.equal(.string("x")))
        let address = try XCTUnwrap(Customer.entityType.property(named: "Address"))
        XCTAssertThrowsError(try address.literal(parsing: "1"))
    }
}
