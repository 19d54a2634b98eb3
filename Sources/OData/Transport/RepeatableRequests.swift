import Foundation

/// Whether writes carry repeatable-request headers, and which: with them, a write whose answer was lost (the
/// connection dropped after it was sent, a `502`/`503`/`504`) can be sent again and a service that honours them
/// applies it once, answering the repeat with its first answer. Off by default: turn it on only for a service
/// that honours the headers (a service that ignores them would apply a repeat twice).
///
/// ```swift
/// var options = OnlineODataProvider.Options()
/// options.repeatableRequests = .oasis
/// ```
public struct RepeatableRequests: Sendable, Hashable, CustomStringConvertible {
    private enum Style: Sendable, Hashable { case off, oasis, sapGateway }
    private let style: Style

    /// No repeatable-request headers; writes are never sent twice (the default).
    public static let off = RepeatableRequests(style: .off)
    /// OASIS Repeatable Requests Version 1.0: `Repeatability-Request-ID` (a UUID) and `Repeatability-First-Sent`
    /// (the IMF-fixdate of the first send); the service answers `Repeatability-Result`.
    public static let oasis = RepeatableRequests(style: .oasis)
    /// SAP Gateway's idempotent services: `RequestID` (a 32-character GUID) and `RepeatabilityCreation` (the
    /// time of the first send, as an IMF-fixdate); the service answers `RepeatabilityResult`.
    public static let sapGateway = RepeatableRequests(style: .sapGateway)

    /// Whether writes carry the headers.
    public var isOn: Bool { style != .off }

    /// `off`, `oasis` or `sapGateway`.
    public var description: String {
        switch style {
        case .off: "off"
        case .oasis: "oasis"
        case .sapGateway: "sapGateway"
        }
    }

    /// The names of the id and first-sent headers (nil when off).
    private var names: (id: String, firstSent: String)? {
        switch style {
        case .off: nil
        case .oasis: ("Repeatability-Request-ID", "Repeatability-First-Sent")
        case .sapGateway: ("RequestID", "RepeatabilityCreation")
        }
    }

    /// Gives a write a new request id and first-sent time, unless it has an id already (a request sent again keeps
    /// the id and time of its first send). Reads are left alone.
    public func stamp(_ request: inout HTTPRequest, firstSent: Date = Date()) {
        guard request.isModifying else { return }
        stamp(&request.headers, firstSent: firstSent)
    }

    /// Adds a new request id and first-sent time to a write's headers unless they have an id already.
    public func stamp(_ headers: inout HTTPHeaders, firstSent: Date = Date()) {
        guard let names, headers[names.id] == nil else { return }
        let id = UUID().uuidString
        headers[names.id] = style == .sapGateway ? id.replacingOccurrences(of: "-", with: "") : id.lowercased()
        headers[names.firstSent] = Self.imfFixdate(firstSent)
    }

    /// Whether headers carry a repeatable-request id (of either kind).
    public static func isRepeatable(_ headers: HTTPHeaders) -> Bool {
        headers["Repeatability-Request-ID"] != nil || headers["RequestID"] != nil
    }

    /// Whether a response says the service honoured the request's repeatability (`Repeatability-Result` or
    /// `RepeatabilityResult` is `accepted`).
    public static func wasAccepted(_ headers: HTTPHeaders) -> Bool {
        (headers["Repeatability-Result"] ?? headers["RepeatabilityResult"])?.lowercased() == "accepted"
    }

    /// An HTTP date, IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110).
    public static func imfFixdate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(days[((parts.weekday ?? 1) - 1) % 7]), \(two(parts.day)) \(months[((parts.month ?? 1) - 1) % 12]) "
            + "\(String(format: "%04d", parts.year ?? 1970)) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) GMT"
    }
}

/// Stamps every write with the repeatable-request headers of `RepeatableRequests` before it goes out (outside
/// the retry middleware, so that a write sent again carries the same id and first-sent time).
struct RepeatableRequestsMiddleware: ODataMiddleware {
    let repeatable: RepeatableRequests

    func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        var stamped = request
        repeatable.stamp(&stamped)
        return try await next(stamped)
    }
}
