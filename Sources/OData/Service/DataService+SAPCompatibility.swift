import Foundation

/// SAP's `ByteStream`: media content with its media type, for `uploadMedia(entity:content:)` and
/// `createMedia(entity:content:)`.
public struct ByteStream: Sendable, Hashable {
    /// The bytes (in memory) or a file (streamed).
    public var body: HTTPBody
    /// The media type sent as `Content-Type` (`application/octet-stream` unless set).
    public var mediaType: String

    /// Content from a body and its media type.
    public init(body: HTTPBody, mediaType: String = "application/octet-stream") {
        self.body = body
        self.mediaType = mediaType
    }

    /// SAP's `ByteStream.fromBinary(data:)`: bytes held in memory.
    public static func fromBinary(data: Data, mediaType: String = "application/octet-stream") -> ByteStream {
        ByteStream(body: .data(data), mediaType: mediaType)
    }

    /// Content streamed from a file, never read whole into memory.
    public static func fromFile(_ file: URL, mediaType: String = "application/octet-stream") -> ByteStream {
        ByteStream(body: .file(file), mediaType: mediaType)
    }

    /// The in-memory bytes (empty for file content); SAP's `readAndClose()`.
    public func readAndClose() -> Data { body.data ?? Data() }
}

/// The service calls SAP code makes (`executeQuery`, `loadEntity`, `applyChanges`, media on the service),
/// with `headers:` and `options:` that accept nil. README, "Porting from SAPOData".
extension DataService {
    /// SAP's `executeQuery(_:)`: reads what the query addresses — entities, the entity of a keyed query, a
    /// `$count` or a function import's result — as a `QueryResult` (`Customer.array(from: result.entityList())`).
    public func executeQuery(_ query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil) async throws(ODataError)
        -> QueryResult
    {
        let headers = headers ?? HTTPHeaders()
        let options = options ?? RequestOptions()
        if query.invocation != nil {
            return QueryResult(
                query: query, payload: .function(try await provider.send(.invokeFunction(query, options: options), headers: headers)))
        }
        if query.isCountRequest {
            return QueryResult(query: query, payload: .count(try await provider.send(.fetchCount(query), headers: headers)))
        }
        if query.key != nil, query.navigationSegments.isEmpty {
            return QueryResult(
                query: query, payload: .entity(try await provider.send(.fetchEntity(query, options: options), headers: headers)))
        }
        return QueryResult(
            query: query, payload: .entities(try await provider.send(.fetchEntities(query, options: options), headers: headers)))
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
            let value = try await provider.send(.fetchEntity(read, options: options ?? RequestOptions()), headers: headers ?? HTTPHeaders())
            return Entity(entityValue: value)

        }
    }

    /// SAP's `applyChanges(_:)`: sends a change set as a batch of its own (as ``processBatch(_:headers:)`` does:
    /// creates added without their set get it, and the server's version of each created or updated entity is
    /// recorded); throws the change set's error when the service rejected it.
    public func applyChanges(_ changes: ChangeSet, headers: HTTPHeaders? = nil, options: RequestOptions? = nil) async throws(ODataError) {
        let batch = RequestBatch()
        batch.addChanges(changes)
        try await processBatch(batch, headers: headers ?? HTTPHeaders())
        if let error = changes.error { throw error }
    }

    /// SAP's `downloadMedia(entity:)`: the media resource of a media-link entity, in memory.
    public func downloadMedia<Entity: EntityProtocol>(
        entity: Entity, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) async throws(ODataError) -> Data {
        try await provider.send(.fetchMedia(of: entity.entityValue, entitySet: nil), headers: headers ?? HTTPHeaders()).data
    }

    /// SAP's `uploadMedia(entity:content:)`: replaces the media resource of a media-link entity; returns
    /// the new ETag, if any.
    @discardableResult
    public func uploadMedia<Entity: EntityProtocol>(
        entity: Entity, content: ByteStream, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) async throws(ODataError) -> String? {
        try await provider.send(
            .uploadMedia(
                of: entity.entityValue, body: content.body, contentType: content.mediaType, entitySet: nil),
            headers: headers ?? HTTPHeaders())
    }

    /// SAP's `createMedia(entity:content:)`: creates a media-link entity of the entity's type in its
    /// container's set from the content, and returns the server's entity.
    public func createMedia<Entity: EntityProtocol>(
        entity: Entity, content: ByteStream, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) async throws(ODataError) -> Entity {
        return try await ODataError.converting {
            let set = try entitySet(for: Entity.entityType)
            let created = try await provider.send(
                .createMedia(
                    in: set, body: content.body, contentType: content.mediaType, slug: nil), headers: headers ?? HTTPHeaders())
            return entity.adopting(created)

        }
    }
}
