import Foundation

/// The content-type check and the decoding error mapping every answer of a service goes through: the online
/// provider's `send` and the batch-part codec, so that a wrong content type or a payload that cannot be decoded
/// is the same `ODataError`, with the request's method, URL, status and body, wherever it is met.
enum ResponseChecks {
    /// Checks that a response has the codec's content type (`.wrongContentType` otherwise).
    static func checkContentType(_ response: HTTPResponse, _ request: HTTPRequest, codec: any ODataPayloadCodec) throws(ODataError) {
        let media = response.mediaType ?? ""
        guard codec.accepts(mediaType: media) else {
            throw ODataError(
                .wrongContentType, "expected \(codec.format.rawValue) but \(request.url.absoluteString) answered '\(media)'",
                method: request.method, url: request.url, statusCode: response.statusCode, responseHeaders: response.headers,
                responseBody: response.body)
        }
    }

    /// Runs a decoder over a response, turning its failures into `ODataError`: `.decoding` with the byte position,
    /// `.httpStatus` for an OData error body in a successful answer, any other error by `ODataError(wrapping:)`'s
    /// rule, with the request and response.
    static func decode<T>(_ response: HTTPResponse, _ request: HTTPRequest, _ body: () throws -> T) throws(ODataError) -> T {
        do {
            return try body()
        } catch let error as ODataDecodingError {
            throw ODataError.decoding(error, request: request, response: response)
        } catch let error as ODataErrorBody {
            throw ODataError(
                .httpStatus, "\(request.url.absoluteString) answered an OData error: \(error)", method: request.method,
                url: request.url, statusCode: response.statusCode, responseHeaders: response.headers, serviceError: error,
                responseBody: response.body)
        } catch {
            throw ODataError(wrapping: error).about(request, response)
        }
    }
}
