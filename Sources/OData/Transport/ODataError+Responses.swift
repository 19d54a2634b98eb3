import Foundation

extension ODataError {
    /// The error for a non-2xx response: `preconditionFailed` for 412, `preconditionRequired`
    /// for 428, else `httpStatus`; the body's OData error is parsed when present.
    public static func status(_ response: HTTPResponse, for request: HTTPRequest) -> ODataError {
        let kind = statusKind(response.statusCode)
        let body = ODataErrorBody.parse(response.body, contentType: response.headers["Content-Type"])
        let parsed = body.isRecognized ? body : nil
        var text = "\(request.effectiveMethod) \(capped(request.url)) answered \(response.statusCode)"
        if let message = body.message, !message.isEmpty { text += ": \(message.prefix(500))" }
        return ODataError(
            kind, text, method: request.effectiveMethod, url: request.url, statusCode: response.statusCode,
            responseHeaders: response.headers, serviceError: parsed, responseBody: response.body)
    }

    /// This error with the request and response it is about, where it does not name them yet.
    func about(_ request: HTTPRequest, _ response: HTTPResponse? = nil) -> ODataError {
        var error = self
        if error.method == nil { error.method = request.method }
        if error.url == nil { error.url = request.url }
        if let response, error.statusCode == nil {
            error.statusCode = response.statusCode
            error.responseHeaders = response.headers
            error.responseBody = response.body
        }
        return error
    }

    /// The kind of the error a non-2xx status is (`status(_:for:)`'s rule, which the request metrics share).
    static func statusKind(_ statusCode: Int) -> Kind {
        switch statusCode {
        case 412: return .preconditionFailed
        case 428: return .preconditionRequired
        default: return .httpStatus
        }
    }

    /// The error for a body a decoder refused: its message names the entity (index, key when known)
    /// and property, the URL is capped, and `bodyExcerpt` keeps the bytes around the position (not
    /// just the body's start, which for a large body does not contain it).
    public static func decoding(_ error: ODataDecodingError, request: HTTPRequest, response: HTTPResponse) -> ODataError {
        let context = error.context
        var result = ODataError(
            .decoding,
            "\(capped(request.url)): \(context.isEmpty ? "" : "in \(context): ")\(error.message) "
                + "(line \(error.line), column \(error.column)) near «\(excerpt(of: response.body, around: error.offset, radius: 40) ?? "")»",
            method: request.method, url: request.url, statusCode: response.statusCode, responseHeaders: response.headers,
            responseBody: response.body, underlyingError: error, position: error.offset)
        result.bodyExcerpt = excerpt(of: response.body, around: error.offset)
        return result
    }

    /// Up to `radius` bytes either side of `position`, as text (invalid UTF-8 replaced).
    static func excerpt(of body: Data, around position: Int, radius: Int = 256) -> String? {
        guard !body.isEmpty else { return nil }
        let center = min(max(position, 0), body.count)
        let start = body.index(body.startIndex, offsetBy: max(center - radius, 0))
        let end = body.index(body.startIndex, offsetBy: min(center + radius, body.count))
        return String(decoding: body[start..<end], as: UTF8.self)
    }
}
