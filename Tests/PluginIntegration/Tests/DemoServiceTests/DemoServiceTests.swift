import DemoService
import Foundation
import OData
import ODataTestSupport
import XCTest

/// The plugin generated the configured API into this package's DemoService target.
final class DemoServiceTests: XCTestCase {
    func testConfiguredNamesAndTypedCalls() async throws {
        let resources = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil))
        let provider = RecordedProvider(
            [
                "GET Products?$filter=Rating%20gt%203&$top=2": "empty-feed.json",
                "GET Suppliers(7)": "supplier-7.json",
                "GET GetProductsByRating?rating=4": "empty-feed.json",
            ], directory: resources)
        let service = DemoService(provider: provider)
        _ = try await service.fetchProducts(matching: DataQuery().filter(Product.rating.greaterThan(3)).top(2))
        let supplierSeven = try await service.fetchSupplierWithKey(id: 7)
        XCTAssertEqual(supplierSeven.id, 7)
        _ = try await service.productsRated(rating: 4)
        XCTAssertEqual(
            provider.requests,
            [
                "GET Products?$filter=Rating%20gt%203&$top=2",
                "GET Suppliers(7)",
                "GET GetProductsByRating?rating=4",
            ])
        var supplier = Supplier()
        supplier.version = 2
        supplier.address = Address()
        supplier.address?.city = "Redmond"
        XCTAssertEqual(supplier.address?.city, "Redmond")
        XCTAssertEqual(Supplier.version.name, "Concurrency")
        XCTAssertEqual(DemoServiceMetadata.FunctionImports.productsRated.httpMethod, "GET")
    }
}
