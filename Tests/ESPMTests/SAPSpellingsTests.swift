import ESPM
import Foundation
import OData
import ODataSAPCompatibility
import XCTest

/// SAP's spellings of values, queries, lookups and errors (`import ODataSAPCompatibility`) give the same results
/// as the runtime's own names. (Moved here from ODataTests with the spellings, which left the `OData` module.)
final class SAPSpellingsTests: XCTestCase {
    func testBigDecimalAsSAPSpellsIt() throws {
        let price = BigDecimal.fromDouble(9.99)  // SAP's shape: non-optional (traps for NaN, where BigDecimal(_:) is nil)
        XCTAssertEqual(price.toString(), "9.99")
        XCTAssertNil(BigDecimal(Double.nan))
        XCTAssertEqual(BigDecimal.fromInt(3).toString(), "3")
        XCTAssertEqual(BigDecimal.fromLong(-7).toString(), "-7")
        let parsed = try XCTUnwrap(BigDecimal.parse("1.50"))
        XCTAssertNil(BigDecimal.parse("1.5.0"))
        XCTAssertEqual(price.add(parsed).toString(), "11.49")
        XCTAssertEqual(price.subtract(parsed).toString(), "8.49")
        XCTAssertEqual(BigDecimal.fromInt(2).multiply(parsed).toString(), "3.00")
        XCTAssertEqual(try BigDecimal.fromInt(1).divide(BigDecimal.fromInt(4)), try XCTUnwrap(BigDecimal.parse("0.25")))
        XCTAssertThrowsError(try BigDecimal.fromInt(1).divide(BigDecimal.fromInt(0))) { error in
            XCTAssertEqual((error as? ODataValueError)?.reason, "division by zero")
        }
    }

    func testDatesAndGuidsAsSAPSpellsThem() throws {
        let birthday = LocalDateTime.of(year: 1815, month: 12, day: 10, hour: 8)  // SAP's shape: non-optional
        XCTAssertEqual(birthday.toString(), "1815-12-10T08:00:00")
        XCTAssertNil(LocalDateTime(year: 2023, month: 2, day: 29))
        XCTAssertEqual(LocalDateTime.parse("1815-12-10T08:00:00"), birthday)
        XCTAssertNil(LocalDateTime.parse("yesterday"))
        let before = LocalDateTime(utc: Date())!
        XCTAssertGreaterThanOrEqual(LocalDateTime.now(), before)
        let instant = try XCTUnwrap(GlobalDateTime.parse("2024-01-02T03:04:05+01:00"))
        XCTAssertEqual(instant.offsetMinutes, 60)
        XCTAssertEqual(instant.toString(), "2024-01-02T03:04:05+01:00")
        XCTAssertEqual(GlobalDateTime.of(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5, offset: 60), instant)
        XCTAssertEqual(GlobalDateTime.now().offsetMinutes, 0)
        let guid = GuidValue.random()
        XCTAssertTrue(GuidValue.parse(guid.toString().uppercased())?.equal(guid) ?? false)
        XCTAssertTrue(GuidValue.equal(x: guid, y: GuidValue.parse(guid.toString())))
        XCTAssertTrue(GuidValue.equal(x: nil, y: nil))
        XCTAssertFalse(GuidValue.equal(x: guid, y: nil))
        XCTAssertNil(GuidValue.parse("not-a-guid") as GuidValue?)
        XCTAssertEqual(GuidValue.literal("00000000-0000-0000-0000-00000000000A").toString(), "00000000-0000-0000-0000-00000000000a")
    }

    func testQueriesAsSAPSpellsThem() {
        let customers = ESPMContainerMetadata.EntitySets.customers
        XCTAssertEqual(customers.localName, "Customers")
        XCTAssertEqual(Customer.entityType.localName, "Customer")
        let query = DataQuery().selectKey().where(Customer.lastName.equal("Lovelace").not()).page(20).from(customers)
        XCTAssertEqual(query.relativeURLString, "Customers?$filter=not%20(LastName%20eq%20'Lovelace')&$select=CustomerId&$top=20")
        XCTAssertEqual(DataQuery().selectKey().relativeURLString, "?$select=*")
        let searched = DataQuery().from(customers).search(
            SearchTerm.word("red").and(SearchTerm.phrase("big bike")).or(SearchTerm("x").not()))
        XCTAssertEqual(searched.customOptions.first?.value, #"red AND "big bike" OR NOT x"#)
        XCTAssertTrue(DataQuery().inlineCount(true).includesInlineCount)
        XCTAssertFalse(DataQuery().inlineCount().inlineCount(false).includesInlineCount)
    }

    func testDynamicLookupsAndDefaultsAsSAPSpellsThem() throws {
        let type = Customer.entityType
        let key = type.property(withName: "CustomerId")  // SAP's shape: non-throwing (traps when missing)
        XCTAssertEqual(key.name, "CustomerId")
        XCTAssertFalse(key.isOptional)
        XCTAssertEqual(key.defaultValue, .string(""))
        XCTAssertEqual(key.defaultValue?.toString(), "")
        XCTAssertTrue(type.property(withName: "FirstName").isOptional)
        XCTAssertNil(type.property(withName: "FirstName").defaultValue, "a nullable property has no default value")
        XCTAssertNil(type.property(named: "FirstNam"), "the runtime's own lookup of a missing property")
        var customer = Customer(withDefaults: true)
        XCTAssertEqual(customer.entityValue[key], .string(""))
        XCTAssertTrue(customer.isNew)
        XCTAssertNil(Customer(withDefaults: false).entityValue[key])
        customer.firstName = "Ada"
        customer.rememberOld()
        customer.firstName = "Augusta"
        XCTAssertEqual(customer.old.firstName, "Ada")
        XCTAssertEqual(customer.entityValue.changedProperties.map(\.name), ["FirstName"])
        customer.entityValue.metadata.etag = "W/\"1\""
        XCTAssertFalse(customer.isNew)
    }

    func testErrorsAsSAPCodeCatchesThem() {
        let body = ODataErrorBody.parse(
            Data(#"{"error":{"code":"SY/530","message":{"value":"Not found"}}}"#.utf8), contentType: "application/json")
        let failure: any Error = ODataError(.httpStatus, "GET Customers answered 404", statusCode: 404, serviceError: body)
        do {
            throw failure
        } catch let error as DataServiceError {
            XCTAssertEqual(error.status, 404)
            XCTAssertEqual(error.response?.code, "SY/530")
            XCTAssertEqual(error.response?.message, "Not found")
            XCTAssertFalse(error.isNetworkError)
        } catch {
            XCTFail("not caught as DataServiceError: \(error)")
        }
        let network: DataNetworkError = ODataError(.timeout, "no answer")
        XCTAssertTrue(network.isNetworkError)
        XCTAssertEqual(network.status, 0)
        XCTAssertNil(network.response)
    }
}
