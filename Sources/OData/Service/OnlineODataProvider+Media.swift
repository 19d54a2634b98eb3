import Foundation

extension OnlineODataProvider {
    /// The media resource (`$value`) of a media-link entity, in memory.
    public func fetchMedia(
        of entity: EntityValue, entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> (data: Data, contentType: String?) {
        do {
            let response = try await execute(try requestBuilder.media(of: entity, entitySet: entitySet, headers: headers))
            return (response.body, response.headers["Content-Type"])
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Downloads the media resource (`$value`) of a media-link entity into a file, streamed to disk.
    /// Returns the content type.
    @discardableResult
    public func downloadMedia(
        of entity: EntityValue, to file: URL, entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> String? {
        do {
            return try await execute(try requestBuilder.media(of: entity, entitySet: entitySet, to: file, headers: headers)).headers[
                "Content-Type"]
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Replaces the media resource (`PUT …/$value`) from memory (`.data`) or a file streamed from disk
    /// (`.file`), with `If-Match` set to the entity's media ETag (or ETag) when known.
    /// Returns the new ETag, if the server sent one.
    @discardableResult
    public func uploadMedia(
        of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> String? {
        do {
            let request = try requestBuilder.uploadMedia(
                of: entity, body: body, contentType: contentType, entitySet: entitySet, headers: headers)
            return try await execute(request).headers["ETag"]
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Creates a media-link entity by posting its media resource to the entity set, with `Slug`
    /// (when given) naming it; returns the created entity as the server describes it.
    public func createMedia(
        in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String? = nil,
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> EntityValue {
        do {
            let (request, response) = try await send(
                try requestBuilder.createMedia(in: entitySet, body: body, contentType: contentType, slug: slug, headers: headers))
            return try decodeEntity(response, request, type: entitySet.entityType)
        } catch {
            throw ODataError(wrapping: error)
        }
    }
}
