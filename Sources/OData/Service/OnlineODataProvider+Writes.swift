import Foundation

extension OnlineODataProvider {
    /// Creates an entity (`POST` to its entity set) and returns the server's version of it: server-set
    /// key and values, ETag and edit link. Loaded navigation properties are deep-inserted or bound.
    public func createEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders()
    ) async throws -> EntityValue {
        try entitySet.checkAllows(.create)
        return try await create(entity, at: URLEncoding.encodePath(entitySet.name), headers: headers)
    }

    /// Creates an entity related to `parent` (`POST` to the parent's navigation property).
    public func createRelatedEntity(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws -> EntityValue {
        let path = try entityPath(parent, entitySet: parentSet) + "/" + URLEncoding.encodePath(property.name)
        return try await create(entity, at: path, headers: headers)
    }

    private func create(_ entity: EntityValue, at path: String, headers: HTTPHeaders) async throws -> EntityValue {
        var request = HTTPRequest(
            method: "POST", url: try url(for: path), headers: headers, body: .data(ODataJSONEncoder().encodeForCreate(entity)))
        request.headers["Content-Type"] = "application/json"
        if request.headers["Accept"] == nil { request.headers["Accept"] = options.format.acceptHeader }
        let response = try await execute(request)
        if response.statusCode == 204 || response.body.isEmpty {
            var created = entity
            created.acceptChanges()
            created.metadata.uri = response.headers["Location"] ?? created.metadata.uri
            created.metadata.etag = response.headers["ETag"] ?? created.metadata.etag
            return created
        }
        return try decodeEntity(response, request, type: entity.entityType)
    }

    /// Updates an entity: `MERGE` (default) or `PATCH` with the changed properties, or `PUT` with all,
    /// with `If-Match` set to the entity's ETag when it has one. Returns the entity with its changes
    /// accepted and the new ETag. A stale ETag throws `ODataError` `.preconditionFailed`.
    /// `options.tunnelsHTTPMethod` sends the method as `X-HTTP-Method` on a POST.
    public func updateEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws -> EntityValue {
        if options.updateMode != .replace && !entity.hasChanges { return entity }
        let body = ODataJSONEncoder().encodeForUpdate(entity, mode: options.updateMode)
        var request = try writeRequest(
            options.updateMode.rawValue, path: try entityPath(entity, entitySet: entitySet), etag: entity.metadata.etag,
            headers: headers, options: options, body: .data(body))
        request.headers["Content-Type"] = "application/json"
        let response = try await execute(request)
        var updated = entity
        updated.acceptChanges()
        if let etag = response.headers["ETag"] { updated.metadata.etag = etag }
        return updated
    }

    /// Deletes an entity, with `If-Match` set to its ETag when it has one.
    public func deleteEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws {
        let request = try writeRequest(
            "DELETE", path: try entityPath(entity, entitySet: entitySet), etag: entity.metadata.etag, headers: headers,
            options: options, body: .none)
        _ = try await execute(request)
    }

    /// A modifying request with `If-Match` and optional `X-HTTP-Method` tunnelling.
    func writeRequest(
        _ method: String, path: String, etag: String?, headers: HTTPHeaders, options: RequestOptions, body: HTTPBody
    ) throws -> HTTPRequest {
        var request = HTTPRequest(method: method, url: try url(for: path), headers: headers, body: body)
        if let etag, request.headers["If-Match"] == nil { request.headers["If-Match"] = etag }
        if options.tunnelsHTTPMethod, method != "POST" {
            request.headers["X-HTTP-Method"] = method
            request.method = "POST"
        }
        return request
    }

    // MARK: $links

    /// The URIs of the entities a navigation property links to (`$links`).
    public func fetchLinks(
        from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws -> LinkList {
        let path = try entityPath(entity, entitySet: entitySet) + "/$links/" + URLEncoding.encodePath(property.name)
        let (request, response) = try await read(try url(for: path), headers: headers, accept: "application/json")
        return try decode(response, request, format: .json) { try ODataJSONDecoder().decodeLinks(response.body) }
    }

    /// Adds a link from a to-many navigation property to `target` (`POST …/$links/Nav`).
    public func addLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws {
        try await link("POST", from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, headers: headers)
    }

    /// Replaces the target of a to-one navigation property (`PUT …/$links/Nav`).
    public func setLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws {
        try await link("PUT", from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, headers: headers)
    }

    /// Removes a link: for a to-many navigation the link to `target` (`DELETE …/$links/Nav(key)`),
    /// for a to-one navigation the link itself (`DELETE …/$links/Nav`).
    public func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue? = nil,
        entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws {
        var path = try entityPath(entity, entitySet: entitySet) + "/$links/" + URLEncoding.encodePath(property.name)
        if property.isCollection {
            guard let target, !target.key.isIncomplete else {
                throw ODataError(.invalidRequest, "removing a link of \(property.name) needs the target's key")
            }
            path += target.key.predicate
        }
        let request = try writeRequest("DELETE", path: path, etag: nil, headers: headers, options: RequestOptions(), body: .none)
        _ = try await execute(request)
    }

    private func link(
        _ method: String, from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue,
        entitySet: EntitySetDescriptor?, targetSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws {
        let path = try entityPath(entity, entitySet: entitySet) + "/$links/" + URLEncoding.encodePath(property.name)
        let targetPath = try entityPath(target, entitySet: targetSet)
        let targetURI = try url(for: targetPath).absoluteString
        let body = ODataJSONEncoder().encodeLink(uri: Self.withoutSAPOptions(targetURI, options: options))
        var request = try writeRequest(method, path: path, etag: nil, headers: headers, options: RequestOptions(), body: .data(body))
        request.headers["Content-Type"] = "application/json"
        _ = try await execute(request)
    }

    static func withoutSAPOptions(_ uri: String, options: Options) -> String {
        guard options.sapClient != nil || options.sapLanguage != nil, let question = uri.firstIndex(of: "?") else { return uri }
        return String(uri[..<question])
    }
}
