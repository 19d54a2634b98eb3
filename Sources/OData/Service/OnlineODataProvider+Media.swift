import Foundation

extension OnlineODataProvider {
    /// The media resource (`$value`) of a media-link entity, in memory.
    public func fetchMedia(
        of entity: EntityValue, entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws -> (data: Data, contentType: String?) {
        let (_, response) = try await read(try mediaURL(of: entity, entitySet: entitySet), headers: headers, accept: "*/*")
        return (response.body, response.headers["Content-Type"])
    }

    /// Downloads the media resource (`$value`) of a media-link entity into a file, streamed to disk.
    /// Returns the content type.
    @discardableResult
    public func downloadMedia(
        of entity: EntityValue, to file: URL, entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws -> String? {
        var request = HTTPRequest(method: "GET", url: try mediaURL(of: entity, entitySet: entitySet), headers: headers)
        request.headers["Accept"] = "*/*"
        request.responseBodyFile = file
        return try await execute(request).headers["Content-Type"]
    }

    /// Replaces the media resource (`PUT …/$value`) from memory (`.data`) or a file streamed from disk
    /// (`.file`), with `If-Match` set to the entity's media ETag (or ETag) when known.
    /// Returns the new ETag, if the server sent one.
    @discardableResult
    public func uploadMedia(
        of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws -> String? {
        let url = try mediaURL(of: entity, entitySet: entitySet, forEditing: true)
        var request = try writeRequest(
            "PUT", path: url.absoluteString, etag: entity.metadata.mediaETag ?? entity.metadata.etag, headers: headers,
            options: RequestOptions(), body: body)
        request.headers["Content-Type"] = contentType
        return try await execute(request).headers["ETag"]
    }

    /// Creates a media-link entity by posting its media resource to the entity set, with `Slug`
    /// (when given) naming it; returns the created entity as the server describes it.
    public func createMedia(
        in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws -> EntityValue {
        var request = HTTPRequest(method: "POST", url: try url(for: URLEncoding.encodePath(entitySet.name)), headers: headers, body: body)
        request.headers["Content-Type"] = contentType
        if let slug {
            guard !slug.contains("\r"), !slug.contains("\n") else {
                throw ODataError(.invalidRequest, "a Slug cannot contain line breaks")
            }
            request.headers["Slug"] = ODataPercentEncoding.slug(slug)
        }
        if request.headers["Accept"] == nil { request.headers["Accept"] = options.format.acceptHeader }
        let response = try await execute(request)
        return try decodeEntity(response, request, type: entitySet.entityType)
    }

    /// The media URL: the edit-media or read link when editing/reading, else the entity's path + `/$value`.
    func mediaURL(of entity: EntityValue, entitySet: EntitySetDescriptor?, forEditing: Bool = false) throws -> URL {
        let link = forEditing ? entity.metadata.mediaEditLink : (entity.metadata.mediaReadLink ?? entity.metadata.mediaEditLink)
        if let link, !link.isEmpty { return try url(for: link) }
        return try url(for: try entityPath(entity, entitySet: entitySet) + "/$value")
    }
}

extension ODataPercentEncoding {
    /// A `Slug` header value: RFC 5023 percent-encodes `%` and anything outside printable ASCII.
    static func slug(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: Unicode.Scalar(0x20)...Unicode.Scalar(0x7E))
        allowed.remove("%")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
