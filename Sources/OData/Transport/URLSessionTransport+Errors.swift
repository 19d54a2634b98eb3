import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    static func checkLength(_ response: HTTPResponse, request: HTTPRequest, received: Int) throws {
        guard let declared = response.headers["Content-Length"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            response.headers["Content-Encoding"] == nil, received < declared
        else { return }
        var error = ODataError(
            .truncatedBody, "\(request.method) \(ODataError.capped(request.url)): body ended after \(received) of \(declared) bytes",
            method: request.method, url: request.url, statusCode: response.statusCode, responseHeaders: response.headers)
        error.expectedBytes = declared
        error.receivedBytes = received
        throw error
    }

    static func fileSize(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// The transport's error as an `ODataError`: a body that ended early (libcurl's "transfer closed
    /// with N bytes remaining") is `.truncatedBody` with the bytes expected and received; a timeout
    /// says which timeout ran out and after how long.
    static func mapError(_ error: any Error, request: HTTPRequest, response: URLResponse?, context: FailureContext?) -> ODataError {
        if let odata = error as? ODataError { return odata }
        let target = "\(request.method) \(ODataError.capped(request.url))"
        let text = describe(error)
        if let remaining = remainingBytes(in: text) {
            let declared =
                (response as? HTTPURLResponse).flatMap { Int($0.value(forHTTPHeaderField: "Content-Length") ?? "") }
                ?? context?.expected.flatMap { $0 >= Int64(remaining) ? Int($0) : nil }
            var truncated = ODataError(
                .truncatedBody,
                declared.map { "\(target): body ended after \($0 - remaining) of \($0) bytes (connection closed)" }
                    ?? "\(target): body ended \(remaining) bytes short of its Content-Length (connection closed)",
                method: request.method, url: request.url, statusCode: (response as? HTTPURLResponse)?.statusCode,
                underlyingError: error)
            truncated.expectedBytes = declared
            truncated.receivedBytes = declared.map { $0 - remaining }
            truncated.missingBytes = remaining
            return truncated
        }
        switch (error as? URLError)?.code {
        case .cancelled?:
            return ODataError(.cancelled, "\(target) was cancelled", method: request.method, url: request.url, underlyingError: error)
        case .timedOut?:
            var timeout = ODataError(
                .timeout, "\(target) timed out: \(context?.explanation ?? text)", method: request.method, url: request.url,
                underlyingError: error)
            timeout.timeoutInterval = context?.timeoutThatRanOut
            return timeout
        default:
            return ODataError(.transport, "\(target) failed: \(text)", method: request.method, url: request.url, underlyingError: error)
        }
    }

    /// The most specific text of an error: the underlying error's description when the outer one has none.
    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let text = nsError.userInfo[NSLocalizedDescriptionKey] as? String { return text }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            let text = underlying.userInfo[NSLocalizedDescriptionKey] as? String
        {
            return text
        }
        return error.localizedDescription
    }

    /// N of libcurl's "transfer closed with N bytes remaining to read".
    static func remainingBytes(in text: String) -> Int? {
        guard let range = text.range(of: "transfer closed with ") else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        guard !digits.isEmpty, text[range.upperBound...].dropFirst(digits.count).hasPrefix(" bytes remaining") else { return nil }
        return Int(digits)
    }
}

/// What a failed request's error message needs to know: when it started and the timeouts in force.
struct FailureContext: Sendable {
    let started: Date
    /// The idle timeout: `HTTPRequest.timeout` or the session's `timeoutIntervalForRequest`.
    let requestTimeout: TimeInterval
    /// The whole-request timeout (`timeoutIntervalForResource`).
    let resourceTimeout: TimeInterval
    /// Whether `requestTimeout` came from the request rather than the session.
    let isPerRequest: Bool
    /// The body length the response announced, when the task reported it (`countOfBytesExpectedToReceive`).
    var expected: Int64?

    /// This context with the announced body length.
    func with(expected: Int64?) -> FailureContext {
        var copy = self
        copy.expected = expected
        return copy
    }

    /// Seconds since the request started.
    var elapsed: TimeInterval { Date().timeIntervalSince(started) }

    /// The timeout that ran out: the whole-request one when the request took that long, else the idle one.
    var timeoutThatRanOut: TimeInterval {
        elapsed + 0.5 >= resourceTimeout ? resourceTimeout : requestTimeout
    }

    /// Which timeout ran out, how long it is, and how long the request took.
    var explanation: String {
        let took = String(format: "%.1f", elapsed)
        if elapsed + 0.5 >= resourceTimeout {
            return "the whole-request timeout of \(Self.seconds(resourceTimeout)) ran out "
                + "(URLSessionTransport.Configuration.resourceTimeout) after \(took) s"
        }
        let source = isPerRequest ? "HTTPRequest.timeout" : "URLSessionTransport.Configuration.requestTimeout"
        return "no data for the idle timeout of \(Self.seconds(requestTimeout)) (\(source)); the request ran \(took) s"
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
