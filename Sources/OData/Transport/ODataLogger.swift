import Foundation

/// Severity of a log line.
public enum ODataLogLevel: Int, Sendable, Comparable, CaseIterable {
    /// Every detail.
    case trace
    /// Request and response lines.
    case debug
    /// Notable events (retries, token refreshes).
    case info
    /// Something unexpected that was handled.
    case warning
    /// A failure.
    case error

    /// Whether `lhs` is a lower (more verbose) level than `rhs`.
    public static func < (lhs: ODataLogLevel, rhs: ODataLogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where the SDK writes its log lines (the toolchain has no logging package; adapt this to yours).
public protocol ODataLogger: Sendable {
    /// Lines below this level are not even built.
    var minimumLevel: ODataLogLevel { get }
    /// Writes one line.
    func log(_ level: ODataLogLevel, _ message: String)
}

/// Writes log lines to standard error.
public struct StandardErrorLogger: ODataLogger {
    /// Lines below this level are dropped.
    public let minimumLevel: ODataLogLevel

    /// Creates a logger.
    public init(minimumLevel: ODataLogLevel = .info) { self.minimumLevel = minimumLevel }

    /// Writes `[level] message` to standard error.
    public func log(_ level: ODataLogLevel, _ message: String) {
        guard level >= minimumLevel else { return }
        FileHandle.standardError.write(Data("[odata \(level)] \(message)\n".utf8))
    }
}

/// Logs each request and response at debug level, with credentials redacted:
/// `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `x-csrf-token`, SAP BTP's
/// `SAP-Connectivity-Authentication` and `X-user-token` values and
/// a user/password inside the URL never reach the log.
public struct LoggingMiddleware: ODataMiddleware {
    /// Header names whose values are replaced by `<redacted>`.
    public static let redactedHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-csrf-token",
        "sap-connectivity-authentication", "x-user-token",
    ]
    /// The logger.
    public let logger: any ODataLogger

    /// Creates the middleware.
    public init(logger: any ODataLogger) { self.logger = logger }

    /// Logs the request, continues, logs the response or the error.
    public func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        guard logger.minimumLevel <= .debug else { return try await next(request) }
        let url = Self.redact(request.url)
        logger.log(.debug, "→ \(request.method) \(url) \(Self.redact(request.headers))")
        let start = Date()
        do {
            let response = try await next(request)
            let ms = Int(Date().timeIntervalSince(start) * 1000)
            logger.log(
                .debug,
                "← \(response.statusCode) \(request.method) \(url) \(response.body.count) bytes \(ms) ms \(Self.redact(response.headers))")
            return response
        } catch {
            logger.log(.debug, "✗ \(request.method) \(url): \(error)")
            throw error
        }
    }

    /// The headers as `name: value` pairs with secret values replaced.
    public static func redact(_ headers: HTTPHeaders) -> String {
        let parts = headers.fields.map { field in
            let value =
                redactedHeaders.contains(field.name.lowercased()) && !field.value.caseInsensitiveEquals("fetch")
                ? "<redacted>" : field.value
            return "\(field.name): \(value)"
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    /// The URL without user and password.
    public static func redact(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.user != nil || components.password != nil
        else { return url.absoluteString }
        components.user = nil
        components.password = nil
        return components.string ?? "<url>"
    }
}
