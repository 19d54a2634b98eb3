import Foundation

/// Writes through typed set handles: only handles whose permission is `SetPermissions.Allowed` are accepted,
/// so a write the service forbids does not compile. Writes through an untyped `EntitySetDescriptor` are
/// checked at run time instead (`ODataError` `.invalidRequest`).
extension DataService {
    /// Creates an entity in a set that allows creates and returns the server's version.
    public func createEntity<Entity: EntityProtocol, Update: SetPermission, Delete: SetPermission>(
        _ entity: Entity, in entitySet: TypedEntitySet<Entity, SetPermissions.Allowed, Update, Delete>, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> Entity {
        return try await ODataError.converting {
            try await createEntity(entity, in: entitySet.descriptor, headers: headers)

        }
    }

    /// Updates an entity of a set that allows updates.
    public func updateEntity<Entity: EntityProtocol, Create: SetPermission, Delete: SetPermission>(
        _ entity: Entity, in entitySet: TypedEntitySet<Entity, Create, SetPermissions.Allowed, Delete>,
        headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws(ODataError) -> Entity {
        Entity(
            entityValue: try await provider.send(
                .updateEntity(entity.entityValue, in: entitySet.descriptor, options: options), headers: headers))
    }

    /// Deletes an entity of a set that allows deletes.
    public func deleteEntity<Entity: EntityProtocol, Create: SetPermission, Update: SetPermission>(
        _ entity: Entity, in entitySet: TypedEntitySet<Entity, Create, Update, SetPermissions.Allowed>,
        headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws(ODataError) {
        try await provider.send(.deleteEntity(entity.entityValue, in: entitySet.descriptor, options: options), headers: headers)
    }

    /// Updates an entity of an untyped set after checking at run time that the set allows updates.
    public func updateEntity<Entity: EntityProtocol>(
        _ entity: Entity, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws(ODataError) -> Entity {
        return try await ODataError.converting {
            try entitySet.checkAllows(.update)
            return Entity(
                entityValue: try await provider.send(.updateEntity(entity.entityValue, in: entitySet, options: options), headers: headers))

        }
    }

    /// Deletes an entity of an untyped set after checking at run time that the set allows deletes.
    public func deleteEntity<Entity: EntityProtocol>(
        _ entity: Entity, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws(ODataError) {
        try await ODataError.converting {
            try entitySet.checkAllows(.delete)
            try await provider.send(.deleteEntity(entity.entityValue, in: entitySet, options: options), headers: headers)

        }
    }
}
