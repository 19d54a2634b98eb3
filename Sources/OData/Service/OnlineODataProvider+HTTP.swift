import Foundation

extension OnlineODataProvider {
    /// An absolute URL for a path relative to the service root (`Customers('1')?$top=1`),
    /// with `sap-client` and `sap-language` appended when configured. An absolute http(s) URL is
    /// accepted only when it has the service root's origin, unless `options.redirectPolicy` allows
    /// other origins (then `RedirectMiddleware` sends it without credentials).
    public func url(for relativeOrAbsolute: String) throws -> URL {
        try requestBuilder.url(for: relativeOrAbsolute)
    }

    /// Sends a request through the pipeline and returns the 2xx response; any other status
    /// throws `ODataError` with the server's error parsed (`.preconditionFailed` for 412).
    public func execute(_ request: HTTPRequest) async throws(ODataError) -> HTTPResponse {
        do {
            let response = try await pipeline.send(request)
            guard response.isSuccess else { throw ODataError.status(response, for: request) }
            if let handler = options.sapMessageHandler {
                let messages = response.sapMessages
                if !messages.isEmpty { handler(messages, response) }
            }
            return response
        } catch {
            throw ODataError(wrapping: error)
        }
    }

    /// Sends a built request and returns it with its response.
    func send(_ request: HTTPRequest) async throws -> (HTTPRequest, HTTPResponse) {
        (request, try await execute(request))
    }

    /// Sends a `$batch`: its reads and changesets go out as one `multipart/mixed` POST (with the
    /// CSRF token), and each read and changeset gets its result or typed error.
    public func processBatch(_ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) {
        do {
            guard !batch.isEmpty else { return }
            let (request, response) = try await send(try requestBuilder.batch(batch, headers: headers))
            guard let type = response.headers["Content-Type"], HTTPResponse.mediaType(of: type) == "multipart/mixed" else {
                throw ODataError(
                    .wrongContentType, "$batch answered \(response.headers["Content-Type"] ?? "no content type"), not multipart/mixed",
                    method: "POST", url: request.url, statusCode: response.statusCode, responseHeaders: response.headers,
                    responseBody: response.body)
            }
            try batch.record(try BatchReader.decode(response.body, contentType: type), serviceRoot: serviceRoot)
        } catch {
            throw ODataError(wrapping: error)
        }
    }
}
