import Foundation

/// Typed writes, counts, paging and navigation loading for services over an `OnlineODataProvider`,
/// in `async throws` and completion-handler forms.
extension DataService where Provider == OnlineODataProvider {
    /// Creates an entity in an entity set and returns the server's version (key, ETag, edit link).
    public func createEntity<Entity: EntityProtocol>(
        _ entity: Entity, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders()
    ) async throws -> Entity {
        Entity(entityValue: try await provider.createEntity(entity.entityValue, in: entitySet, headers: headers))
    }

    /// Completion-handler form of `createEntity(_:in:headers:)`.
    @discardableResult
    public func createEntity<Entity: EntityProtocol>(
        _ entity: Entity, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @Sendable (Entity?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.createEntity(entity, in: entitySet, headers: headers) }
    }

    /// Creates an entity related to `parent` through a navigation property.
    public func createRelatedEntity<Parent: EntityProtocol, Entity: EntityProtocol>(
        _ entity: Entity, in parent: Parent, property: TypedNavigationProperty<Entity>, headers: HTTPHeaders = HTTPHeaders()
    ) async throws -> Entity {
        Entity(
            entityValue: try await provider.createRelatedEntity(
                entity.entityValue, in: parent.entityValue, property: property.descriptor, headers: headers))
    }

    /// Completion-handler form of `createRelatedEntity(_:in:property:headers:)`.
    @discardableResult
    public func createRelatedEntity<Parent: EntityProtocol, Entity: EntityProtocol>(
        _ entity: Entity, in parent: Parent, property: TypedNavigationProperty<Entity>, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @Sendable (Entity?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.createRelatedEntity(entity, in: parent, property: property, headers: headers) }
    }

    /// Updates an entity (MERGE with the changed properties by default; `options.updateMode` for PUT or
    /// PATCH), with `If-Match` from its ETag; returns it with changes accepted and the new ETag.
    public func updateEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) async throws -> Entity {
        Entity(entityValue: try await provider.updateEntity(entity.entityValue, headers: headers, options: options))
    }

    /// Completion-handler form of `updateEntity(_:headers:options:)`.
    @discardableResult
    public func updateEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions(),
        completionHandler: @escaping @Sendable (Entity?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.updateEntity(entity, headers: headers, options: options) }
    }

    /// Deletes an entity, with `If-Match` from its ETag.
    public func deleteEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) async throws {
        try await provider.deleteEntity(entity.entityValue, headers: headers, options: options)
    }

    /// Completion-handler form of `deleteEntity(_:headers:options:)`; the result is `true` on success.
    @discardableResult
    public func deleteEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions(),
        completionHandler: @escaping @Sendable (Bool?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) {
            try await self.deleteEntity(entity, headers: headers, options: options)
            return true
        }
    }

    /// Loads a navigation property into an entity (`loadProperty(Customer.salesOrders, into: &customer)`).
    public func loadProperty<Entity: EntityProtocol, Target: EntityProtocol>(
        _ property: TypedNavigationProperty<Target>, into entity: inout Entity, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws {
        var value = entity.entityValue
        try await provider.loadProperty(property.descriptor, into: &value, query: query, headers: headers)
        entity.entityValue = value
    }

    /// Completion-handler form of `loadProperty(_:into:query:headers:)`: the handler gets a copy of
    /// `entity` with the navigation property loaded (a completion handler cannot write to an `inout`).
    @discardableResult
    public func loadProperty<Entity: EntityProtocol, Target: EntityProtocol>(
        _ property: TypedNavigationProperty<Target>, into entity: Entity, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @Sendable (Entity?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) {
            var loaded = entity
            try await self.loadProperty(property, into: &loaded, query: query, headers: headers)
            return loaded
        }
    }

    /// The number of entities a query addresses (`/$count`).
    public func count(matching query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) async throws -> Int {
        try await provider.fetchCount(query, headers: headers)
    }

    /// Completion-handler form of `count(matching:headers:)`.
    @discardableResult
    public func count(
        matching query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @Sendable (Int?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.count(matching: query, headers: headers) }
    }

    /// Every entity a query addresses, typed, across server-driven pages (one page in memory at a time).
    public func entities<Entity: EntityProtocol>(
        _ type: Entity.Type, matching query: DataQuery, headers: HTTPHeaders = HTTPHeaders()
    ) -> AsyncThrowingMapSequence<PagedEntities, Entity> {
        provider.entities(query, headers: headers).map { Entity(entityValue: $0) }
    }

    /// Sends a batch of reads and changesets as one request.
    public func processBatch(_ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders()) async throws {
        try await provider.processBatch(batch, headers: headers)
    }

    /// Completion-handler form of `processBatch(_:headers:)`: the handler gets `nil` on success (each
    /// part's outcome is in the batch), else the error.
    @discardableResult
    public func processBatch(
        _ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @Sendable ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        let handler: @Sendable (Bool?, (any Error)?) -> Void = { _, error in completionHandler(error) }
        return complete(handler) {
            try await self.processBatch(batch, headers: headers)
            return true
        }
    }
}
