import Foundation

/// Typed writes over any provider, in `async throws` and completion-handler forms.
extension DataService {
    /// Creates an entity in the one entity set of this container that holds its type (SAP's
    /// `createEntity(customer)`); throws `ODataError` `.invalidRequest` when no set or several sets
    /// hold it (then pass the set: `createEntity(_:in:headers:)`). The result may be ignored, as SAP's returns nothing.
    @discardableResult
    public func createEntity<Entity: EntityProtocol>(_ entity: Entity, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError)
        -> Entity
    {
        return try await ODataError.converting {
            try await createEntity(entity, in: try entitySet(for: Entity.entityType), headers: headers)
        }
    }

    /// Creates an entity in an entity set and returns the server's version (key, ETag, edit link).
    public func createEntity<Entity: EntityProtocol>(
        _ entity: Entity, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> Entity {
        entity.adopting(try await provider.send(.createEntity(entity.entityValue, in: entitySet), headers: headers))
    }

    /// Creates an entity related to `parent` through a navigation property.
    public func createRelatedEntity<Parent: EntityProtocol, Entity: EntityProtocol>(
        _ entity: Entity, in parent: Parent, property: TypedNavigationProperty<Entity>, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> Entity {
        entity.adopting(
            try await provider.send(
                .createRelatedEntity(
                    entity.entityValue, in: parent.entityValue, property: property.descriptor, parentSet: nil), headers: headers))
    }

    /// Updates an entity (MERGE with the changed properties by default; `options.updateMode` for PUT or
    /// PATCH), with `If-Match` from its ETag; returns it with changes accepted and the new ETag (which may be
    /// ignored, as SAP's returns nothing).
    @discardableResult
    public func updateEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) async throws(ODataError) -> Entity {
        entity.adopting(try await provider.send(.updateEntity(entity.entityValue, in: nil, options: options), headers: headers))
    }

    /// Deletes an entity, with `If-Match` from its ETag.
    public func deleteEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) async throws(ODataError) {
        try await provider.send(.deleteEntity(entity.entityValue, in: nil, options: options), headers: headers)
    }

}
