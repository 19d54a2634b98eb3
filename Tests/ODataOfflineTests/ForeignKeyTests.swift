import ESPM
import Foundation
import OData
import XCTest

@testable import ODataOffline

/// Relations through referential constraints in the in-process service: navigation follows the foreign key
/// when no relation is stored, and `$links` changes keep the dependent's foreign key in step.
final class ForeignKeyTests: XCTestCase {
    func testNavigationFollowsTheForeignKeyAndLinksKeepItInStep() async throws {
        let provider = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata())
        try await provider.open()
        let service = ESPMContainer(provider: provider)
        let customers = ESPMContainerMetadata.EntitySets.customers
        let orders = ESPMContainerMetadata.EntitySets.salesOrderHeaders
        for id in ["C1", "C2"] {
            _ = try await provider.send(.createEntity(OfflineFixtures.customer(id, first: "F", last: id).entityValue, in: customers))
        }
        for (id, customer) in [("S2", "C1"), ("S1", "C1"), ("S3", "C2")] {
            _ = try await provider.send(
                .createEntity(OfflineFixtures.salesOrder(id, customer: customer, amount: 1).entityValue, in: orders))
        }
        func orderIDs(of customer: String) async throws -> [String?] {
            try await service.fetchSalesOrderHeaders(
                matching: DataQuery().from(customers).withKey(Customer.key(customerID: customer)).navigate(Customer.salesOrders)
            ).map(\.salesOrderID)
        }
        let before = try await orderIDs(of: "C1")
        XCTAssertEqual(before, ["S1", "S2"], "through CustomerId, in key order")
        let s3 = try await service.fetchSalesOrderHeaderWithKey(
            salesOrderID: "S3", query: DataQuery().expand(SalesOrderHeader.customerDetails))
        XCTAssertEqual(s3.customerDetails?.customerID, "C2")

        let s1 = try await service.fetchSalesOrderHeaderWithKey(salesOrderID: "S1")
        let c2 = try await service.fetchCustomerWithKey(customerID: "C2")
        try await provider.send(.setLink(from: s1.entityValue, property: SalesOrderHeader.customerDetails.descriptor, to: c2.entityValue))
        let relinked = try await service.fetchSalesOrderHeaderWithKey(salesOrderID: "S1")
        XCTAssertEqual(relinked.customerID, "C2", "the foreign key follows the link")
        let left = try await orderIDs(of: "C1")
        XCTAssertEqual(left, ["S2"])
        let joined = try await orderIDs(of: "C2")
        XCTAssertEqual(Set(joined), ["S1", "S3"])
        let moved = try await service.fetchSalesOrderHeaders(matching: DataQuery().filter(SalesOrderHeader.customerID.equal("C2")))
        XCTAssertEqual(moved.map(\.salesOrderID), ["S1", "S3"], "and SQL filters see it")
    }
}
