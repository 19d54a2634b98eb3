import Foundation

extension OnlineODataProvider {
    /// The absolute URL of a query under the service root.
    func url(of query: DataQuery) throws -> URL {
        try requestBuilder.url(of: query)
    }

    /// Checks that a response has the format's content type.
    func checkContentType(_ response: HTTPResponse, _ request: HTTPRequest, format: PayloadFormat? = nil) throws {
        let codec = format.map { $0.codec() } ?? codec
        let media = response.mediaType ?? ""
        guard codec.accepts(mediaType: media) else {
            throw ODataError(
                .wrongContentType, "expected \(codec.format.rawValue) but \(request.url.absoluteString) answered '\(media)'",
                method: request.method, url: request.url, statusCode: response.statusCode, responseHeaders: response.headers,
                responseBody: response.body)
        }
    }

    /// Runs a decoder, turning its failures into `ODataError` `.decoding` with the byte position.
    func decode<T>(_ response: HTTPResponse, _ request: HTTPRequest, format: PayloadFormat? = nil, _ body: () throws -> T) throws -> T {
        try checkContentType(response, request, format: format)
        do {
            return try body()
        } catch let error as ODataDecodingError {
            throw ODataError.decoding(error, request: request, response: response)
        } catch let error as ODataErrorBody {
            throw ODataError(
                .httpStatus, "\(request.url.absoluteString) answered an OData error: \(error)", method: request.method,
                url: request.url, statusCode: response.statusCode, responseHeaders: response.headers, serviceError: error,
                responseBody: response.body)
        } catch let error as ODataError {
            throw error
        } catch {
            throw ODataError(
                .decoding, "\(request.url.absoluteString): \(error)", method: request.method, url: request.url,
                statusCode: response.statusCode, responseHeaders: response.headers, responseBody: response.body,
                underlyingError: error)
        }
    }

    func decodeList(_ response: HTTPResponse, _ request: HTTPRequest, type: EntityTypeDescriptor) throws -> EntityList {
        try decode(response, request) { try codec.decodeEntityList(response.body, entityType: type) }
    }

    func decodeEntity(_ response: HTTPResponse, _ request: HTTPRequest, type: EntityTypeDescriptor) throws -> EntityValue {
        var entity = try decode(response, request) { try codec.decodeEntity(response.body, entityType: type) }
        if entity.metadata.etag == nil, let etag = response.headers["ETag"] { entity.metadata.etag = etag }
        return entity
    }

    func decodeValue(_ response: HTTPResponse, _ request: HTTPRequest, type: PropertyType) throws -> EdmValue {
        try decode(response, request) { try codec.decodeValue(response.body, type: type) }
    }
}
