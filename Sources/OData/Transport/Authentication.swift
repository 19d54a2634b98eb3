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
public final class BearerTokenMiddleware: ODataMiddleware, @unchecked Sendable {
    private let provider: BearerTokenProvider
    private let lock = NSLock()
    private var token: String?

    /// Creates the middleware over a token provider.
    public init(tokenProvider: @escaping BearerTokenProvider) {
        self.provider = tokenProvider
    }

    /// Authenticates the request, refreshing the token once after a 401.
    public func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        let first = try await currentToken(refresh: false, replacing: nil)
        let response = try await next(authorized(request, first))
        guard response.statusCode == 401 else { return response }
        let second = try await currentToken(refresh: true, replacing: first)
        return try await next(authorized(request, second))
    }

    private func authorized(_ request: HTTPRequest, _ token: String) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "Bearer " + token
        return request
    }

    /// The cached token, or a new one when there is none or `replacing` is the cached one.
    private func currentToken(refresh: Bool, replacing refused: String?) async throws -> String {
        let cached = lock.withLock { token }
        if let cached, cached != refused { return cached }
        let fresh = try await provider(refresh)
        lock.withLock { token = fresh }
        return fresh
    }
}
