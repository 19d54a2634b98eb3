import Foundation

extension OnlineODataProvider {
    /// Creates an entity (`POST` to its entity set, the body in `options.format`) and returns the
    /// server's version of it: server-set key and values, ETag and edit link. Loaded navigation
    /// properties are deep-inserted or bound.
    public func createEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> EntityValue {
        do {
            try entitySet.checkAllows(.create)
            return try await created(entity, by: try requestBuilder.create(entity, in: entitySet, headers: headers))
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Creates an entity related to `parent` (`POST` to the parent's navigation property).
    public func createRelatedEntity(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> EntityValue {
        do {
            let request = try requestBuilder.createRelated(entity, in: parent, property: property, parentSet: parentSet, headers: headers)
            return try await created(entity, by: request)
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    private func created(_ entity: EntityValue, by request: HTTPRequest) async throws -> EntityValue {
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
        options requestOptions: RequestOptions = RequestOptions()
    ) async throws(ODataError) -> EntityValue {
        do {
            try entitySet?.checkAllows(.update)
            if requestOptions.updateMode != .replace && !entity.hasChanges { return entity }
            let response = try await execute(try requestBuilder.update(entity, in: entitySet, headers: headers, options: requestOptions))
            var updated = entity
            updated.acceptChanges()
            if let etag = response.headers["ETag"] { updated.metadata.etag = etag }
            return updated
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Deletes an entity, with `If-Match` set to its ETag when it has one.
    public func deleteEntity(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options requestOptions: RequestOptions = RequestOptions()
    ) async throws(ODataError) {
        do {
            try entitySet?.checkAllows(.delete)
            _ = try await execute(try requestBuilder.delete(entity, in: entitySet, headers: headers, options: requestOptions))
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    // MARK: $links

    /// The URIs of the entities a navigation property links to (`$links`).
    public func fetchLinks(
        from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> LinkList {
        do {
            let (request, response) = try await send(
                try requestBuilder.links(from: entity, property: property, entitySet: entitySet, headers: headers))
            return try decode(response, request) { try codec.decodeLinks(response.body) }
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Adds a link from a to-many navigation property to `target` (`POST …/$links/Nav`).
    public func addLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        do {
            _ = try await execute(
                try requestBuilder.link(
                    "POST", from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, headers: headers))
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Replaces the target of a to-one navigation property (`PUT …/$links/Nav`).
    public func setLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor? = nil,
        targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        do {
            _ = try await execute(
                try requestBuilder.link(
                    "PUT", from: entity, property: property, to: target, entitySet: entitySet, targetSet: targetSet, headers: headers))
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Removes a link: for a to-many navigation the link to `target` (`DELETE …/$links/Nav(key)`),
    /// for a to-one navigation the link itself (`DELETE …/$links/Nav`).
    public func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue? = nil,
        entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        do {
            _ = try await execute(
                try requestBuilder.removeLink(from: entity, property: property, to: target, entitySet: entitySet, headers: headers))
        } catch {
            throw ODataError(wrapping: error)
        }
    }
}
