import OData

/// SAP's loads into an entity held as a constant, for reference entities (`sapCompatibility`): the loaded
/// values land in the object itself, which every reference sees. Struct entities use the `inout` forms
/// (`loadEntity(&product)`), since a constant struct cannot change.
extension DataService {
    /// SAP's `loadEntity(_:)` on a constant: reads the entity again by its key (and the query's `select`/
    /// `expand`) and stores the server's version in this object.
    public func loadEntity<Entity: ReferenceEntity>(
        _ entity: Entity, query: DataQuery? = nil, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) async throws(ODataError) {
        var object = entity
        try await loadEntity(&object, query: query, headers: headers, options: options)
    }

    /// SAP's `loadProperty(_:into:)` on a constant: loads a navigation property into this object
    /// (`try await service.loadProperty(Customer.salesOrders, into: customer)`).
    public func loadProperty<Entity: ReferenceEntity, Target: EntityProtocol>(
        _ property: TypedNavigationProperty<Target>, into entity: Entity, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        var object = entity
        try await loadProperty(property, into: &object, query: query, headers: headers)
    }
}
