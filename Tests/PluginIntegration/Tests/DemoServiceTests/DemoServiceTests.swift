import DemoService
import Foundation
import OData
import XCTest

/// Answers every request with an empty feed and remembers the relative URLs.
final class EmptyProvider: DataServiceProvider, @unchecked Sendable {
    let serviceName = "ODataDemo"
    private let lock = NSLock()
    private var log: [String] = []
    var requests: [String] { lock.withLock { log } }

    private func record(_ method: String, _ query: DataQuery) {
        lock.withLock { log.append(method + " " + query.relativeURLString) }
    }

    func fetchEntities(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> EntityList {
        record("GET", query)
        return EntityList(entities: [])
    }

    func fetchEntity(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> EntityValue {
        record("GET", query)
        return EntityValue(type: query.entitySet!.entityType)
    }

    func invokeFunction(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> FunctionResult {
        record(query.invocation?.function.httpMethod ?? "?", query)
        return .entities([])
    }
}

/// The plugin generated the configured API into this package's DemoService target.
final class DemoServiceTests: XCTestCase {
    func testConfiguredNamesAndTypedCalls() async throws {
        let provider = EmptyProvider()
        let service = DemoService(provider: provider)
        _ = try await service.fetchProducts(matching: DataQuery().filter(Product.rating.greaterThan(3)).top(2))
        _ = try await service.fetchSupplierWithKey(id: 7)
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
