import Foundation

extension OnlineODataProvider {
    /// Decodes the entities of a successful batch read of `query`.
    public func entities(from part: BatchPartResponse, for query: DataQuery) throws(ODataError) -> EntityList {
        do {
            let url = try url(of: query)
            let request = HTTPRequest(method: "GET", url: url)
            let response = HTTPResponse(statusCode: part.statusCode, headers: part.headers, body: part.body, url: url)
            if let error = part.error(for: BatchPartRequest(method: "GET", url: query.relativeURLString), serviceRoot: serviceRoot) {
                throw error
            }
            return try decode(response, request, format: .json) {
                try ODataJSONDecoder(typeResolver: options.typeResolver).decodeEntityList(
                    part.body, entityType: try query.resultEntityType())
            }
        } catch {
            throw ODataError(wrapping: error)
        }
    }
}
