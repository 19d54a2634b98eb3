import ESPM
import Foundation
import OData
import ODataTestSupport
import XCTest

/// The generated ESPM container over the real `OnlineODataProvider`, with a transport that replays
/// recorded payloads: the exact URLs the whole stack sends and the values it decodes.
final class OnlineProviderTests: XCTestCase {
    private let root = "http://127.0.0.1:35945/ESPM.svc"

    func testSeedCallsThroughTheOnlineProvider() async throws {
        let transport = RecordedTransport(
            [
                "GET \(root)/Customers?$expand=SalesOrders&$top=3": "customers_expand_top3.json",
                "GET \(root)/Customers('C000001')?$expand=SalesOrders": "customer_C000001_expand.json",
                "GET \(root)/Products?$top=5": "products_top5.json",
            ], directory: payloadDirectory)
        let url = try XCTUnwrap(URL(string: root + "/"))
        let service = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: url, transport: transport))
        let customers = try await service.fetchCustomers(matching: DataQuery().expand(Customer.salesOrders).top(3))
        let customer = try await service.fetchCustomerWithKey(customerID: "C000001", query: DataQuery().expand(Customer.salesOrders))
        let products = try await service.fetchProducts(matching: DataQuery().top(5))
        XCTAssertEqual(
            transport.requests,
            [
                "GET \(root)/Customers?$expand=SalesOrders&$top=3",
                "GET \(root)/Customers('C000001')?$expand=SalesOrders",
                "GET \(root)/Products?$top=5",
            ])
        XCTAssertEqual(customers.map(\.lastName), ["Müller", "Brown", "Iyer"])
        XCTAssertEqual(customers.first?.salesOrders.count, 3)
        XCTAssertEqual(customer.salesOrders.map { $0.netAmount?.doubleValue() }, [66581.44, 50048.982, 39913.488].map { Optional($0) })
        XCTAssertEqual(products.map(\.productID).first, "HT-1000")
    }
}
