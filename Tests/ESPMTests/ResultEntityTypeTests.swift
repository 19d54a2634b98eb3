import ESPM
import OData
import XCTest

/// `DataQuery.resultEntityType()`, the one lookup every provider uses to decode a read's result.
final class ResultEntityTypeTests: XCTestCase {
    func testFollowsTheSetThroughItsNavigationSegments() throws {
        let customers = DataQuery().from(ESPMContainerMetadata.EntitySets.customers)
        XCTAssertEqual(try customers.resultEntityType().name, "Customer")
        let orders = customers.withKey(Customer.customerID, "C000001").navigate(Customer.salesOrders)
        XCTAssertEqual(try orders.resultEntityType().name, "SalesOrderHeader", "the navigation's target, not the set's type")
    }

    func testAnUnknownSegmentOrNoSetIsAnInvalidRequest() {
        var query = DataQuery().from(ESPMContainerMetadata.EntitySets.customers)
        query.navigationPath = ["NoSuchNavigation"]
        XCTAssertThrowsError(try query.resultEntityType()) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .invalidRequest)
            XCTAssertTrue("\(error)".contains("NoSuchNavigation"), "\(error)")
        }
        XCTAssertThrowsError(try DataQuery().resultEntityType()) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .invalidRequest)
        }
    }
}
