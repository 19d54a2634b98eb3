import Foundation

/// One operation of the online provider as a value: the request, the statuses it accepts, what its answer must
/// be, and how the answer is decoded. `OnlineODataProvider.send(_:)` runs every one of them the same way.
struct OnlineOperation<Output> {
    /// What the answer's body must be before it is decoded.
    enum Answer {
        /// Any body, or none (counts, `$value`, media, `$metadata`, writes that answer nothing).
        case raw
        /// A payload in the provider's format; with `orEmpty`, a 204 or an empty body is accepted unchecked.
        case payload(orEmpty: Bool)
        /// A body of one media type (`multipart/mixed` for `$batch`).
        case mediaType(String)
    }

    /// The request.
    var request: HTTPRequest
    /// The statuses the operation accepts; any other is an `ODataError` with the server's error parsed.
    var accepts: Range<Int> = 200..<300
    /// What the answer's body must be.
    var answer: Answer
    /// Decodes an accepted, checked answer.
    var decode: (HTTPResponse) throws -> Output
}

extension OnlineODataProvider {
    /// Runs an operation: through the middleware chain and the transport, then the status and content-type
    /// checks, then its decoder, with every failure an `ODataError` carrying the request's method and URL (and the
    /// response's status, headers and body once there is one).
    func send<Output>(_ operation: OnlineOperation<Output>) async throws(ODataError) -> Output {
        let request = operation.request
        let response: HTTPResponse
        do {
            response = try await pipeline.send(request)
        } catch {
            throw ODataError(wrapping: error)
        }
        guard operation.accepts.contains(response.statusCode) else { throw ODataError.status(response, for: request) }
        if let handler = options.sapMessageHandler {
            let messages = response.sapMessages
            if !messages.isEmpty { handler(messages, response) }
        }
        switch operation.answer {
        case .raw: break
        case .payload(let orEmpty):
            if !orEmpty || (response.statusCode != 204 && !response.body.isEmpty) {
                try ResponseChecks.checkContentType(response, request, codec: codec)
            }
        case .mediaType(let expected):
            guard let type = response.headers["Content-Type"], HTTPResponse.mediaType(of: type) == expected else {
                throw ODataError(
                    .wrongContentType,
                    "\(request.effectiveMethod) \(request.url.absoluteString) answered "
                        + "\(response.headers["Content-Type"] ?? "no content type"), not \(expected)",
                    method: request.method, url: request.url, statusCode: response.statusCode, responseHeaders: response.headers,
                    responseBody: response.body)
            }
        }
        return try ResponseChecks.decode(response, request) { try operation.decode(response) }
    }

    /// Sends a request through the pipeline and returns the 2xx response; any other status
    /// throws `ODataError` with the server's error parsed (`.preconditionFailed` for 412).
    public func execute(_ request: HTTPRequest) async throws(ODataError) -> HTTPResponse {
        try await send(OnlineOperation(request: request, answer: .raw) { $0 })
    }

    /// An absolute URL for a path relative to the service root (`Customers('1')?$top=1`),
    /// with `sap-client` and `sap-language` appended when configured. An absolute http(s) URL is
    /// accepted only when it has the service root's origin, unless `options.redirectPolicy` allows
    /// other origins (then `RedirectMiddleware` sends it without credentials).
    public func url(for relativeOrAbsolute: String) throws -> URL {
        try requestBuilder.url(for: relativeOrAbsolute)
    }

    /// A page of entities decoded from an answer in the provider's format (checked).
    func decodeList(_ response: HTTPResponse, _ request: HTTPRequest, type: EntityTypeDescriptor) throws(ODataError) -> EntityList {
        try ResponseChecks.checkContentType(response, request, codec: codec)
        return try ResponseChecks.decode(response, request) { try codec.decodeEntityList(response.body, entityType: type) }
    }

    /// An entity decoded from an answer, with the response's `ETag` when the payload has none.
    func entity(in response: HTTPResponse, type: EntityTypeDescriptor) throws -> EntityValue {
        var entity = try codec.decodeEntity(response.body, entityType: type)
        if entity.metadata.etag == nil, let etag = response.headers["ETag"] { entity.metadata.etag = etag }
        return entity
    }

    /// Decodes the entities of a successful batch read of `query` with the shared batch-part codec, in the format
    /// the part's `Content-Type` names (JSON or Atom; another is `.wrongContentType` naming `Options.format`).
    public func entities(from part: BatchPartResponse, for query: DataQuery) throws(ODataError) -> EntityList {
        try BatchPartCodec.entities(
            from: part, for: query, serviceRoot: serviceRoot, typeResolver: options.typeResolver, expected: options.format)
    }
}
