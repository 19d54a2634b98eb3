import Foundation

/// Applies an SAP BTP destination to the requests for its origin: its `authTokens` headers, its `URL.headers.*` and
/// `URL.queries.*`, and for proxy type `OnPremise` the connectivity proxy (`Proxy-Authorization: Bearer <token>`,
/// `SAP-Connectivity-SCC-Location_ID`, and for `PrincipalPropagation` `SAP-Connectivity-Authentication: Bearer <user JWT>`).
///
/// Requests to another origin get none of it. A `401` reads the destination again (new tokens) and sends the request
/// once more. `OnlineODataProvider(destination:…)` installs it.
public struct DestinationMiddleware: ODataMiddleware, RenewableAuthorization {
    /// The destination service.
    public let service: DestinationService
    /// The destination's name.
    public let name: String
    private let userToken: String?
    /// The origin the destination is applied to.
    let origin: Origin?

    /// Creates the middleware for a destination whose URL is `url`; `userToken` is the user's JWT, if any.
    public init(service: DestinationService, name: String, url: URL, userToken: String?) {
        self.service = service
        self.name = name
        self.userToken = userToken
        self.origin = Origin(url)
    }

    /// Sends the request with the destination applied; after a `401`, once more with the destination read again.
    public func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        try await sendRenewingOnce(request, next: next)
    }

    /// The destination (cached), or read again in place of one whose tokens were refused.
    func credential(replacing refused: Destination?) async throws -> Destination {
        try await service.destination(named: name, userToken: userToken, refresh: refused != nil)
    }

    /// Only a destination with tokens has something to renew.
    func renews(_ refused: Destination) -> Bool { !refused.authTokens.isEmpty }

    /// The request with the destination's headers, queries, tokens and proxy.
    func authorized(_ request: HTTPRequest, with destination: Destination) async throws -> HTTPRequest {
        var request = request
        for field in destination.headers.fields where request.headers[field.name] == nil {
            request.headers[field.name] = field.value
        }
        if !destination.queries.isEmpty, var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) {
            let present = Set((components.queryItems ?? []).map(\.name))
            let added = destination.queries.filter { !present.contains($0.name) }
                .map { Self.encode($0.name) + "=" + Self.encode($0.value ?? "") }
            if !added.isEmpty {
                components.percentEncodedQuery = ([components.percentEncodedQuery].compactMap { $0 } + added).joined(separator: "&")
                if let url = components.url { request.url = url }
            }
        }
        for token in destination.authTokens {
            if let key = token.headerName, let value = token.headerValue { request.headers[key] = value }
        }
        if destination.proxyType == .onPremise {
            let (proxy, token) = try await service.connectivityToken(for: destination)
            var headers = HTTPHeaders()
            headers["Proxy-Authorization"] = "Bearer " + token
            if let location = destination.locationID { headers["SAP-Connectivity-SCC-Location_ID"] = location }
            if destination.authentication == "PrincipalPropagation", let userToken {
                headers["SAP-Connectivity-Authentication"] = "Bearer " + userToken
            }
            request.proxy = HTTPProxy(url: proxy, headers: headers)
        }
        return request
    }

    /// A query name or value percent-encoded for a URL (`$` and `,` kept, as OData's own options are).
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private static let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~$,'():*/")
}
