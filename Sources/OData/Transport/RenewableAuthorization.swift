import Foundation

/// Authorization by a credential that can be renewed: the one "send with the current credential; after a `401`,
/// renew it once and send the request again" of `BearerTokenMiddleware`, `OAuth2Middleware` and
/// `DestinationMiddleware`. A request refused with `401` changed nothing on the server, so sending it once more is
/// safe, also for a write; a second `401` is the answer. A request the credential is not for (another origin) is
/// sent as it is.
protocol RenewableAuthorization: Sendable {
    /// What authorizes a request: a token, a destination with its tokens.
    associatedtype Credential: Sendable

    /// The origin the credential is for: requests elsewhere go without it (by default nil: every request).
    var origin: Origin? { get }

    /// The current credential, or, with `refused`, a new one in place of the credential the service refused.
    func credential(replacing refused: Credential?) async throws -> Credential

    /// Whether a `401` to a request sent with `refused` is worth renewing it (by default, always).
    func renews(_ refused: Credential) -> Bool

    /// The request carrying `credential`.
    func authorized(_ request: HTTPRequest, with credential: Credential) async throws -> HTTPRequest
}

extension RenewableAuthorization {
    var origin: Origin? { nil }

    func renews(_ refused: Credential) -> Bool { true }

    /// Sends `request` authorized by the current credential; after a `401`, once more with a renewed one.
    func sendRenewingOnce(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        guard origin.map({ $0 == Origin(request.url) }) ?? true else { return try await next(request) }
        let first = try await credential(replacing: nil)
        let response = try await next(try await authorized(request, with: first))
        guard response.statusCode == 401, renews(first) else { return response }
        let second = try await credential(replacing: first)
        return try await next(try await authorized(request, with: second))
    }
}
