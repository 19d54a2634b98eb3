import Foundation

/// An SAP BTP destination as the destination service's "Find Destination" call answers it
/// (`destinationConfiguration`, `authTokens`, `certificates`).
public struct Destination: Sendable {
    /// Whether the target is reached over the internet or through the connectivity proxy and Cloud Connector.
    public enum ProxyType: String, Sendable {
        /// Directly (`ProxyType` `Internet`, the default).
        case internet = "Internet"
        /// Through the connectivity proxy (`ProxyType` `OnPremise`).
        case onPremise = "OnPremise"
    }

    /// A token the destination service obtained for the destination (`authTokens[]`).
    public struct AuthToken: Sendable {
        /// The token's type (`Bearer`, `Basic`, `SAML2.0`).
        public let type: String
        /// The header to send (`http_header.key`), when given.
        public let headerName: String?
        /// The header's value (`http_header.value`); never logged.
        public let headerValue: String?
        /// Seconds until the token expires (`expires_in`), when given.
        public let expiresIn: TimeInterval?
        /// Why the destination service could not get the token (`error`), when it could not.
        public let error: String?
    }

    /// A certificate or key store the destination carries (`certificates[]`), for `ClientCertificateAuthentication`.
    public struct Certificate: Sendable {
        /// Its name (`Name`), the destination's `KeyStoreLocation` for the client's key store.
        public let name: String
        /// Its type (`Type`, e.g. `CERTIFICATE`).
        public let type: String
        /// Its bytes (`Content`, base64-decoded); never logged.
        public let content: Data
    }

    /// The authentication types this SDK applies, by their names in the destination service.
    public static let supportedAuthentications: Set<String> = [
        "NoAuthentication", "BasicAuthentication", "OAuth2ClientCredentials", "OAuth2JWTBearer",
        "OAuth2SAMLBearerAssertion", "PrincipalPropagation", "ClientCertificateAuthentication",
    ]

    /// The destination's name (`Name`).
    public let name: String
    /// The target's URL (`URL`).
    public let url: URL
    /// The authentication type (`Authentication`), one of `supportedAuthentications`.
    public let authentication: String
    /// Internet or on-premise (`ProxyType`).
    public let proxyType: ProxyType
    /// The SAP client (`sap-client`), if set.
    public let sapClient: String?
    /// The Cloud Connector's location ID (`CloudConnectorLocationId`), if set.
    public let locationID: String?
    /// Headers for every request (`URL.headers.<name>` properties).
    public let headers: HTTPHeaders
    /// Query options for every request (`URL.queries.<name>` properties), sorted by name.
    public let queries: [URLQueryItem]
    /// The tokens the destination service got for it.
    public let authTokens: [AuthToken]
    /// Its certificates and key stores.
    public let certificates: [Certificate]
    /// Every property of `destinationConfiguration` as text; secrets (`Password`, `clientSecret`, …) included, so
    /// never log this.
    public let properties: [String: String]
}

extension Destination: CustomStringConvertible {
    /// Name, URL, authentication and proxy type; never a token or password.
    public var description: String {
        "Destination(\(name): \(url.absoluteString), \(authentication), \(proxyType.rawValue))"
    }
}

extension Destination {
    /// Reads a "Find Destination" answer; `name` is the destination asked for (for messages).
    static func parse(_ body: Data, name: String) throws -> Destination {
        func failure(_ text: String) -> ODataError { ODataError(.destination, "destination \(name): \(text)") }
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let configuration = object["destinationConfiguration"] as? [String: Any]
        else { throw failure("the destination service's answer has no destinationConfiguration object") }
        var properties: [String: String] = [:]
        for (key, value) in configuration {
            if let text = value as? String {
                properties[key] = text
            } else if let number = value as? NSNumber {
                properties[key] = number.stringValue
            }
        }
        guard let urlText = properties["URL"], let url = URL(string: urlText), url.host != nil,
            ["http", "https"].contains(url.scheme?.lowercased() ?? "")
        else { throw failure("URL \(properties["URL"] ?? "(missing)") is not an absolute http(s) URL") }
        let authentication = properties["Authentication"] ?? "NoAuthentication"
        guard supportedAuthentications.contains(authentication) else {
            throw failure(
                "authentication type \(ODataError.capped(authentication, limit: 80)) is not supported (supported: "
                    + supportedAuthentications.sorted().joined(separator: ", ") + ")")
        }
        let proxyText = properties["ProxyType"] ?? "Internet"
        guard let proxyType = ProxyType(rawValue: proxyText) else {
            throw failure("proxy type \(ODataError.capped(proxyText, limit: 80)) is neither Internet nor OnPremise")
        }
        var headers = HTTPHeaders()
        var queries: [URLQueryItem] = []
        for key in properties.keys.sorted() {
            if key.hasPrefix("URL.headers.") { headers[String(key.dropFirst("URL.headers.".count))] = properties[key] }
            if key.hasPrefix("URL.queries.") {
                queries.append(URLQueryItem(name: String(key.dropFirst("URL.queries.".count)), value: properties[key]))
            }
        }
        let tokens = (object["authTokens"] as? [[String: Any]] ?? []).map { token -> AuthToken in
            let header = token["http_header"] as? [String: Any]
            let expires = (token["expires_in"] as? NSNumber)?.doubleValue ?? (token["expires_in"] as? String).flatMap(Double.init)
            return AuthToken(
                type: token["type"] as? String ?? "", headerName: header?["key"] as? String, headerValue: header?["value"] as? String,
                expiresIn: expires, error: token["error"] as? String)
        }
        if let failed = tokens.first(where: { $0.error != nil }) {
            throw failure(
                "the destination service could not get its \(authentication) token: \(ODataError.capped(failed.error ?? "", limit: 300))")
        }
        let certificates = (object["certificates"] as? [[String: Any]] ?? []).compactMap { certificate -> Certificate? in
            guard let name = certificate["Name"] as? String,
                let content = (certificate["Content"] as? String).flatMap({ Data(base64Encoded: $0) })
            else { return nil }
            return Certificate(name: name, type: certificate["Type"] as? String ?? "", content: content)
        }
        return Destination(
            name: properties["Name"] ?? name, url: url, authentication: authentication, proxyType: proxyType,
            sapClient: properties["sap-client"], locationID: properties["CloudConnectorLocationId"], headers: headers,
            queries: queries, authTokens: tokens, certificates: certificates, properties: properties)
    }

    /// Whether the destination's authentication needs the user's JWT.
    var needsUserToken: Bool {
        ["OAuth2JWTBearer", "OAuth2SAMLBearerAssertion", "PrincipalPropagation"].contains(authentication)
    }

    /// Seconds the destination may be cached: `ttl`, or less when a token expires sooner (less `margin`).
    func cacheLifetime(ttl: TimeInterval, margin: TimeInterval) -> TimeInterval {
        let expiries = authTokens.compactMap(\.expiresIn).map { $0 - min(margin, $0 / 2) }
        return max(0, ([ttl] + expiries).min() ?? ttl)
    }
}

extension Destination.AuthToken: CustomStringConvertible {
    /// The token's type, header name and expiry, or its error; never its value.
    public var description: String {
        if let error { return "AuthToken(\(type), error: \(error))" }
        return "AuthToken(\(type), header \(headerName ?? "none"): <redacted>, expires in \(expiresIn.map { "\(Int($0)) s" } ?? "unknown"))"
    }
}

extension Destination.Certificate: CustomStringConvertible {
    /// The certificate's name, type and size; never its content.
    public var description: String { "Certificate(\(name), \(type), \(content.count) bytes)" }
}
