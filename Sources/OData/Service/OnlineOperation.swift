import Foundation

/// One request of the online provider with what its answer must be: the statuses it accepts and what its body must
/// be before it is decoded. `OnlineODataProvider.run(_:decode:)` runs every one of them the same way.
struct OnlineOperation {
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
}

extension OnlineODataProvider {
    /// Runs a request: through the middleware chain and the transport, then the status and content-type checks,
    /// then `decode`, with every failure an `ODataError` carrying the request's method and URL (and the response's
    /// status, headers and body once there is one). With a request observer, the request's metrics are filed once
    /// `decode` is done (see `reportingAfterDecoding`).
    func run<T>(_ operation: OnlineOperation, decode: (HTTPResponse) throws -> T) async throws(ODataError) -> T {
        if observesRequests { return try await runReporting(operation, decode: decode) }
        let response = try await exchange(operation)
        return try ResponseChecks.decode(response, operation.request) { try decode(response) }
    }

    /// `run` with a request observer: `reportingAfterDecoding` written out (no closure; the operation copied once,
    /// with its report), and apart, so that the plain `run` stays small enough to be inlined into its callers.
    @inline(never)
    private func runReporting<T>(_ operation: OnlineOperation, decode: (HTTPResponse) throws -> T) async throws(ODataError) -> T {
        let pending = PendingRequestReport()
        var held = operation
        held.request.pendingReport = pending
        do {
            let response = try await exchange(held)
            let result = try ResponseChecks.decode(response, held.request) { try decode(response) }
            pending.finish(failure: nil)
            return result
        } catch {
            pending.finish(failure: error.kind)
            throw error
        }
    }

    /// Runs one request's exchange, checks and decoding (`body`, given the request to send); with a request
    /// observer, the request carries a `PendingRequestReport` that the observation middleware files its metrics
    /// into, and they are reported once `body` is done, so that an answer that fails its checks or its decoding
    /// after a 2xx counts as failed, with that error's kind.
    func reportingAfterDecoding<Result>(
        _ request: HTTPRequest, _ body: (HTTPRequest) async throws(ODataError) -> Result
    ) async throws(ODataError) -> Result {
        guard observesRequests else { return try await body(request) }
        let pending = PendingRequestReport()
        var held = request
        held.pendingReport = pending
        do {
            let result = try await body(held)
            pending.finish(failure: nil)
            return result
        } catch {
            pending.finish(failure: error.kind)
            throw error
        }
    }

    /// The request/response part of `send(_:)`: the pipeline, the accepted statuses, `sap-message`s and the
    /// answer's content type.
    func exchange(_ operation: OnlineOperation) async throws(ODataError) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try await pipeline.send(operation.request)
        } catch {
            throw ODataError(wrapping: error)
        }
        guard operation.accepts.contains(response.statusCode) else { throw ODataError.status(response, for: operation.request) }
        if let handler = options.sapMessageHandler {
            let messages = response.sapMessages
            if !messages.isEmpty { handler(messages, response) }
        }
        switch operation.answer {
        case .raw: break
        case .payload(let orEmpty):
            if !orEmpty || (response.statusCode != 204 && !response.body.isEmpty) {
                try ResponseChecks.checkContentType(response, operation.request, codec: codec)
            }
        case .mediaType(let expected):
            guard let type = response.headers["Content-Type"], HTTPResponse.mediaType(of: type) == expected else {
                throw ODataError(
                    .wrongContentType,
                    "\(operation.request.effectiveMethod) \(operation.request.url.absoluteString) answered "
                        + "\(response.headers["Content-Type"] ?? "no content type"), not \(expected)",
                    method: operation.request.method, url: operation.request.url, statusCode: response.statusCode,
                    responseHeaders: response.headers, responseBody: response.body)
            }
        }
        return response
    }

    /// Sends a request through the pipeline and returns the 2xx response; any other status
    /// throws `ODataError` with the server's error parsed (`.preconditionFailed` for 412).
    public func execute(_ request: HTTPRequest) async throws(ODataError) -> HTTPResponse {
        try await exchange(OnlineOperation(request: request, answer: .raw))
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

    /// An entity decoded from an answer, with the response's `ETag` when the payload has none (static, so that a
    /// decoder captures the codec, not the provider).
    static func entity(in response: HTTPResponse, type: EntityTypeDescriptor, codec: any ODataPayloadCodec) throws -> EntityValue {
        var entity = try codec.decodeEntity(response.body, entityType: type)
        entity.takeETag(from: response.headers)
        return entity
    }

    /// Decodes the entities of a successful batch read of `query` with the shared batch-part codec, in the format
    /// the part's `Content-Type` names (JSON or Atom; another is `.wrongContentType` naming `Options.format`).
    public func entities(from part: BatchPartResponse, for query: DataQuery) throws(ODataError) -> EntityList {
        try BatchPartCodec.entities(
            from: part, for: query, serviceRoot: serviceRoot, typeResolver: options.typeResolver, expected: options.format)
    }
}
