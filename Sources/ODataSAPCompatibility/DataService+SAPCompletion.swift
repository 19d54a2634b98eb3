import Foundation
import OData

/// Writes and loads with SAP's completion shape, `(Error?) -> Void`, called on the main actor (SAP calls
/// its handlers on the main queue), so that a `@MainActor` view controller's handler may use `self`; and
/// the `inout` forms that give a struct entity what SAP's class entity gets in place: the server's version
/// (key, ETag, accepted changes). README, "Porting from SAPOData" (entities are values).
extension DataService {
    /// SAP's `createEntity(_:completionHandler:)` with an `(Error?)` handler on the main actor.
    @discardableResult
    public func createEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders? = nil, options: RequestOptions? = nil,
        completionHandler: @escaping @MainActor ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        completeVoid(completionHandler) { _ = try await self.createEntity(entity, headers: headers ?? HTTPHeaders()) }
    }

    /// SAP's `updateEntity(_:completionHandler:)` with an `(Error?)` handler on the main actor.
    @discardableResult
    public func updateEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders? = nil, options: RequestOptions? = nil,
        completionHandler: @escaping @MainActor ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        completeVoid(completionHandler) {
            _ = try await self.updateEntity(entity, headers: headers ?? HTTPHeaders(), options: options ?? RequestOptions())
        }
    }

    /// SAP's `deleteEntity(_:completionHandler:)` with an `(Error?)` handler on the main actor.
    @discardableResult
    public func deleteEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders? = nil, options: RequestOptions? = nil,
        completionHandler: @escaping @MainActor ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        completeVoid(completionHandler) {
            try await self.deleteEntity(entity, headers: headers ?? HTTPHeaders(), options: options ?? RequestOptions())
        }
    }

    /// SAP's `applyChanges(_:completionHandler:)` with an `(Error?)` handler on the main actor.
    @discardableResult
    public func applyChanges(
        _ changes: ChangeSet, headers: HTTPHeaders? = nil, options: RequestOptions? = nil,
        completionHandler: @escaping @MainActor ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        completeVoid(completionHandler) { try await self.applyChanges(changes, headers: headers, options: options) }
    }

    /// SAP's `loadProperty(_:into:completionHandler:)` with an `(Error?)` handler on the main actor: loads a
    /// navigation property into the reference entity itself, which every reference sees (struct entities use
    /// the form whose handler gets the loaded copy, since a handler cannot write into a value it was given).
    @discardableResult
    public func loadProperty<Entity: ReferenceEntity, Target: EntityProtocol>(
        _ property: TypedNavigationProperty<Target>, into entity: Entity, query: DataQuery? = nil, headers: HTTPHeaders? = nil,
        completionHandler: @escaping @MainActor ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        completeVoid(completionHandler) {
            try await self.loadProperty(property, into: entity, query: query ?? DataQuery(), headers: headers ?? HTTPHeaders())
        }
    }

    /// SAP's `downloadMedia(entity:completionHandler:)`: the media resource of a media-link entity, or the
    /// error, on the main actor.
    @discardableResult
    public func downloadMedia<Entity: EntityProtocol>(
        entity: Entity, headers: HTTPHeaders? = nil, options: RequestOptions? = nil,
        completionHandler: @escaping @MainActor (Data?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.downloadMedia(entity: entity, headers: headers, options: options) }
    }

    /// Creates `entity` in its container's set and replaces it with the server's version (key, ETag, edit link).
    public func createEntity<Entity: EntityProtocol>(_ entity: inout Entity, headers: HTTPHeaders? = nil) async throws(ODataError) {
        entity = try await createEntity(entity, headers: headers ?? HTTPHeaders())
    }

    /// Updates `entity` and replaces it with the server's version (new ETag, changes accepted), so that a
    /// second update of the same variable sends the current ETag, as SAP's in-place update does.
    public func updateEntity<Entity: EntityProtocol>(
        _ entity: inout Entity, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) async throws(ODataError) {
        entity = try await updateEntity(entity, headers: headers ?? HTTPHeaders(), options: options ?? RequestOptions())
    }
}
