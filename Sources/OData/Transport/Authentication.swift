import Foundation

/// Sends HTTP basic authentication with every request.
public struct BasicAuthenticationMiddleware: ODataMiddleware {
    private let headerValue: String

    /// Creates the middleware for a user and password.
    public init(user: String, password: String) {
        headerValue = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// Adds `Authorization: Basic …` and continues.
    public func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        var request = request
        request.headers["Authorization"] = headerValue
        return try await next(request)
    }
}

/// Supplies bearer tokens. Called before the first request and again with `refresh: true`
/// after a `401`, when the cached token was refused.
public typealias BearerTokenProvider = @Sendable (_ refresh: Bool) async throws -> String

/// Sends `Authorization: Bearer <token>`, caching the token; on `401` it asks the provider for a
/// new token once and sends the request again (a refused request changed nothing, so this is safe).
public final class BearerTokenMiddleware: ODataMiddleware, RenewableAuthorization, @unchecked Sendable {
    private let provider: BearerTokenProvider
    private let lock = NSLock()
    private var token: String?

    /// Creates the middleware over a token provider.
    public init(tokenProvider: @escaping BearerTokenProvider) {
        self.provider = tokenProvider
    }

    /// Authenticates the request, refreshing the token once after a 401.
    public func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        try await sendRenewingOnce(request, next: next)
    }

    func authorized(_ request: HTTPRequest, with token: String) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "Bearer " + token
        return request
    }

    /// The cached token, or a new one (asked for with `refresh` when the cached one was refused) when there is none
    /// or `refused` is the cached one.
    func credential(replacing refused: String?) async throws -> String {
        let cached = lock.withLock { token }
        if let cached, cached != refused { return cached }
        let fresh = try await provider(refused != nil)
        lock.withLock { token = fresh }
        return fresh
    }
}
