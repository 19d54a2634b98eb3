import Foundation

/// Every failure of a request, with its context: what was sent, what came back and why it failed.
///
/// Match on `kind`; `serviceError` holds the server's parsed OData error body when there was one.
///
/// An `ODataError` is one reference to its details (as swift-protobuf's `SwiftProtobufError` is), so that
/// throwing and returning it copies a word; the details are shared by copies and copied on a change. The
/// request and response context are held when there is one, and the facts only some kinds have (the byte
/// position, the byte counts of a truncated body, the timeout that ran out, the `Content-ID`) only when set.
public struct ODataError: Error, Sendable, CustomStringConvertible {
    private var storage: ODataErrorStorage

    /// Creates an error.
    public init(
        _ kind: Kind, _ message: String, method: String? = nil, url: URL? = nil, statusCode: Int? = nil,
        responseHeaders: HTTPHeaders = HTTPHeaders(), serviceError: ODataErrorBody? = nil,
        responseBody: Data? = nil, underlyingError: (any Error)? = nil, position: Int? = nil
    ) {
        var fields = ODataErrorStorage.Fields(kind: kind, message: message, method: method, url: url, underlyingError: underlyingError)
        if statusCode != nil || !responseHeaders.fields.isEmpty || serviceError != nil || responseBody != nil {
            fields.response = ODataErrorStorage.Response(
                statusCode: statusCode, headers: responseHeaders, serviceError: serviceError,
                body: responseBody.map { $0.prefix(65_536) })
        }
        if let position { fields.extras = [.position(position)] }
        storage = ODataErrorStorage(fields)
    }

    /// What went wrong.
    public var kind: Kind { storage.fields.kind }
    /// A readable explanation.
    public var message: String { storage.fields.message }

    /// The request method, when a request was involved.
    public var method: String? {
        get { storage.fields.method }
        set { change { $0.method = newValue } }
    }

    /// The request URL, when a request was involved.
    public var url: URL? {
        get { storage.fields.url }
        set { change { $0.url = newValue } }
    }

    /// The HTTP status, when a response arrived.
    public var statusCode: Int? {
        get { storage.fields.response?.statusCode }
        set { change { $0.changeResponse { $0.statusCode = newValue } } }
    }

    /// The response headers, when a response arrived.
    public var responseHeaders: HTTPHeaders {
        get { storage.fields.response?.headers ?? HTTPHeaders() }
        set { change { $0.changeResponse { $0.headers = newValue } } }
    }

    /// The server's OData error (`{"error":{…}}` or `<error>`), when the body held a recognizable one.
    public var serviceError: ODataErrorBody? {
        get { storage.fields.response?.serviceError }
        set { change { $0.changeResponse { $0.serviceError = newValue } } }
    }

    /// The first 64 KB of the response body, when a response arrived.
    public var responseBody: Data? {
        get { storage.fields.response?.body }
        set { change { $0.changeResponse { $0.body = newValue.map { $0.prefix(65_536) } } } }
    }

    /// The error that caused this one (a `URLError`, a decoder error, …).
    public var underlyingError: (any Error)? {
        get { storage.fields.underlyingError }
        set { change { $0.underlyingError = newValue } }
    }

    /// Runs `body` on a copy of the fields, which replace the stored ones (copies of this error keep theirs).
    private mutating func change(_ body: (inout ODataErrorStorage.Fields) -> Void) {
        var fields = storage.fields
        body(&fields)
        storage = ODataErrorStorage(fields)
    }

    /// The value of one of the facts only some errors have.
    func extra<Value>(_ key: ODataErrorStorage.Extra.Key, as _: Value.Type) -> Value? {
        for extra in storage.fields.extras where extra.key == key { return extra.value as? Value }
        return nil
    }

    /// Sets (nil: removes) one of the facts only some errors have.
    mutating func setExtra(_ key: ODataErrorStorage.Extra.Key, _ extra: ODataErrorStorage.Extra?) {
        change { fields in
            fields.extras.removeAll { $0.key == key }
            if let extra { fields.extras.append(extra) }
        }
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
