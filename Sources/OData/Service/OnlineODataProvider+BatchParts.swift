import Foundation

extension OnlineODataProvider {
    /// Decodes the entities of a successful batch read of `query`, in the format the part's `Content-Type`
    /// names (JSON or Atom; another type is a `.wrongContentType` error naming the one `Options.format` expects).
    public func entities(from part: BatchPartResponse, for query: DataQuery) throws(ODataError) -> EntityList {
        do {
            let url = try url(of: query)
            let request = HTTPRequest(method: "GET", url: url)
            let response = HTTPResponse(statusCode: part.statusCode, headers: part.headers, body: part.body, url: url)
            if let error = part.error(for: BatchPartRequest(method: "GET", url: query.relativeURLString), serviceRoot: serviceRoot) {
                throw error
            }
            let media = response.mediaType ?? ""
            let format =
                [PayloadFormat.json, .atom].first { $0 != options.format && $0.codec().accepts(mediaType: media) } ?? options.format
            return try decode(response, request, format: format) {
                try format.codec(typeResolver: options.typeResolver).decodeEntityList(
                    part.body, entityType: try query.resultEntityType())
            }
        } catch {
            throw ODataError(wrapping: error)
        }
    }
}
