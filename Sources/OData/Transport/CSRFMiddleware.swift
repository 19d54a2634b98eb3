import Foundation

/// SAP Gateway's cross-site request forgery protection: fetches `x-csrf-token` with a GET on the
/// service root before the first modifying request, reuses it (the session cookie that binds it
/// lives in the transport's cookie jar), and on `403` with `x-csrf-token: Required` fetches a new
/// one once and sends the request again. Servers without CSRF simply never send a token.
public final class CSRFMiddleware: ODataMiddleware, @unchecked Sendable {
    /// The service root the token is fetched from.
    public let serviceRoot: URL
    private let lock = NSLock()
    private var token: String?
    private var fetched = false

    /// Creates the middleware for a service root.
    public init(serviceRoot: URL) {
        self.serviceRoot = serviceRoot
    }

    /// Adds the token to modifying requests, fetching or refreshing it as needed.
    public func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        guard request.isModifying, request.headers["x-csrf-token"] == nil else { return try await next(request) }
        var current = lock.withLock { fetched ? token : nil }
        if !lock.withLock({ fetched }) {
            current = try await fetchToken(next: next, for: request)
        }
        let response = try await next(with(current, request))
        guard response.statusCode == 403,
            response.headers["x-csrf-token"]?.caseInsensitiveEquals("required") == true
        else { return response }
        // the refused request changed nothing: fetch a new token once and retry
        let renewed = try await fetchToken(next: next, for: request)
        return try await next(with(renewed, request))
    }

    /// Forgets the cached token (the next modifying request fetches a new one).
    public func reset() {
        lock.withLock {
            token = nil
            fetched = false
        }
    }

    private func with(_ token: String?, _ request: HTTPRequest) -> HTTPRequest {
        guard let token else { return request }
        var request = request
        request.headers["x-csrf-token"] = token
        return request
    }

    private func fetchToken(next: HTTPHandler, for request: HTTPRequest) async throws -> String? {
        var fetch = HTTPRequest(method: "GET", url: serviceRoot)
        fetch.headers["x-csrf-token"] = "Fetch"
        fetch.headers["Accept"] = "application/json"
        fetch.attempts = request.attempts  // an attempt of the request it is fetched for
        for name in ["sap-client", "sap-language", "Accept-Language"] {
            if let value = request.headers[name] { fetch.headers[name] = value }
        }
        let response = try await next(fetch)
        let value = response.headers["x-csrf-token"]
        let usable = value.flatMap { $0.caseInsensitiveEquals("required") ? nil : $0 }
        if !response.isSuccess && usable == nil {
            throw ODataError.status(response, for: fetch)
        }
        lock.withLock {
            token = usable
            fetched = true
        }
        return usable
    }
}
