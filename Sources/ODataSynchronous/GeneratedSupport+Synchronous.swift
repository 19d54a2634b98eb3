@_spi(Generated) import OData
import ODataMetadata

/// The synchronous forms that generated containers' synchronous methods call under the generator's
/// `sapCompatibility` option (`try service.fetchCustomers()` from a background queue, as SAP code does). They block
/// the calling thread; see `DataService`'s synchronous forms for the deadlock caveat.
extension DataService {
    /// Synchronous `fetchOne(_:matching:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func fetchOne<Entity: EntityProtocol>(
        _ type: Entity.Type, matching query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) throws -> Entity {
        try Blocking.run { try await self.fetchOne(type, matching: query, headers: headers, options: options) }
    }

    /// Synchronous `invokeVoid(_:headers:options:)`.
    @_spi(Generated)
    @available(*, noasync, message: "use the async form in an async context")
    public func invokeVoid(_ query: DataQuery, headers: HTTPHeaders?, options: RequestOptions?) throws {
        try Blocking.run { try await self.invokeVoid(query, headers: headers, options: options) }
    }

    /// Synchronous `invokeValue(_:_:headers:options:)`.
    @_spi(Generated)
    @available(*, noasync, message: "use the async form in an async context")
    public func invokeValue<Value: EdmValueConvertible>(
        _ type: Value.Type, _ query: DataQuery, headers: HTTPHeaders?, options: RequestOptions?
    ) throws -> Value {
        try Blocking.run { try await self.invokeValue(type, query, headers: headers, options: options) }
    }

    /// Synchronous `invokeEntity(_:_:headers:options:)`.
    @_spi(Generated)
    @available(*, noasync, message: "use the async form in an async context")
    public func invokeEntity<Entity: EntityProtocol>(
        _ type: Entity.Type, _ query: DataQuery, headers: HTTPHeaders?, options: RequestOptions?
    ) throws -> Entity {
        try Blocking.run { try await self.invokeEntity(type, query, headers: headers, options: options) }
    }

    /// Synchronous `invokeEntities(_:_:headers:options:)`.
    @_spi(Generated)
    @available(*, noasync, message: "use the async form in an async context")
    public func invokeEntities<Entity: EntityProtocol>(
        _ type: Entity.Type, _ query: DataQuery, headers: HTTPHeaders?, options: RequestOptions?
    ) throws -> [Entity] {
        try Blocking.run { try await self.invokeEntities(type, query, headers: headers, options: options) }
    }

    /// Synchronous `checkMetadata(generatedModel:patches:headers:)`, which generated services' synchronous
    /// `checkMetadata()` calls; blocks the calling thread (see `DataService`'s synchronous forms).
    @available(*, noasync, message: "use the async form in an async context")
    public func checkMetadata(
        generatedModel: String, patches: [MetadataPatchSet] = [], headers: HTTPHeaders = HTTPHeaders()
    ) throws -> MetadataDriftReport {
        try Blocking.run { try await self.checkMetadata(generatedModel: generatedModel, patches: patches, headers: headers) }
    }
}
