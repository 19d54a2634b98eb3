import Foundation
import OData
import ODataSAPCompatibility
import SAPCompatibleESPM
import XCTest

/// The reference entities of `SAPCompatibleESPM` (`"sapCompatibility": true`) without a server: changes through
/// constants, SAP's object equality, copies, `rememberOld()`/`old` on a constant, and one entity shared by tasks.
/// (The service's in-place updates run against pyslet: `ReferenceEntityPysletTests`.)
final class ReferenceEntityTests: XCTestCase {
    func testAConstantIsChangedAndTheChangeIsRecorded() {
        let item = SalesOrderItem()
        item.quantity = BigDecimal(2)
        item.productID = "HT-1000"
        let alias = item
        XCTAssertEqual(alias.quantity, BigDecimal(2))
        XCTAssertEqual(Set(item.entityValue.changedProperties.map(\.name)), ["Quantity", "ProductId"])
        func rename(_ customer: Customer) { customer.lastName = "Renamed" }
        let customer = Customer()
        rename(customer)
        XCTAssertEqual(customer.lastName, "Renamed", "a parameter changes the caller's object")
        customer.address = Address()
        customer.address?.city = "Walldorf"
        XCTAssertEqual(customer.address?.city, "Walldorf", "a complex property is changed through the constant")
    }

    func testEqualityIsIdentityAndHashingFollowsIt() {
        let first = Customer()
        first.customerID = "C1"
        let twin = Customer(entityValue: first.entityValue)
        XCTAssertNotEqual(first, twin, "two objects are two entities, as SAP's")
        XCTAssertTrue(Customer.equal(first, twin), "SAP's equal(_:_:) compares the values")
        XCTAssertTrue(Customer.equalKeys(first, twin))
        XCTAssertEqual(first.id, twin.id, "Identifiable.id is still the key")
        var set: Set<Customer> = [first, twin]
        first.city = "Changed"
        XCTAssertTrue(set.contains(first), "a changed entity stays findable")
        set.remove(first)
        XCTAssertEqual(set.count, 1)
        twin.customerID = "C2"
        XCTAssertFalse(Customer.equal(first, twin))
        XCTAssertFalse(Customer.equalKeys(first, twin))
    }

    func testCopyIsIndependent() {
        let original = Customer()
        original.firstName = "Ada"
        let copy = original.copy()
        copy.firstName = "Grace"
        XCTAssertEqual(original.firstName, "Ada")
        XCTAssertEqual(copy.firstName, "Grace")
        XCTAssertFalse(copy === original)
    }

    func testRememberOldOnAConstant() {
        let product = Product(entityValue: EntityValue(type: Product.entityType))
        product.name = "Loaded"
        product.rememberOld()
        XCTAssertFalse(product.entityValue.hasChanges)
        product.name = "Renamed"
        XCTAssertEqual(product.old.name, "Loaded")
        XCTAssertEqual(product.name, "Renamed")
        XCTAssertEqual(product.entityValue.changedProperties.map(\.name), ["Name"])
    }

    func testNavigationIsSetThroughAConstant() {
        let customer = Customer()
        let order = SalesOrderHeader()
        order.salesOrderID = "1"
        customer.salesOrders = [order]
        XCTAssertEqual(customer.salesOrders.map(\.salesOrderID), ["1"])
        let item = SalesOrderItem()
        item.header = order
        XCTAssertEqual(item.header?.salesOrderID, "1")
    }

    func testOneEntitySharedByTasksLosesNoWrite() async {
        let customer = Customer()
        let names = (0..<8).map { "street \($0)" }
        await withTaskGroup(of: Void.self) { group in
            for (index, name) in names.enumerated() {
                group.addTask {
                    for round in 0..<500 {
                        customer.street = name
                        customer.houseNumber = "\(index)-\(round)"
                        _ = customer.city
                    }
                }
            }
        }
        XCTAssertTrue(names.contains(customer.street ?? ""))
        XCTAssertTrue(customer.houseNumber?.hasSuffix("-499") ?? false)
        XCTAssertEqual(Set(customer.entityValue.changedProperties.map(\.name)), ["Street", "HouseNumber"])
    }
}
