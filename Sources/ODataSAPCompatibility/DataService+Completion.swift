import Foundation
import OData

/// The completion-handler forms of `DataService`'s own calls — writes, loads, counts, `executeQuery`, function
/// imports, batches — with this SDK's `(result?, Error?)` handler, called on the main actor as SAP calls its
/// handlers on the main queue (SAP's `(Error?)` forms are in DataService+SAPCompletion.swift). Each runs the async
/// form through the runtime's one adapter, `DataService.complete(_:_:)`. Swift-native code awaits the async forms;
/// the generated containers' own completion forms (`fetchCustomers(matching:) { customers, error in … }`) stay in
/// the runtime, which generated code calls. README, "Porting from SAPOData".
extension DataService {
    /// Completion-handler form of `createEntity(_:headers:)`.
    @discardableResult
    public func createEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @MainActor (Entity?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.createEntity(entity, headers: headers) }
    }

    /// Completion-handler form of `createEntity(_:in:headers:)`.
    @discardableResult
    public func createEntity<Entity: EntityProtocol>(
        _ entity: Entity, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @MainActor (Entity?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.createEntity(entity, in: entitySet, headers: headers) }
    }

    /// Completion-handler form of `createRelatedEntity(_:in:property:headers:)`.
    @discardableResult
    public func createRelatedEntity<Parent: EntityProtocol, Entity: EntityProtocol>(
        _ entity: Entity, in parent: Parent, property: TypedNavigationProperty<Entity>, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @MainActor (Entity?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.createRelatedEntity(entity, in: parent, property: property, headers: headers) }
    }

    /// Completion-handler form of `updateEntity(_:headers:options:)`.
    @discardableResult
    public func updateEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions(),
        completionHandler: @escaping @MainActor (Entity?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.updateEntity(entity, headers: headers, options: options) }
    }

    /// Completion-handler form of `deleteEntity(_:headers:options:)`; the result is `true` on success.
    @discardableResult
    public func deleteEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions(),
        completionHandler: @escaping @MainActor (Bool?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) {
            try await self.deleteEntity(entity, headers: headers, options: options)
            return true
        }
    }

    /// Completion-handler form of `createEntity(_:in:headers:)` with a typed set handle.
    @discardableResult
    public func createEntity<Entity: EntityProtocol, Update: SetPermission, Delete: SetPermission>(
        _ entity: Entity, in entitySet: TypedEntitySet<Entity, SetPermissions.Allowed, Update, Delete>,
        headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @Sendable (Entity?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        createEntity(entity, in: entitySet.descriptor, headers: headers, completionHandler: completionHandler)
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

    /// Completion-handler form of `count(matching:headers:)`.
    @discardableResult
    public func count(
        matching query: DataQuery, headers: HTTPHeaders = HTTPHeaders(),
        completionHandler: @escaping @MainActor (Int?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.count(matching: query, headers: headers) }
    }

    /// Completion-handler form of `executeQuery(_:headers:options:)`, called on the main actor as SAP calls
    /// its handlers on the main queue.
    @discardableResult
    public func executeQuery(
        _ query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil,
        completionHandler: @escaping @MainActor (QueryResult?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.executeQuery(query, headers: headers, options: options) }
    }

    /// Completion-handler form of `invoke(_:headers:options:)`.
    @discardableResult
    public func invoke(
        _ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions(),
        completionHandler: @escaping @MainActor (FunctionResult?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.invoke(query, headers: headers, options: options) }
    }

    /// Completion-handler form of `processBatch(_:headers:)`: the handler gets `nil` on success (each
    /// part's outcome is in the batch), else the error.
    @discardableResult
    public func processBatch(
        _ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @MainActor ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        let handler: @MainActor (Bool?, (any Error)?) -> Void = { _, error in completionHandler(error) }
        return complete(handler) {
            try await self.processBatch(batch, headers: headers)
            return true
        }
    }
}
