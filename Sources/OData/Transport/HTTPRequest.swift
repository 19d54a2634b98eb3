import Foundation

/// The body of an HTTP request.
public enum HTTPBody: Sendable, Hashable {
    /// No body.
    case none
    /// Bytes held in memory.
    case data(Data)
    /// A file streamed from disk (media uploads), never read whole into memory.
    case file(URL)

    /// The in-memory bytes, if any.
    public var data: Data? {
        if case .data(let data) = self { return data }
        return nil
    }
}

/// One HTTP request as the transport sends it.
public struct HTTPRequest: Sendable {
    /// The method (`GET`, `POST`, `MERGE`, …), uppercased.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// The request headers.
    public var headers: HTTPHeaders
    /// The body.
    public var body: HTTPBody
    /// When set, a successful response body is streamed into this file instead of memory.
    public var responseBodyFile: URL?
    /// A per-request timeout in seconds overriding the transport's, if any.
    public var timeout: TimeInterval?
    /// The proxy this request goes through, overriding the transport's own proxy setting, if any.
    public var proxy: HTTPProxy?
    /// What travels with the request between the provider, its middlewares and the transport, if anything (one
    /// reference, so that copying a request through the middleware chain costs one retain).
    private var context: RequestContext?

    /// Creates a request.
    public init(
        method: String, url: URL, headers: HTTPHeaders = HTTPHeaders(), body: HTTPBody = .none,
        responseBodyFile: URL? = nil, timeout: TimeInterval? = nil
    ) {
        self.method = method.uppercased()
        self.url = url
        self.headers = headers
        self.body = body
        self.responseBodyFile = responseBodyFile
        self.timeout = timeout
    }

    /// The method a server acts on: the `X-HTTP-Method` of a tunnelled POST, else `method`.
    public var effectiveMethod: String {
        if method == "POST", let tunnelled = headers["X-HTTP-Method"] { return tunnelled.uppercased() }
        return method
    }

    /// Whether the request changes server state (and so needs a CSRF token and is never retried).
    public var isModifying: Bool {
        !["GET", "HEAD", "OPTIONS"].contains(effectiveMethod)
    }

    /// Whether sending the request twice is harmless: reads, and writes that carry a repeatable-request id
    /// (`RepeatableRequests`: the service applies them once); no other write is ever sent twice.
    public var isSafeToRetry: Bool { !isModifying || RepeatableRequests.isRepeatable(headers) }
}

/// One HTTP response.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var statusCode: Int
    /// The response headers.
    public var headers: HTTPHeaders
    /// The body held in memory (empty when it was streamed to `bodyFile`).
    public var body: Data
    /// The file holding the body when the request asked for `responseBodyFile`.
    public var bodyFile: URL?
    /// The URL that answered.
    public var url: URL
    /// What the transport measured of this exchange (timings, sizes), if it measures.
    public var transferMetrics: TransferMetrics? {
        get { measured?.metrics }
        set { measured = newValue.map(TransferMetrics.Box.init) }
    }
    /// Boxed, so that a response without metrics stays as small as before (it is copied through every middleware).
    private var measured: TransferMetrics.Box?

    /// Creates a response.
    public init(statusCode: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), bodyFile: URL? = nil, url: URL) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
        self.url = url
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// The media type of `Content-Type` without parameters, lowercased (`application/json`).
    public var mediaType: String? {
        headers["Content-Type"].map(HTTPResponse.mediaType(of:))
    }

    /// The `sap-message` header decoded, if present and well formed.
    public var sapMessages: [SAPMessage] {
        guard let header = headers["sap-message"] else { return [] }
        return SAPMessage.parse(header: header)
    }

    /// The media type of a `Content-Type` value without parameters, lowercased.
    public static func mediaType(of contentType: String) -> String {
        var ascii = contentType
        if let fast = ascii.withUTF8({ mediaType(ofASCII: $0) }) { return fast }
        let bare = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? contentType
        return bare.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// `mediaType(of:)` of an all-ASCII value without Foundation (called for every response); nil when the
    /// value holds other bytes (then Unicode whitespace rules apply).
    private static func mediaType(ofASCII bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        // a leading ";" (which `split` skips as an empty piece) or a non-ASCII byte: the general path
        guard end != 0, !bytes[..<end].contains(where: { $0 >= 0x80 }) else { return nil }
        let bare = bytes[..<end].trimmed(where: \.isSpaceOrTab)
        return String(unsafeUninitializedCapacity: bare.count) { buffer in
            for (offset, byte) in bare.enumerated() { buffer[offset] = byte.asciiLowercased }
            return bare.count
        }
    }
}

/// The parts of a request that are not sent but travel with it through the middlewares to the transport: the
/// stream its response body goes to, the logical request it is an attempt of, and where its report waits.
/// Immutable: a request that changes one gets a new context.
final class RequestContext: Sendable {
    let responseBodyStream: ResponseBodyStream?
    let attempts: RequestAttempts?
    let pendingReport: PendingRequestReport?

    init(responseBodyStream: ResponseBodyStream?, attempts: RequestAttempts?, pendingReport: PendingRequestReport?) {
        self.responseBodyStream = responseBodyStream
        self.attempts = attempts
        self.pendingReport = pendingReport
    }
}

extension HTTPRequest {
    /// Where a transport that streams response bodies (`ODataTransport.streamsResponseBodies`) hands the body of
    /// this request's response while it arrives, when the stream takes it (`ResponseBodyStream.begin`); nil: the
    /// body is collected in `HTTPResponse.body`. Set by the provider for the pages it decodes while they arrive.
    public var responseBodyStream: ResponseBodyStream? {
        get { context?.responseBodyStream }
        set { context = RequestContext(responseBodyStream: newValue, attempts: attempts, pendingReport: pendingReport) }
    }

    /// The logical request this HTTP request is an attempt of, when the provider observes requests or propagates
    /// trace context: set by the outermost observation middleware, read by the innermost.
    var attempts: RequestAttempts? {
        get { context?.attempts }
        set { context = RequestContext(responseBodyStream: responseBodyStream, attempts: newValue, pendingReport: pendingReport) }
    }

    /// Where the observation middleware leaves this request's report for the provider to file once the answer is
    /// checked and decoded (`PendingRequestReport`), if the provider holds reports.
    var pendingReport: PendingRequestReport? {
        get { context?.pendingReport }
        set { context = RequestContext(responseBodyStream: responseBodyStream, attempts: attempts, pendingReport: newValue) }
    }
}
