import Foundation
@_spi(Generated) import OData

/// SAP's synchronous forms of `DataService`'s calls (`import ODataSAPCompatibility`, README "Porting from SAPOData"):
/// the same calls as the async ones, blocking the calling thread. Deadlock caveat: never call one on the main
/// thread when the work needs it (a `@MainActor` completion, UI), nor from a task on the cooperative pool (the forms
/// are `@available(*, noasync)`, so an `async` function uses the async form). Each goes through one generic adapter.
extension DataService {
    /// Synchronous `executeQuery(_:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func executeQuery(_ query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil) throws -> QueryResult {
        try Blocking.run { try await self.executeQuery(query, headers: headers, options: options) }
    }

    /// Synchronous `fetch(_:matching:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func fetch<Entity: EntityProtocol>(
        _ type: Entity.Type, matching query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) throws -> [Entity] {
        try Blocking.run { try await self.fetch(type, matching: query, headers: headers, options: options) }
    }

    /// Synchronous `createEntity(_:headers:)` (the set taken from the entity's type).
    @available(*, noasync, message: "use the async form in an async context")
    @discardableResult
    public func createEntity<Entity: EntityProtocol>(_ entity: Entity, headers: HTTPHeaders = HTTPHeaders()) throws -> Entity {
        try Blocking.run { try await self.createEntity(entity, headers: headers) }
    }

    /// Synchronous `updateEntity(_:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    @discardableResult
    public func updateEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) throws -> Entity {
        try Blocking.run { try await self.updateEntity(entity, headers: headers, options: options) }
    }

    /// Synchronous `createRelatedEntity(_:in:property:headers:)`: creates `entity` related to `parent` through a
    /// navigation property and returns the server's version (for a reference entity, the same object, updated).
    @available(*, noasync, message: "use the async form in an async context")
    @discardableResult
    public func createRelatedEntity<Parent: EntityProtocol, Entity: EntityProtocol>(
        _ entity: Entity, in parent: Parent, property: TypedNavigationProperty<Entity>, headers: HTTPHeaders? = nil
    ) throws -> Entity {
        try Blocking.run {
            try await self.createRelatedEntity(entity, in: parent, property: property, headers: headers ?? HTTPHeaders())
        }
    }

    /// Synchronous `deleteEntity(_:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func deleteEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) throws {
        try Blocking.run { try await self.deleteEntity(entity, headers: headers, options: options) }
    }

    /// Synchronous `loadProperty(_:into:query:headers:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func loadProperty<Entity: EntityProtocol, Target: EntityProtocol>(
        _ property: TypedNavigationProperty<Target>, into entity: inout Entity, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders()
    ) throws {
        let start = entity
        entity = try Blocking.run {
            var loaded = start
            try await self.loadProperty(property, into: &loaded, query: query, headers: headers)
            return loaded
        }
    }

    /// Synchronous `loadEntity(_:query:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func loadEntity<Entity: EntityProtocol>(
        _ entity: inout Entity, query: DataQuery? = nil, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) throws {
        let start = entity
        // the state, not the object: a reference entity is updated in place, as SAP's is
        entity.entityValue = try Blocking.run { try await self.loaded(start, query: query, headers: headers, options: options) }.entityValue
    }

    /// Synchronous `invoke(_:headers:options:)` (function imports).
    @available(*, noasync, message: "use the async form in an async context")
    public func invoke(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()) throws
        -> FunctionResult
    {
        try Blocking.run { try await self.invoke(query, headers: headers, options: options) }
    }

    /// Synchronous `count(matching:headers:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func count(matching query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) throws -> Int {
        try Blocking.run { try await self.count(matching: query, headers: headers) }
    }

    /// Synchronous `processBatch(_:headers:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func processBatch(_ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders()) throws {
        try Blocking.run { try await self.processBatch(batch, headers: headers) }
    }

    /// Synchronous `applyChanges(_:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func applyChanges(_ changes: ChangeSet, headers: HTTPHeaders? = nil, options: RequestOptions? = nil) throws {
        try Blocking.run { try await self.applyChanges(changes, headers: headers, options: options) }
    }

    /// Synchronous `downloadMedia(entity:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func downloadMedia<Entity: EntityProtocol>(entity: Entity, headers: HTTPHeaders? = nil, options: RequestOptions? = nil) throws
        -> Data
    {
        try Blocking.run { try await self.downloadMedia(entity: entity, headers: headers, options: options) }
    }

    /// Synchronous `uploadMedia(entity:content:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    @discardableResult
    public func uploadMedia<Entity: EntityProtocol>(
        entity: Entity, content: ByteStream, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) throws -> String? {
        try Blocking.run { try await self.uploadMedia(entity: entity, content: content, headers: headers, options: options) }
    }

    /// Synchronous `createMedia(entity:content:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func createMedia<Entity: EntityProtocol>(
        entity: Entity, content: ByteStream, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) throws -> Entity {
        try Blocking.run { try await self.createMedia(entity: entity, content: content, headers: headers, options: options) }
    }

    /// Synchronous `createEntity(&entity)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func createEntity<Entity: EntityProtocol>(_ entity: inout Entity, headers: HTTPHeaders? = nil) throws {
        let start = entity
        entity = try Blocking.run { try await self.createEntity(start, headers: headers ?? HTTPHeaders()) }
    }

    /// Synchronous `updateEntity(&entity)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func updateEntity<Entity: EntityProtocol>(
        _ entity: inout Entity, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) throws {
        let start = entity
        entity = try Blocking.run {
            try await self.updateEntity(start, headers: headers ?? HTTPHeaders(), options: options ?? RequestOptions())
        }
    }

    /// Synchronous `count(_:headers:options:)`, SAP's form for background queues; not for async contexts.
    @available(*, noasync, message: "use the async form in an async context")
    public func count(_ query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil) throws -> Int64 {
        try Blocking.run { try await self.count(query, headers: headers, options: options) }
    }
}
