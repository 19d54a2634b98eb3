import Foundation

/// How the SDK treats HTTP redirects (`301`, `302`, `303`, `307`, `308` with a `Location`) and
/// server-driven next links that lead to another origin. One policy serves both.
///
/// Transports never follow redirects themselves (see `ODataTransport`); `RedirectMiddleware`, the
/// innermost step of the provider's pipeline, follows them:
/// - to the service's own origin (scheme, host and port): followed, up to `maximumRedirects`;
/// - to another origin: refused with `ODataError.crossOriginRedirect` naming both origins, unless
///   `allowsCrossOrigin` is set. Then the request that leaves for the other origin carries none of
///   `Authorization`, `Proxy-Authorization`, `Cookie`, `X-CSRF-Token` nor the names in `secretHeaders`.
///   (Cookies the transport's own jar holds for the other origin are that origin's and still apply.)
/// - `303` (and `301`/`302` answering a `POST`) continue as `GET` without a body, as RFC 9110 §15.4
///   permits; `307` and `308` repeat the method and body.
///
/// An absolute `__next` link (or another server-given link) to another origin is refused with
/// `ODataError.crossOriginNextLink` unless `allowsCrossOrigin` is set, and is then sent without the
/// same headers.
public struct RedirectPolicy: Sendable, Hashable {
    /// Whether a redirect or next link may lead to another origin (then secrets are removed). Default false.
    public var allowsCrossOrigin: Bool
    /// How many redirects one request may follow before `ODataError.tooManyRedirects`. Default 5.
    public var maximumRedirects: Int
    /// Names of your own secret headers (API keys, …) that never travel to another origin, in
    /// addition to `Authorization`, `Proxy-Authorization`, `Cookie` and `X-CSRF-Token`. Case-insensitive.
    public var secretHeaders: Set<String>

    /// Creates a policy (by default: same origin only, at most 5 redirects).
    public init(allowsCrossOrigin: Bool = false, maximumRedirects: Int = 5, secretHeaders: Set<String> = []) {
        self.allowsCrossOrigin = allowsCrossOrigin
        self.maximumRedirects = maximumRedirects
        self.secretHeaders = secretHeaders
    }

    /// The headers that never leave for another origin.
    static let alwaysSecret: Set<String> = ["authorization", "proxy-authorization", "cookie", "x-csrf-token"]

    /// Whether `name` is removed from requests to another origin.
    func isSecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return Self.alwaysSecret.contains(lowered) || secretHeaders.contains { $0.lowercased() == lowered }
    }

    /// `request` without the secret headers.
    func stripped(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        for field in request.headers.fields where isSecret(field.name) { request.headers[field.name] = nil }
        return request
    }
}

/// The origin of a URL (`scheme://host:port`), with the scheme's default port made explicit.
struct Origin: Hashable, CustomStringConvertible {
    let scheme: String
    let host: String
    let port: Int

    init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    var description: String { "\(scheme)://\(host):\(port)" }
}

/// Follows redirects by `RedirectPolicy` and keeps secrets on the service's origin; the provider
/// puts it last in its pipeline, so that it sees the headers every other middleware added.
public struct RedirectMiddleware: ODataMiddleware {
    /// The policy.
    public let policy: RedirectPolicy
    /// The service root whose origin the credentials belong to.
    public let serviceRoot: URL

    /// The service root's origin, and the text every URL on it starts with (`scheme://authority/`, nil when
    /// the root has no path): a request URL starting with the same bytes is on the origin without parsing.
    private let home: Origin
    private let homePrefix: String?

    /// Creates the middleware for a service root.
    public init(policy: RedirectPolicy, serviceRoot: URL) {
        self.policy = policy
        self.serviceRoot = serviceRoot
        home = Origin(serviceRoot)
        let root = serviceRoot.absoluteString
        homePrefix = root.range(of: "://").flatMap { authority in
            root[authority.upperBound...].firstIndex(of: "/").map { String(root[...$0]) }
        }
    }

    /// Sends the request and follows the redirects the policy allows.
    public func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        let onHome = homePrefix.map { request.url.absoluteString.hasPrefix($0) } == true || Origin(request.url) == home
        guard onHome else { return try await follow(policy.stripped(request), redirects: 0, next: next) }
        // the usual request, to the service's origin and answered without a redirect, goes on as it is, not copied
        let response = try await next(request)
        guard let location = Self.redirectLocation(of: response) else { return response }
        return try await follow(try redirect(request, answeredBy: response, location: location, redirects: 1), redirects: 1, next: next)
    }

    /// Sends `request`, `redirects` redirects after the first request, and follows the redirects the policy allows.
    private func follow(_ request: HTTPRequest, redirects: Int, next: HTTPHandler) async throws -> HTTPResponse {
        var current = request
        var redirects = redirects
        while true {
            let response = try await next(current)
            guard let location = Self.redirectLocation(of: response) else { return response }
            redirects += 1
            current = try redirect(current, answeredBy: response, location: location, redirects: redirects)
        }
    }

    /// The `Location` of a redirect, nil for any other answer.
    private static func redirectLocation(of response: HTTPResponse) -> String? {
        guard [301, 302, 303, 307, 308].contains(response.statusCode) else { return nil }
        return response.headers["Location"]
    }

    /// The request the `redirects`-th redirect (to `location`) leads to, if the policy follows it.
    private func redirect(
        _ current: HTTPRequest, answeredBy response: HTTPResponse, location: String, redirects: Int
    ) throws(ODataError) -> HTTPRequest {
        guard let target = URL(string: location, relativeTo: current.url)?.absoluteURL, target.host != nil else {
            throw ODataError(
                .invalidRequest, "\(current.method) \(current.url.absoluteString) redirected to an invalid Location \(location)",
                method: current.method, url: current.url, statusCode: response.statusCode, responseHeaders: response.headers)
        }
        guard redirects <= policy.maximumRedirects else {
            throw ODataError(
                .tooManyRedirects, "more than \(policy.maximumRedirects) redirects, the last to \(target.absoluteString)",
                method: current.method, url: current.url, statusCode: response.statusCode, responseHeaders: response.headers)
        }
        let from = Origin(current.url)
        let to = Origin(target)
        guard to != home else { return Self.redirected(current, to: target, status: response.statusCode) }
        guard policy.allowsCrossOrigin else {
            throw ODataError(
                .crossOriginRedirect,
                "\(current.method) \(current.url.absoluteString) redirected from origin \(from) to another origin \(to); "
                    + "not followed (RedirectPolicy.allowsCrossOrigin)",
                method: current.method, url: current.url, statusCode: response.statusCode, responseHeaders: response.headers)
        }
        return Self.redirected(policy.stripped(current), to: target, status: response.statusCode)
    }

    /// The request to send to `target` after a redirect with `status`.
    static func redirected(_ request: HTTPRequest, to target: URL, status: Int) -> HTTPRequest {
        var next = request
        next.url = target
        if status == 303 || ((status == 301 || status == 302) && request.method == "POST") {
            if next.method != "HEAD" { next.method = "GET" }
            next.body = .none
            next.headers["Content-Type"] = nil
            next.headers["Content-Length"] = nil
            next.headers["X-HTTP-Method"] = nil
        }
        return next
    }
}
