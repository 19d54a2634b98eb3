import Foundation

extension ChangeSet {
    /// Adds the creation of an entity (`POST` to its entity set, JSON body); returns its `Content-ID`.
    @discardableResult
    public func createEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor, contentID: String? = nil) -> String {
        add(Self.create(entity, in: entitySet, contentID: contentID), operation: .create(entity, in: entitySet))
    }

    /// Adds an update (`MERGE` with the changed properties by default, `PATCH`, or `PUT` with all)
    /// with `If-Match` from the entity's ETag; returns its `Content-ID`.
    @discardableResult
    public func updateEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, mode: UpdateMode = .merge, contentID: String? = nil
    ) throws -> String {
        add(try Self.update(entity, in: entitySet, mode: mode, contentID: contentID), operation: .update(entity, in: entitySet, mode: mode))
    }

    /// Adds a deletion with `If-Match` from the entity's ETag; returns its `Content-ID`.
    @discardableResult
    public func deleteEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, contentID: String? = nil) throws -> String {
        var headers = HTTPHeaders()
        if let etag = entity.metadata.etag { headers["If-Match"] = etag }
        return add(
            BatchPartRequest(method: "DELETE", url: try Self.path(of: entity, in: entitySet), headers: headers, contentID: contentID),
            operation: .delete(entity, in: entitySet))
    }

    /// The request of a create (`POST` to the entity set, JSON body until a provider writes it in its format).
    static func create(_ entity: EntityValue, in entitySet: EntitySetDescriptor, contentID: String?) -> BatchPartRequest {
        BatchPartRequest(
            method: "POST", url: URLEncoding.encodePath(entitySet.name),
            headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: ODataJSONEncoder().encodeForCreate(entity), contentID: contentID)
    }

    /// The request of an update with `If-Match` from the entity's ETag.
    static func update(_ entity: EntityValue, in entitySet: EntitySetDescriptor?, mode: UpdateMode, contentID: String?) throws
        -> BatchPartRequest
    {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let etag = entity.metadata.etag { headers["If-Match"] = etag }
        return BatchPartRequest(
            method: mode.rawValue, url: try path(of: entity, in: entitySet), headers: headers,
            body: ODataJSONEncoder().encodeForUpdate(entity, mode: mode), contentID: contentID)
    }

    /// The entity's address inside a batch: entity set and key when the set is given, else its URI.
    static func path(of entity: EntityValue, in entitySet: EntitySetDescriptor?) throws -> String {
        if let entitySet, !entity.key.isIncomplete {
            return URLEncoding.encodePath(entitySet.name) + entity.key.predicate
        }
        if let uri = entity.metadata.editLink ?? entity.metadata.uri, !uri.isEmpty { return uri }
        throw ODataError(.invalidRequest, "the \(entity.entityType.name) has neither a URI nor a complete key with its entity set")
    }
}

extension RequestBatch {
    /// Adds a read of a query; returns its index for `queryResult(at:)`. `OnlineODataProvider` asks for its
    /// format (`Options.format`); the part says JSON until then.
    @discardableResult
    public func addQuery(_ query: DataQuery) -> Int {
        addQuery(BatchPartRequest(method: "GET", url: query.relativeURLString, headers: ["Accept": "application/json"]), query: query)
    }
}
