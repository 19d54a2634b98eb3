import Foundation
@_spi(Generated) import OData

/// The service calls SAP code makes (`loadEntity`, media on the service), with `headers:` and `options:` that
/// accept nil. README, "Porting from SAPOData".
extension DataService {
    /// SAP's `loadEntity(_:)`: reads the entity again by its key (and the query's `select`/`expand`) and
    /// stores the server's version in `entity`.
    public func loadEntity<Entity: EntityProtocol>(
        _ entity: inout Entity, query: DataQuery? = nil, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) async throws(ODataError) {
        entity.entityValue = try await loaded(entity, query: query, headers: headers, options: options).entityValue
    }

    /// The entity as the server has it now, read by its key (the returning form of `loadEntity`).
    public func loaded<Entity: EntityProtocol>(
        _ entity: Entity, query: DataQuery? = nil, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) async throws(ODataError) -> Entity {
        return try await ODataError.converting {
            var read = (query ?? DataQuery()).withKey(entity.entityValue.key)
            if read.entitySet == nil { read = read.from(try entitySet(for: Entity.entityType)) }
            return try await fetchOne(Entity.self, matching: read, headers: headers, options: options)

        }
    }

    /// SAP's `downloadMedia(entity:)`: the media resource of a media-link entity, in memory.
    public func downloadMedia<Entity: EntityProtocol>(
        entity: Entity, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) async throws(ODataError) -> Data {
        try await fetchMedia(of: entity, headers: headers ?? HTTPHeaders()).data
    }

    /// SAP's `uploadMedia(entity:content:)`: replaces the media resource of a media-link entity; returns
    /// the new ETag, if any.
    @discardableResult
    public func uploadMedia<Entity: EntityProtocol>(
        entity: Entity, content: ByteStream, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) async throws(ODataError) -> String? {
        try await uploadMedia(of: entity, body: content.body, contentType: content.mediaType, headers: headers ?? HTTPHeaders())
    }

    /// SAP's `createMedia(entity:content:)`: creates a media-link entity of the entity's type in its
    /// container's set from the content, and returns the server's entity.
    public func createMedia<Entity: EntityProtocol>(
        entity: Entity, content: ByteStream, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) async throws(ODataError) -> Entity {
        return try await ODataError.converting {
            let set = try entitySet(for: Entity.entityType)
            let created = try await createMedia(
                Entity.self, in: set, body: content.body, contentType: content.mediaType, slug: nil, headers: headers ?? HTTPHeaders())
            return entity.adopting(created.entityValue)

        }
    }
}
