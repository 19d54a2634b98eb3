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
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<unreadable URL>" }
        parts.user = nil
        parts.password = nil
        if let items = parts.percentEncodedQueryItems,
            items.contains(where: { secretQueryParameters.contains($0.name.lowercased()) })
        {
            parts.percentEncodedQueryItems = items.map { item in
                secretQueryParameters.contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: "%3Credacted%3E") : item
            }
        }
        return parts.string ?? "<unreadable URL>"
    }
}

/// Receives the metrics of every logical request a provider sends (`OnlineODataProvider.Options.requestObserver`).
///
/// Called once per request after it ended, on the task that sent it: keep it quick and thread-safe.
public protocol ODataRequestObserver: Sendable {
    /// One request ended (successfully or not).
    func requestFinished(_ metrics: RequestMetrics)
}
