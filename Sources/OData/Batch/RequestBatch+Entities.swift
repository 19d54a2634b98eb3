import Foundation

extension ChangeSet {
    /// Adds the creation of an entity (`POST` to its entity set, JSON body); returns its `Content-ID`.
    @discardableResult
    public func createEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor, contentID: String? = nil) -> String {
        addCreate(entity, in: entitySet, contentID: contentID, target: nil)
    }

    /// Adds an update (`MERGE` with the changed properties by default, `PATCH`, or `PUT` with all)
    /// with `If-Match` from the entity's ETag; returns its `Content-ID`.
    @discardableResult
    public func updateEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, mode: UpdateMode = .merge, contentID: String? = nil
    ) throws -> String {
        try addUpdate(entity, in: entitySet, mode: mode, contentID: contentID, target: nil)
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

    /// Adds a create (`POST` to the entity set, JSON body until a provider writes it in its format); `target`, when
    /// given, receives the server's version of the entity.
    func addCreate(_ entity: EntityValue, in entitySet: EntitySetDescriptor, contentID: String?, target: ServerVersionTarget?) -> String {
        let request = BatchPartRequest(
            method: "POST", url: URLEncoding.encodePath(entitySet.name),
            headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: ODataJSONEncoder().encodeForCreate(entity), contentID: contentID)
        return add(request, operation: .create(entity, in: entitySet), target: target)
    }

    /// Adds an update with `If-Match` from the entity's ETag; `target`, when given, receives the server's version.
    func addUpdate(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor?, mode: UpdateMode, contentID: String?, target: ServerVersionTarget?
    ) throws -> String {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let etag = entity.metadata.etag { headers["If-Match"] = etag }
        let request = BatchPartRequest(
            method: mode.rawValue, url: try Self.path(of: entity, in: entitySet), headers: headers,
            body: ODataJSONEncoder().encodeForUpdate(entity, mode: mode), contentID: contentID)
        return add(request, operation: .update(entity, in: entitySet, mode: mode), target: target)
    }

    /// The entity's address inside a batch: entity set and key when the set is given, else its URI.
    static func path(of entity: EntityValue, in entitySet: EntitySetDescriptor?) throws -> String {
        if let entitySet, !entity.key.isIncomplete {
            return URLEncoding.encodePath(entitySet.name) + entity.key.predicate(for: entity.entityType)
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
