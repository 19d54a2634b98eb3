import Foundation

/// What one logical request cost: reported once to `OnlineODataProvider.Options.requestObserver` after it ends,
/// with every retry counted in.
///
/// Nothing secret is in it: the URL has no user or password, and the values of query parameters that carry
/// credentials or tokens (`access_token`, `password`, `sig`, …) read `<redacted>` (percent-encoded); no header and no body is kept.
public struct RequestMetrics: Sendable, Hashable {
    /// The method (`GET`, `POST`, `MERGE`, …).
    public var method: String
    /// The URL, redacted (see above).
    public var url: String
    /// The final status, nil when no response came (see `errorKind`).
    public var statusCode: Int?
    /// The kind of the error the request ended with, if it failed.
    public var errorKind: ODataError.Kind?
    /// HTTP requests sent for it: 1, plus one per retry (and per CSRF-token fetch or redirect followed).
    public var attempts: Int
    /// Bytes of request bodies sent over all attempts.
    public var bytesSent: Int
    /// Bytes of response bodies received over all attempts.
    public var bytesReceived: Int
    /// Wall-clock time of the whole logical request, retries and their waits included.
    public var duration: TimeInterval
    /// The transport's measurements of the last attempt, when it measures.
    public var lastTransfer: TransferMetrics?
    /// The W3C trace-id its `traceparent` headers carried, when trace context is propagated.
    public var traceID: String?

    /// Creates metrics.
    public init(
        method: String, url: String, statusCode: Int? = nil, errorKind: ODataError.Kind? = nil, attempts: Int = 1, bytesSent: Int = 0,
        bytesReceived: Int = 0, duration: TimeInterval = 0, lastTransfer: TransferMetrics? = nil, traceID: String? = nil
    ) {
        self.method = method
        self.url = url
        self.statusCode = statusCode
        self.errorKind = errorKind
        self.attempts = attempts
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
        self.duration = duration
        self.lastTransfer = lastTransfer
        self.traceID = traceID
    }

    /// Attempts beyond the first.
    public var retries: Int { max(0, attempts - 1) }

    /// Query parameters whose values are replaced by `<redacted>` (percent-encoded) in `url` (compared case-insensitively).
    public static let secretQueryParameters: Set<String> = [
        "access_token", "id_token", "refresh_token", "token", "password", "passwd", "secret", "client_secret", "assertion", "code",
        "sig", "signature", "api_key", "apikey", "x-csrf-token",
    ]

    /// `url` without user-info and with the values of `secretQueryParameters` redacted.
    public static func redacted(_ url: URL) -> String {
        let text = url.absoluteString
        if !needsRedaction(text) { return text }
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<unreadable URL>" }
        parts.user = nil
        parts.password = nil
        let isSecret = { (item: URLQueryItem) in
            secretQueryParameters.contains((item.name.removingPercentEncoding ?? item.name).lowercased())
        }
        if let items = parts.percentEncodedQueryItems, items.contains(where: isSecret) {
            parts.percentEncodedQueryItems = items.map { isSecret($0) ? URLQueryItem(name: $0.name, value: "%3Credacted%3E") : $0 }
        }
        return parts.string ?? "<unreadable URL>"
    }

    /// Whether `url` has user-info or a query parameter in `secretQueryParameters` (a scan of its bytes: the
    /// common URL needs no `URLComponents`, which cost most of an observed request's overhead).
    static func needsRedaction(_ url: String) -> Bool {
        let bytes = Array(url.utf8)
        let authorityStart = (bytes.firstIndex(of: UInt8(ascii: ":")) ?? 0) + 3
        var index = authorityStart
        while index < bytes.count, ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains(bytes[index]) {
            if bytes[index] == UInt8(ascii: "@") { return true }
            index += 1
        }
        guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return false }
        let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        var start = question + 1
        while start < end {
            var stop = start
            while stop < end, bytes[stop] != UInt8(ascii: "&") { stop += 1 }
            var nameEnd = start
            while nameEnd < stop, bytes[nameEnd] != UInt8(ascii: "=") { nameEnd += 1 }
            var name = String(decoding: bytes[start..<nameEnd], as: UTF8.self)
            if bytes[start..<nameEnd].contains(UInt8(ascii: "%")) { name = name.removingPercentEncoding ?? name }
            if secretQueryParameters.contains(name.lowercased()) { return true }
            start = stop + 1
        }
        return false
    }
}

/// Receives the metrics of every logical request a provider sends (`OnlineODataProvider.Options.requestObserver`).
///
/// Called once per request after it ended, on the task that sent it: keep it quick and thread-safe.
public protocol ODataRequestObserver: Sendable {
    /// One request ended (successfully or not).
    func requestFinished(_ metrics: RequestMetrics)
}
