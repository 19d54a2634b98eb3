import Foundation

/// Every failure of a request, with its context: what was sent, what came back and why it failed.
///
/// Match on `kind`; `serviceError` holds the server's parsed OData error body when there was one.
public struct ODataError: Error, Sendable, CustomStringConvertible {

    /// What went wrong.
    public let kind: Kind
    /// A readable explanation.
    public let message: String
    /// The request method, when a request was involved.
    public var method: String?
    /// The request URL, when a request was involved.
    public var url: URL?
    /// The HTTP status, when a response arrived.
    public var statusCode: Int?
    /// The response headers, when a response arrived.
    public var responseHeaders: HTTPHeaders
    /// The server's OData error (`{"error":{…}}` or `<error>`), when the body held a recognizable one.
    public var serviceError: ODataErrorBody?
    /// The first 64 KB of the response body, when a response arrived.
    public var responseBody: Data?
    /// The error that caused this one (a `URLError`, a decoder error, …).
    public var underlyingError: (any Error)?
    /// The byte offset in the body where decoding failed, when known.
    public var position: Int?
    /// The `Content-ID` of the `$batch` changeset request this error is about, when it is about one.
    public var contentID: String?
    /// For `.truncatedBody`: the bytes the response promised (`Content-Length`), when known.
    public var expectedBytes: Int?
    /// For `.truncatedBody`: the bytes that arrived, when known.
    public var receivedBytes: Int?
    /// For `.truncatedBody`: the bytes that were still missing when the connection closed, when known.
    public var missingBytes: Int?
    /// For `.timeout`: the length in seconds of the timeout that ran out.
    public var timeoutInterval: TimeInterval?
    /// For `.decoding`: the body's text around `position` (up to 256 bytes either side).
    public var bodyExcerpt: String?

    /// Creates an error.
    public init(
        _ kind: Kind, _ message: String, method: String? = nil, url: URL? = nil, statusCode: Int? = nil,
        responseHeaders: HTTPHeaders = HTTPHeaders(), serviceError: ODataErrorBody? = nil,
        responseBody: Data? = nil, underlyingError: (any Error)? = nil, position: Int? = nil
    ) {
        self.kind = kind
        self.message = message
        self.method = method
        self.url = url
        self.statusCode = statusCode
        self.responseHeaders = responseHeaders
        self.serviceError = serviceError
        self.responseBody = responseBody.map { $0.prefix(65_536) }
        self.underlyingError = underlyingError
        self.position = position
    }

    /// A URL for a message: at most 500 characters, with the full length said when cut (the whole
    /// URL stays in `url`).
    static func capped(_ url: URL) -> String {
        capped(url.absoluteString, limit: 500)
    }

    /// Text for a message: at most `limit` characters, with the full length said when cut.
    static func capped(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        return text.prefix(limit) + "… (\(text.count) characters)"
    }

    /// Whether the server said the resource is busy or limited (503, 429).
    public var isThrottled: Bool { statusCode == 503 || statusCode == 429 }

    /// A readable description.
    public var description: String {
        var text = "ODataError.\(kind.rawValue): \(message)"
        if let position { text += " (at byte \(position))" }
        if let underlyingError { text += " [\(underlyingError)]" }
        return text
    }
}

extension ODataError: LocalizedError {
    /// The readable explanation.
    public var errorDescription: String? { description }
}
