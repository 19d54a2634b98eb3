import Foundation

/// Keeps OAuth2 access tokens per token endpoint, client, scope and user, renews them before they expire, and
/// lets concurrent requests share one token request.
///
/// `OAuth2TokenCache.shared` serves every `OAuth2Configuration` that names no other; tokens live in memory only.
public final class OAuth2TokenCache: Sendable {
    /// The process-wide cache.
    public static let shared = OAuth2TokenCache()

    private let store: SingleFlightCache<OAuth2Token>
    private let now: @Sendable () -> Date

    /// Creates an empty cache; `now` is its clock (tests move it).
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
        self.store = SingleFlightCache(now: now)
    }

    /// A token for the configuration: the cached one while it is fresh (`renewalMargin` before expiry) and not
    /// `refused`, else a new one — by the refresh token the old one came with, if any (falling back to the
    /// configuration's grant when the endpoint refuses it), else by the configured grant.
    public func token(for configuration: OAuth2Configuration, refused: String? = nil) async throws(ODataError) -> OAuth2Token {
        let now = self.now
        var isRefused: (@Sendable (OAuth2Token) -> Bool)?
        if let refused { isRefused = { token in token.accessToken == refused } }
        return try await ODataError.converting {
            try await store.value(for: configuration.cacheKey, refused: isRefused) { stale in
                try await Self.load(configuration, stale: stale, now: now)
            }
        }
    }

    /// A new token, by the stale one's refresh token when it has one.
    private static func load(
        _ configuration: OAuth2Configuration, stale: OAuth2Token?, now: @escaping @Sendable () -> Date
    ) async throws -> SingleFlightCache<OAuth2Token>.Entry {
        let request = OAuth2TokenRequest(configuration: configuration)
        let issued = now()
        var token: OAuth2Token
        if let refresh = stale?.refreshToken {
            do {
                token = try await request.fetch(refreshToken: refresh, now: now)
            } catch let error as ODataError where error.kind == .tokenEndpoint && error.statusCode != nil {
                if case .refreshToken = configuration.grant { throw error }
                token = try await request.fetch(now: now)
            }
        } else {
            token = try await request.fetch(now: now)
        }
        if token.refreshToken == nil, let kept = stale?.refreshToken ?? givenRefreshToken(configuration) {
            token = OAuth2Token(accessToken: token.accessToken, expiresAt: token.expiresAt, refreshToken: kept, scope: token.scope)
        }
        return .init(value: token, freshUntil: freshUntil(token, issued: issued, margin: configuration.renewalMargin))
    }

    /// Forgets every token.
    public func removeAll() async { await store.removeAll() }

    /// The refresh token a `.refreshToken` grant starts from.
    private static func givenRefreshToken(_ configuration: OAuth2Configuration) -> String? {
        if case .refreshToken(let token) = configuration.grant { return token }
        return nil
    }

    /// Until when a token is used: its expiry less the margin (at most half its lifetime); a token without
    /// `expires_in` until a `401` refuses it.
    static func freshUntil(_ token: OAuth2Token, issued: Date, margin: TimeInterval) -> Date {
        guard let expiresAt = token.expiresAt else { return .distantFuture }
        let lifetime = expiresAt.timeIntervalSince(issued)
        return expiresAt.addingTimeInterval(-min(margin, max(0, lifetime / 2)))
    }
}
