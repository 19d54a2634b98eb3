import Foundation

/// Typed navigation loading, counts, paging, single-property reads and the dynamic `executeQuery` over any
/// provider, in `async throws` and completion-handler forms.
extension DataService {
    /// Loads a navigation property into an entity (`loadProperty(Customer.salesOrders, into: &customer)`).
    public func loadProperty<Entity: EntityProtocol, Target: EntityProtocol>(
        _ property: TypedNavigationProperty<Target>, into entity: inout Entity, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        let loaded = try await provider.send(.loadProperty(property.descriptor, of: entity.entityValue, query: query), headers: headers)
        entity.entityValue = loaded
    }

    /// The number of entities a query addresses (`/$count`).
    public func count(matching query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) -> Int {
        try await provider.send(.fetchCount(query), headers: headers)
    }

    /// Every entity a query addresses, typed, across server-driven pages (one page in memory at a time).
    public func entities<Entity: EntityProtocol>(
        _ type: Entity.Type, matching query: DataQuery, headers: HTTPHeaders = HTTPHeaders()
    ) -> AsyncThrowingMapSequence<PagedEntities, Entity> {
        provider.entities(query, headers: headers).map { Entity(entityValue: $0) }
    }

    /// The pages of a query, following the provider's server-driven next links.
    public func pages(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) -> EntityPages {
        provider.pages(query, headers: headers)
    }

    /// Reads a single property of the entity a query addresses (`Customers('1')/City`).
    public func fetchProperty(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders())
        async throws(ODataError)
        -> EdmValue
    {
        try await provider.send(.fetchProperty(property, of: query), headers: headers)
    }

    /// Reads the raw `$value` of a primitive property of the entity a query addresses.
    public func fetchPropertyValue(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders())
        async throws(ODataError)
        -> Data
    {
        try await provider.send(.fetchPropertyValue(property, of: query), headers: headers)
    }

    /// The service's `$metadata` document, as the provider has it.
    public func fetchMetadataDocument(headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) -> Data {
        try await provider.send(.fetchMetadataDocument, headers: headers)
    }

    /// Reads what the query addresses (SAP's `executeQuery(_:)`) — entities, the entity of a keyed query, a
    /// `$count` or a function import's result — as a `QueryResult` (`Customer.array(from: result.entityList())`).
    public func executeQuery(_ query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil) async throws(ODataError)
        -> QueryResult
    {
        let headers = headers ?? HTTPHeaders()
        let options = options ?? RequestOptions()
        if query.invocation != nil {
            return QueryResult(
                query: query, payload: .function(try await provider.send(.invokeFunction(query, options: options), headers: headers)))
        }
        if query.isCountRequest {
            return QueryResult(query: query, payload: .count(try await provider.send(.fetchCount(query), headers: headers)))
        }
        if query.key != nil, query.navigationSegments.isEmpty {
            return QueryResult(
                query: query, payload: .entity(try await provider.send(.fetchEntity(query, options: options), headers: headers)))
        }
        return QueryResult(
            query: query, payload: .entities(try await provider.send(.fetchEntities(query, options: options), headers: headers)))
    }

}
