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

/// The operations this test does not use: each throws `.unsupportedOperation`.
extension EmptyProvider {
    private func unsupported() -> ODataError { ODataError(.unsupportedOperation, "EmptyProvider answers reads only") }

    func fetchPage(nextLink: String, for query: DataQuery, headers: HTTPHeaders) async throws -> EntityList { throw unsupported() }
    func fetchCount(_ query: DataQuery, headers: HTTPHeaders) async throws -> Int { throw unsupported() }
    func fetchProperty(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders) async throws -> EdmValue {
        throw unsupported()
    }
    func fetchPropertyValue(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders) async throws -> Data {
        throw unsupported()
    }
    func loadProperty(_ navigation: NavigationDescriptor, into entity: inout EntityValue, query: DataQuery, headers: HTTPHeaders)
        async throws
    { throw unsupported() }
    func fetchMetadataDocument(headers: HTTPHeaders) async throws -> Data { throw unsupported() }
    func createEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders) async throws -> EntityValue {
        throw unsupported()
    }
    func createRelatedEntity(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor?,
        headers: HTTPHeaders
    ) async throws -> EntityValue { throw unsupported() }
    func updateEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders, options: RequestOptions)
        async throws -> EntityValue
    { throw unsupported() }
    func deleteEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders, options: RequestOptions)
        async throws
    { throw unsupported() }
    func fetchLinks(from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor?, headers: HTTPHeaders)
        async throws -> LinkList
    { throw unsupported() }
    func addLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor?,
        targetSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws { throw unsupported() }
    func setLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor?,
        targetSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws { throw unsupported() }
    func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue?, entitySet: EntitySetDescriptor?,
        headers: HTTPHeaders
    ) async throws { throw unsupported() }
    func fetchMedia(of entity: EntityValue, entitySet: EntitySetDescriptor?, headers: HTTPHeaders) async throws -> (
        data: Data, contentType: String?
    ) { throw unsupported() }
    func downloadMedia(of entity: EntityValue, to file: URL, entitySet: EntitySetDescriptor?, headers: HTTPHeaders) async throws
        -> String?
    { throw unsupported() }
    func uploadMedia(
        of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws -> String? { throw unsupported() }
    func createMedia(in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String?, headers: HTTPHeaders)
        async throws -> EntityValue
    { throw unsupported() }
    func processBatch(_ batch: RequestBatch, headers: HTTPHeaders) async throws { throw unsupported() }
    func entities(from part: BatchPartResponse, for query: DataQuery) throws -> EntityList { throw unsupported() }
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
