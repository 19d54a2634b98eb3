import Foundation

/// Sends `Authorization: Bearer <token>` with OAuth2 tokens from an `OAuth2Configuration` (`Authentication.oauth2`).
///
/// The token goes only to the service's origin (scheme, host, port): a request to another origin (a next link or
/// redirect that `RedirectPolicy` lets through) is sent without it. A `401` renews the token once and sends the
/// request again (a refused request changed nothing); concurrent requests share one token request.
public struct OAuth2Middleware: ODataMiddleware, RenewableAuthorization {
    /// The token settings.
    public let configuration: OAuth2Configuration
    /// The origin the token goes to.
    let origin: Origin?

    /// Creates the middleware for the service at `serviceRoot`.
    public init(configuration: OAuth2Configuration, serviceRoot: URL) {
        self.configuration = configuration
        self.origin = Origin(serviceRoot)
    }

    /// Authenticates requests to the service's origin, renewing the token once after a 401.
    public func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        try await sendRenewingOnce(request, next: next)
    }

    /// The cached token, or a new one in place of the refused one.
    func credential(replacing refused: OAuth2Token?) async throws -> OAuth2Token {
        try await configuration.cache.token(for: configuration, refused: refused?.accessToken)
    }

    func authorized(_ request: HTTPRequest, with token: OAuth2Token) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "Bearer " + token.accessToken
        return request
    }
}
