import Foundation

/// The requests of writes, `$links` and media, with bodies in the codec's format.
extension ODataRequestBuilder {
    /// `POST` of a new entity to its entity set.
    public func create(_ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders = HTTPHeaders()) throws
        -> HTTPRequest
    {
        try WireSupport.check(entitySet)
        return try create(entity, at: URLEncoding.encodePath(entitySet.name), headers: headers)
    }

    /// `POST` of a new entity to a navigation property of `parent`.
    public func createRelated(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) throws -> HTTPRequest {
        try create(entity, at: try entityPath(parent, entitySet: parentSet) + "/" + URLEncoding.encodePath(property.name), headers: headers)
    }

    private func create(_ entity: EntityValue, at path: String, headers: HTTPHeaders) throws -> HTTPRequest {
        try checkValues(entity)
        var request = try write(
            "POST", path: path, headers: headers, body: .data(codec.encodeForCreate(entity)), contentType: codec.entityContentType)
        if request.headers["Accept"] == nil { request.headers["Accept"] = codec.acceptHeader }
        return request
    }

    /// `MERGE`/`PATCH` with the changed properties or `PUT` with all (`options.updateMode`), `If-Match` from the ETag.
    public func update(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) throws -> HTTPRequest {
        try checkValues(entity)
        return try write(
            options.updateMode.rawValue, path: try entityPath(entity, entitySet: entitySet), etag: entity.metadata.etag, headers: headers,
            tunnels: options.tunnelsHTTPMethod, body: .data(codec.encodeForUpdate(entity, mode: options.updateMode)),
            contentType: codec.entityContentType)
    }

    /// Throws `.invalidValue` when a value does not fit its property (an `Int` beyond Edm.Int32, see
    /// `Int.edmValue`): the request would otherwise carry another number than the one set.
    private func checkValues(_ entity: EntityValue) throws(ODataError) {
        do {
            try entity.checkWritableValues()
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// `DELETE` of an entity, `If-Match` from the ETag.
    public func delete(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) throws -> HTTPRequest {
        try write(
            "DELETE", path: try entityPath(entity, entitySet: entitySet), etag: entity.metadata.etag, headers: headers,
            tunnels: options.tunnelsHTTPMethod)
    }

    /// `GET …/$links/Nav`.
    public func links(
        from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) throws -> HTTPRequest {
        get(try url(for: try linksPath(entity, property, entitySet)), headers: headers)
    }

    /// `POST` (add, to-many) or `PUT` (set, to-one) of `…/$links/Nav` with the target's URI.
    public func link(
        _ method: String, from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue,
        entitySet: EntitySetDescriptor? = nil, targetSet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) throws -> HTTPRequest {
        let targetURI = try url(for: try entityPath(target, entitySet: targetSet)).absoluteString
        return try write(
            method, path: try linksPath(entity, property, entitySet), headers: headers,
            body: .data(codec.encodeLink(uri: withoutSAPOptions(targetURI))), contentType: codec.linkContentType)
    }

    /// `DELETE …/$links/Nav(key)` (to-many, the link to `target`) or `DELETE …/$links/Nav` (to-one).
    public func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue? = nil, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) throws -> HTTPRequest {
        var path = try linksPath(entity, property, entitySet)
        if property.isCollection {
            guard let target, !target.key.isIncomplete else {
                throw ODataError(.invalidRequest, "removing a link of \(property.name) needs the target's key")
            }
            path += target.key.predicate(for: target.entityType)
        }
        return try write("DELETE", path: path, headers: headers)
    }

    private func linksPath(_ entity: EntityValue, _ property: NavigationDescriptor, _ entitySet: EntitySetDescriptor?) throws -> String {
        try entityPath(entity, entitySet: entitySet) + "/$links/" + URLEncoding.encodePath(property.name)
    }

    /// `GET` of a media resource (`Accept: */*`); `file` streams the body to disk.
    public func media(
        of entity: EntityValue, entitySet: EntitySetDescriptor? = nil, to file: URL? = nil, headers: HTTPHeaders = HTTPHeaders()
    )
        throws -> HTTPRequest
    {
        var request = get(try mediaURL(of: entity, entitySet: entitySet), headers: headers, accept: "*/*")
        request.responseBodyFile = file
        return request
    }

    /// `PUT …/$value` of a media resource, `If-Match` from the media ETag (or ETag).
    public func uploadMedia(
        of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) throws -> HTTPRequest {
        let url = try mediaURL(of: entity, entitySet: entitySet, forEditing: true)
        return try write(
            "PUT", path: url.absoluteString, etag: entity.metadata.mediaETag ?? entity.metadata.etag, headers: headers, body: body,
            contentType: contentType)
    }

    /// `POST` of a media resource to an entity set, `Slug` naming it.
    public func createMedia(
        in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) throws -> HTTPRequest {
        var request = try write(
            "POST", path: URLEncoding.encodePath(entitySet.name), headers: headers, body: body, contentType: contentType)
        if let slug {
            guard !slug.contains("\r"), !slug.contains("\n") else {
                throw ODataError(.invalidRequest, "a Slug cannot contain line breaks")
            }
            request.headers["Slug"] = URLEncoding.encodeSlug(slug)
        }
        if request.headers["Accept"] == nil { request.headers["Accept"] = codec.acceptHeader }
        return request
    }

    /// The media URL: the edit-media or read link when editing/reading, else the entity's path + `/$value`.
    func mediaURL(of entity: EntityValue, entitySet: EntitySetDescriptor?, forEditing: Bool = false) throws -> URL {
        let link = forEditing ? entity.metadata.mediaEditLink : (entity.metadata.mediaReadLink ?? entity.metadata.mediaEditLink)
        if let link, !link.isEmpty { return try url(for: link) }
        return try url(for: try entityPath(entity, entitySet: entitySet) + "/$value")
    }
}
