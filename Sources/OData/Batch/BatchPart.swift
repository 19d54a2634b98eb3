import Foundation

/// One request inside a `$batch`: a method, a URL relative to the service root (or `$<id>/…`
/// referring to an earlier part of the same changeset), headers and a body.
public struct BatchPartRequest: Sendable {
    /// The method.
    public var method: String
    /// The URL, relative to the service root (`Customers('1')`) or a `$1` reference.
    public var url: String
    /// The part's own headers (`Content-Type`, `If-Match`, `Accept`, …).
    public var headers: HTTPHeaders
    /// The body.
    public var body: Data
    /// The `Content-ID` that later parts of the changeset can refer to as `$<id>`.
    public var contentID: String?

    /// Creates a part.
    public init(method: String, url: String, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), contentID: String? = nil) {
        self.method = method.uppercased()
        self.url = url
        self.headers = headers
        self.body = body
        self.contentID = contentID
    }
}

/// The response to one part of a `$batch`.
public struct BatchPartResponse: Sendable {
    /// The status code.
    public var statusCode: Int
    /// The part's headers (the inner HTTP headers, plus the MIME part's `Content-ID`).
    public var headers: HTTPHeaders
    /// The body.
    public var body: Data
    /// The `Content-ID` echoed by the server, if any.
    public var contentID: String?

    /// Creates a part response.
    public init(statusCode: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), contentID: String? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.contentID = contentID
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// The typed error of a failed part (nil on success), with the server's OData error parsed.
    public func error(for request: BatchPartRequest?, serviceRoot: URL) -> ODataError? {
        guard !isSuccess else { return nil }
        let url = request.flatMap { URL(string: $0.url, relativeTo: serviceRoot)?.absoluteURL } ?? serviceRoot
        let http = HTTPRequest(method: request?.method ?? "GET", url: url)
        return ODataError.status(HTTPResponse(statusCode: statusCode, headers: headers, body: body, url: url), for: http)
    }
}

/// One top-level item of a batch: a query (read) or an atomic changeset (writes).
public enum BatchItem: Sendable {
    /// A read outside any changeset.
    case query(BatchPartRequest)
    /// Writes that succeed or fail together.
    case changeSet([BatchPartRequest])
}

/// The response to one top-level item of a batch.
public enum BatchItemResponse: Sendable {
    /// The response to a query.
    case query(BatchPartResponse)
    /// One response per request of a changeset that succeeded, or the single error response
    /// the server returns for a changeset that failed as a whole.
    case changeSet([BatchPartResponse])
}
