import Foundation

/// Typed `$links` and media calls over any provider.
extension DataService {
    /// The URIs of the entities a navigation property of `entity` links to (`$links`).
    public func fetchLinks<Entity: EntityProtocol, Target: EntityProtocol>(
        from entity: Entity, property: TypedNavigationProperty<Target>, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> LinkList {
        try await provider.send(.fetchLinks(from: entity.entityValue, property: property.descriptor, entitySet: nil), headers: headers)
    }

    /// Adds a link from a to-many navigation property of `entity` to `target`.
    public func addLink<Entity: EntityProtocol, Target: EntityProtocol>(
        from entity: Entity, property: TypedNavigationProperty<Target>, to target: Target, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try await provider.send(
            .addLink(
                from: entity.entityValue, property: property.descriptor, to: target.entityValue, entitySet: nil, targetSet: nil),
            headers: headers)
    }

    /// Replaces the target of a to-one navigation property of `entity`.
    public func setLink<Entity: EntityProtocol, Target: EntityProtocol>(
        from entity: Entity, property: TypedNavigationProperty<Target>, to target: Target, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try await provider.send(
            .setLink(
                from: entity.entityValue, property: property.descriptor, to: target.entityValue, entitySet: nil, targetSet: nil),
            headers: headers)
    }

    /// Removes a link of `entity`: to `target` for a to-many navigation property, the link itself for a to-one.
    public func removeLink<Entity: EntityProtocol, Target: EntityProtocol>(
        from entity: Entity, property: TypedNavigationProperty<Target>, to target: Target? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try await provider.send(
            .removeLink(
                from: entity.entityValue, property: property.descriptor, to: target?.entityValue, entitySet: nil), headers: headers)
    }

    /// The media resource of a media-link entity, in memory, with its content type.
    public func fetchMedia<Entity: EntityProtocol>(
        of entity: Entity, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> (data: Data, contentType: String?) {
        try await provider.send(.fetchMedia(of: entity.entityValue, entitySet: nil), headers: headers)
    }

    /// Writes the media resource of a media-link entity into a file; returns the content type.
    @discardableResult
    public func downloadMedia<Entity: EntityProtocol>(of entity: Entity, to file: URL, headers: HTTPHeaders = HTTPHeaders())
        async throws(ODataError)
        -> String?
    {
        try await provider.send(.downloadMedia(of: entity.entityValue, to: file, entitySet: nil), headers: headers)
    }

    /// Replaces the media resource of a media-link entity; returns the new ETag, if any.
    @discardableResult
    public func uploadMedia<Entity: EntityProtocol>(
        of entity: Entity, body: HTTPBody, contentType: String, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> String? {
        try await provider.send(
            .uploadMedia(of: entity.entityValue, body: body, contentType: contentType, entitySet: nil), headers: headers)
    }

    /// Creates a media-link entity of `type` in an entity set from its media resource (`slug` names it).
    public func createMedia<Entity: EntityProtocol>(
        _ type: Entity.Type, in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> Entity {
        Entity(
            entityValue: try await provider.send(
                .createMedia(in: entitySet, body: body, contentType: contentType, slug: slug), headers: headers))
    }
}
