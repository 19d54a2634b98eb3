import Foundation

/// How a provider gets OAuth2 access tokens (RFC 6749) for `Authentication.oauth2(_:)`: the token endpoint, the
/// client, how the client authenticates, and which grant it uses.
///
/// ```swift
/// let oauth = OAuth2Configuration(
///     tokenEndpoint: URL(string: "https://tenant.authentication.eu10.hana.ondemand.com/oauth/token")!,
///     clientID: "sb-my-app", clientAuthentication: .basic(secret: secret))
/// let provider = OnlineODataProvider(serviceName: "API_BUSINESS_PARTNER", serviceRoot: root,
///                                    options: .init(authentication: .oauth2(oauth)))
/// ```
///
/// Tokens are cached in `cache` per token endpoint, client, scope and user; `description` never shows a secret.
public struct OAuth2Configuration: Sendable {
    /// How the client proves who it is to the token endpoint (RFC 6749 §2.3).
    public enum ClientAuthentication: Sendable {
        /// The client secret in an `Authorization: Basic` header (RFC 6749 §2.3.1, the recommended way).
        case basic(secret: String)
        /// The client secret as `client_id` and `client_secret` form parameters (RFC 6749 §2.3.1, the alternative).
        case form(secret: String)
        /// A client certificate over mutual TLS (RFC 8705): `client_id` in the form, the certificate presented by
        /// `OAuth2Configuration.transport` (a `CurlTransport` with `TLSOptions.clientCertificate`).
        case certificate
    }

    /// The grant that obtains a token.
    public enum Grant: Sendable {
        /// The client's own token (RFC 6749 §4.4): technical user, no end user.
        case clientCredentials
        /// The JWT bearer grant (RFC 7523): a token for the user whose JWT is given (principal propagation).
        case jwtBearer(userToken: String)
        /// The SAML 2.0 bearer assertion grant (RFC 7522) in SAP BTP's shape: the assertion's XML is sent
        /// base64url-encoded as `assertion`, with the client's credentials.
        case samlBearer(assertion: String)
        /// A refresh token you already hold (RFC 6749 §6).
        case refreshToken(String)
    }

    /// The token endpoint (`…/oauth/token`).
    public var tokenEndpoint: URL
    /// The client ID.
    public var clientID: String
    /// How the client authenticates.
    public var clientAuthentication: ClientAuthentication
    /// The grant.
    public var grant: Grant
    /// The scopes asked for (sent as `scope`, space-separated; none by default).
    public var scopes: [String]
    /// A token is renewed this many seconds before it expires (at most half its lifetime). Default 60.
    public var renewalMargin: TimeInterval
    /// How long the token endpoint may take to answer, in seconds. Default 30.
    public var timeout: TimeInterval
    /// The transport that carries token requests: a `CurlTransport` with a client certificate for
    /// `.certificate`; by default a `URLSessionTransport` of its own.
    public var transport: any ODataTransport
    /// Where tokens are kept (shared by every provider using it): `OAuth2TokenCache.shared` by default.
    public var cache: OAuth2TokenCache

    /// Creates a configuration; only the endpoint, client and its authentication are required.
    public init(
        tokenEndpoint: URL, clientID: String, clientAuthentication: ClientAuthentication, grant: Grant = .clientCredentials,
        scopes: [String] = [], renewalMargin: TimeInterval = 60, timeout: TimeInterval = 30,
        transport: (any ODataTransport)? = nil, cache: OAuth2TokenCache = .shared
    ) {
        self.tokenEndpoint = tokenEndpoint
        self.clientID = clientID
        self.clientAuthentication = clientAuthentication
        self.grant = grant
        self.scopes = scopes
        self.renewalMargin = renewalMargin
        self.timeout = timeout
        self.transport = transport ?? URLSessionTransport(configuration: .init(requestTimeout: timeout))
        self.cache = cache
    }

    /// The key tokens of this configuration are cached under: endpoint, client, scopes and the user's assertion.
    var cacheKey: String {
        var key = "\(tokenEndpoint.absoluteString)\u{0}\(clientID)\u{0}\(scopes.sorted().joined(separator: " "))"
        switch grant {
        case .clientCredentials: key += "\u{0}client"
        case .jwtBearer(let token): key += "\u{0}jwt\u{0}" + token
        case .samlBearer(let assertion): key += "\u{0}saml\u{0}" + assertion
        case .refreshToken(let token): key += "\u{0}refresh\u{0}" + token
        }
        return key
    }

    /// The grant's name for messages (never its assertion).
    var grantName: String {
        switch grant {
        case .clientCredentials: return "client-credentials"
        case .jwtBearer: return "JWT bearer"
        case .samlBearer: return "SAML bearer"
        case .refreshToken: return "refresh-token"
        }
    }
}

extension OAuth2Configuration: CustomStringConvertible {
    /// The endpoint, client, grant and scopes; never a secret, assertion or token.
    public var description: String {
        let authentication: String
        switch clientAuthentication {
        case .basic: authentication = "secret in Authorization header"
        case .form: authentication = "secret in form"
        case .certificate: authentication = "client certificate"
        }
        let scope = scopes.isEmpty ? "" : ", scopes \(scopes.sorted().joined(separator: " "))"
        return "OAuth2Configuration(\(tokenEndpoint.absoluteString), client \(clientID), \(authentication), \(grantName) grant\(scope))"
    }
}

extension OAuth2Configuration.ClientAuthentication: CustomStringConvertible {
    /// The way the client authenticates; never the secret.
    public var description: String {
        switch self {
        case .basic: return "basic(secret: <redacted>)"
        case .form: return "form(secret: <redacted>)"
        case .certificate: return "certificate"
        }
    }
}

extension OAuth2Configuration.Grant: CustomStringConvertible {
    /// The grant's kind; never the user's token, assertion or refresh token.
    public var description: String {
        switch self {
        case .clientCredentials: return "clientCredentials"
        case .jwtBearer: return "jwtBearer(userToken: <redacted>)"
        case .samlBearer: return "samlBearer(assertion: <redacted>)"
        case .refreshToken: return "refreshToken(<redacted>)"
        }
    }
}
