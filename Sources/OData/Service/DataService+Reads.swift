import Foundation

/// Typed navigation loading, counts, paging and single-property reads over any provider, in
/// `async throws` and completion-handler forms.
extension DataService {
    /// Loads a navigation property into an entity (`loadProperty(Customer.salesOrders, into: &customer)`).
    public func loadProperty<Entity: EntityProtocol, Target: EntityProtocol>(
        _ property: TypedNavigationProperty<Target>, into entity: inout Entity, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        let loaded = try await provider.send(.loadProperty(property.descriptor, of: entity.entityValue, query: query), headers: headers)
        entity.entityValue = loaded
    }

    /// Completion-handler form of `loadProperty(_:into:query:headers:)`: the handler gets a copy of
    /// `entity` with the navigation property loaded (a completion handler cannot write to an `inout`).
    @discardableResult
    public func loadProperty<Entity: EntityProtocol, Target: EntityProtocol>(
        _ property: TypedNavigationProperty<Target>, into entity: Entity, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @MainActor (Entity?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) {
            var loaded = entity
            try await self.loadProperty(property, into: &loaded, query: query, headers: headers)
            return loaded
        }
    }

    /// The number of entities a query addresses (`/$count`).
    public func count(matching query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) -> Int {
        try await provider.send(.fetchCount(query), headers: headers)
    }

    /// Completion-handler form of `count(matching:headers:)`.
    @discardableResult
    public func count(
        matching query: DataQuery, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @MainActor (Int?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.count(matching: query, headers: headers) }
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
}
