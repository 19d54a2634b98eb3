import Foundation

/// The calls of a data service, one per `DataServiceOperation`, over `perform(_:headers:)`.
extension DataServiceProvider {
    /// Reads one page of a collection (entity set, navigation, or entity-returning function) with the
    /// query's options. Server-driven paging is not followed: `nextLink` of the result is the next page.
    @inlinable
    public func fetchEntities(
        _ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) async throws(ODataError) -> EntityList {
        switch try await perform(.fetchEntities(query, options: options), headers: headers) {
        case .entities(let list): return list
        case let other: throw other.mismatch(for: "fetchEntities", by: serviceName)
        }
    }

    /// Reads the page a server-driven next link (`EntityList.nextLink` of a page of `query`) addresses.
    @inlinable
    public func fetchPage(nextLink: String, for query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError)
        -> EntityList
    {
        switch try await perform(.fetchPage(nextLink: nextLink, query: query), headers: headers) {
        case .entities(let list): return list
        case let other: throw other.mismatch(for: "fetchPage", by: serviceName)
        }
    }

    /// Reads one entity (by key, or a to-one navigation); throws when there is none.
    @inlinable
    public func fetchEntity(
        _ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) async throws(ODataError) -> EntityValue {
        try await entity(.fetchEntity(query, options: options), headers: headers)
    }

    /// The number of entities a query addresses (`/$count`, honouring `$filter`).
    @inlinable
    public func fetchCount(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) -> Int {
        switch try await perform(.fetchCount(query), headers: headers) {
        case .count(let count): return count
        case let other: throw other.mismatch(for: "fetchCount", by: serviceName)
        }
    }

    /// Reads a single property of the addressed entity (`Customers('1')/City`).
    @inlinable
    public func fetchProperty(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders())
        async throws(ODataError) -> EdmValue
    {
        switch try await perform(.fetchProperty(property, of: query), headers: headers) {
        case .value(let value): return value
        case let other: throw other.mismatch(for: "fetchProperty", by: serviceName)
        }
    }

    /// Reads the raw `$value` of a primitive property (`Customers('1')/City/$value`).
    @inlinable
    public func fetchPropertyValue(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders())
        async throws(ODataError) -> Data
    {
        try await data(.fetchPropertyValue(property, of: query), headers: headers).data
    }

    /// Loads a navigation property into an entity: the related entities (to-many) or entity (to-one)
    /// replace the entity's navigation state.
    @inlinable
    public func loadProperty(
        _ navigation: NavigationDescriptor, into entity: inout EntityValue, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        entity = try await self.entity(.loadProperty(navigation, of: entity, query: query), headers: headers)
    }

    /// Invokes a function import (`query.invocation`) and returns its decoded result.
    @inlinable
    public func invokeFunction(
        _ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) async throws(ODataError) -> FunctionResult {
        switch try await perform(.invokeFunction(query, options: options), headers: headers) {
        case .function(let result): return result
        case let other: throw other.mismatch(for: "invokeFunction", by: serviceName)
        }
    }

    /// The service's `$metadata` document.
    @inlinable
    public func fetchMetadataDocument(headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) -> Data {
        try await data(.fetchMetadataDocument, headers: headers).data
    }

    /// The answer of an operation whose answer is `.entity`.
    @inlinable
    func entity(_ operation: DataServiceOperation, headers: HTTPHeaders) async throws(ODataError) -> EntityValue {
        switch try await perform(operation, headers: headers) {
        case .entity(let entity): return entity
        case let other: throw other.mismatch(for: operation.name, by: serviceName)
        }
    }

    /// The answer of an operation whose answer is `.data`.
    @inlinable
    func data(_ operation: DataServiceOperation, headers: HTTPHeaders) async throws(ODataError) -> (data: Data, contentType: String?) {
        switch try await perform(operation, headers: headers) {
        case .data(let data, let contentType): return (data, contentType)
        case let other: throw other.mismatch(for: operation.name, by: serviceName)
        }
    }

    /// Runs an operation whose answer is `.none`.
    @inlinable
    func run(_ operation: DataServiceOperation, headers: HTTPHeaders) async throws(ODataError) {
        switch try await perform(operation, headers: headers) {
        case .none: return
        case let other: throw other.mismatch(for: operation.name, by: serviceName)
        }
    }
}

extension DataServiceResult {
    /// The error for a provider that answered an operation with the wrong result case (a provider's bug).
    @usableFromInline
    func mismatch(for operation: String, by provider: String) -> ODataError {
        ODataError(.invalidValue, "\(provider) answered \(operation) with \(self.caseName), not the result \(operation) has")
    }

    private var caseName: String {
        switch self {
        case .none: ".none"
        case .entities: ".entities"
        case .entity: ".entity"
        case .count: ".count"
        case .value: ".value"
        case .data: ".data"
        case .function: ".function"
        case .links: ".links"
        case .etag: ".etag"
        case .contentType: ".contentType"
        }
    }
}
