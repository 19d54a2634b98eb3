import Foundation

/// Sends `Authorization: Bearer <token>` with OAuth2 tokens from an `OAuth2Configuration` (`Authentication.oauth2`).
///
/// The token goes only to the service's origin (scheme, host, port): a request to another origin (a next link or
/// redirect that `RedirectPolicy` lets through) is sent without it. A `401` renews the token once and sends the
/// request again (a refused request changed nothing); concurrent requests share one token request.
public struct OAuth2Middleware: ODataMiddleware {
    /// The token settings.
    public let configuration: OAuth2Configuration
    private let origin: Origin

    /// Creates the middleware for the service at `serviceRoot`.
    public init(configuration: OAuth2Configuration, serviceRoot: URL) {
        self.configuration = configuration
        self.origin = Origin(serviceRoot)
    }

    /// Authenticates requests to the service's origin, renewing the token once after a 401.
    public func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        guard Origin(request.url) == origin else { return try await next(request) }
        let first = try await configuration.cache.token(for: configuration)
        let response = try await next(Self.authorized(request, first.accessToken))
        guard response.statusCode == 401 else { return response }
        let second = try await configuration.cache.token(for: configuration, refused: first.accessToken)
        return try await next(Self.authorized(request, second.accessToken))
    }

    static func authorized(_ request: HTTPRequest, _ token: String) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "Bearer " + token
        return request
    }
}
