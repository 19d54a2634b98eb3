import Foundation
import ODataMetadata
import Synchronization

/// Whether writes carry repeatable-request headers, and which: with them, a write whose answer was lost (the
/// connection dropped after it was sent, a `502`/`503`/`504`) can be sent again and a service that honours them
/// applies it once, answering the repeat with its first answer. By default (`.whenDeclared`) they are sent only
/// once the provider has read a `$metadata` that declares them (`Org.OData.Repeatability.V1.Supported` on the
/// entity container); turn them on (`.oasis`, `.sapGateway`) only for a service that honours them (one that
/// ignores them would apply a repeat twice).
///
/// ```swift
/// var options = OnlineODataProvider.Options()
/// options.repeatableRequests = .oasis
/// ```
public struct RepeatableRequests: Sendable, Hashable, CustomStringConvertible {
    private enum Style: Sendable, Hashable { case off, oasis, sapGateway, whenDeclared }
    private let style: Style

    /// No repeatable-request headers; writes are never sent twice (the default).
    public static let off = RepeatableRequests(style: .off)
    /// OASIS Repeatable Requests Version 1.0: `Repeatability-Request-ID` (a UUID) and `Repeatability-First-Sent`
    /// (the IMF-fixdate of the first send); the service answers `Repeatability-Result`.
    public static let oasis = RepeatableRequests(style: .oasis)
    /// SAP Gateway's idempotent services: `RequestID` (a 32-character GUID) and `RepeatabilityCreation` (the
    /// time of the first send, as an IMF-fixdate); the service answers `RepeatabilityResult`.
    public static let sapGateway = RepeatableRequests(style: .sapGateway)

    /// OASIS headers once the service's `$metadata`, as the provider reads it (`loadDataModel()`, an offline store's
    /// `open()`), declares `Org.OData.Repeatability.V1.Supported` on its entity container; none until then, and
    /// none for a service that does not declare it (the default).
    public static let whenDeclared = RepeatableRequests(style: .whenDeclared)

    /// Whether writes carry the headers (`whenDeclared` counts as off: see `OnlineODataProvider.repeatableRequests`).
    public var isOn: Bool { style == .oasis || style == .sapGateway }

    /// `off`, `oasis` or `sapGateway`.
    public var description: String {
        switch style {
        case .off: "off"
        case .oasis: "oasis"
        case .sapGateway: "sapGateway"
        case .whenDeclared: "whenDeclared"
        }
    }

    /// The names of the id and first-sent headers (nil when off).
    private var names: (id: String, firstSent: String)? {
        switch style {
        case .off, .whenDeclared: nil
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

extension RepeatableRequests {
    /// The vocabulary of repeatable requests.
    static let vocabulary = "Org.OData.Repeatability.V1"

    /// Whether a `$metadata` document declares repeatable requests: an `Annotations` block targeting an entity
    /// container holds `Org.OData.Repeatability.V1.Supported` (or the term through the vocabulary's alias), not
    /// set to false.
    public static func isDeclared(in metadata: ServiceMetadata) -> Bool {
        var prefixes: Set<String> = [vocabulary]
        for reference in metadata.references {
            for include in reference.includes where include.namespace == vocabulary { prefixes.insert(include.alias ?? vocabulary) }
        }
        let terms = Set(prefixes.map { $0 + ".Supported" })
        var containers: Set<String> = []
        for schema in metadata.schemas {
            for container in schema.entityContainers {
                containers.insert(container.name)
                containers.insert(schema.namespace + "." + container.name)
                if let alias = schema.alias { containers.insert(alias + "." + container.name) }
            }
        }
        return metadata.schemas.contains { schema in
            schema.annotationBlocks.contains { block in
                containers.contains(block.target)
                    && block.annotations.contains { terms.contains($0.term) && $0.value?.lowercased() != "false" }
            }
        }
    }
}

/// What a provider learnt from the service's `$metadata` about repeatable requests (shared by its copies).
final class RepeatabilityDeclaration: Sendable {
    private let declared = Mutex(false)

    /// Whether the service declared repeatable requests.
    var isDeclared: Bool { declared.withLock { $0 } }

    /// Records what a `$metadata` document declares.
    func note(_ metadata: ServiceMetadata) {
        if RepeatableRequests.isDeclared(in: metadata) { declared.withLock { $0 = true } }
    }

    /// The headers writes carry under `configured`.
    func effective(_ configured: RepeatableRequests) -> RepeatableRequests {
        configured == .whenDeclared ? (isDeclared ? .oasis : .off) : configured
    }
}

/// Stamps every write with the repeatable-request headers of `RepeatableRequests` before it goes out (outside
/// the retry middleware, so that a write sent again carries the same id and first-sent time).
struct RepeatableRequestsMiddleware: ODataMiddleware {
    let configured: RepeatableRequests
    let declaration: RepeatabilityDeclaration

    func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        guard request.isModifying else { return try await next(request) }  // a read is never stamped: no copy, no lock
        var stamped = request
        declaration.effective(configured).stamp(&stamped)
        return try await next(stamped)
    }
}
