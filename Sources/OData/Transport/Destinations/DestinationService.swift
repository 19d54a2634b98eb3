import Foundation

/// A client of the SAP BTP destination service: finds destinations by name (its "Find Destination" REST call),
/// caches them, and gets the connectivity proxy's token for on-premise ones.
///
/// ```swift
/// let destinations = try DestinationService()                // from VCAP_SERVICES
/// let provider = try await OnlineODataProvider(
///     destination: "S4_SALES", servicePath: "/sap/opu/odata/sap/API_SALES_ORDER_SRV", destinations: destinations)
/// ```
public final class DestinationService: Sendable {
    /// The destination service's credentials.
    public let credentials: DestinationServiceCredentials
    /// The connectivity service's credentials, for destinations of proxy type `OnPremise`.
    public let connectivity: ConnectivityServiceCredentials?
    /// How long a destination is cached, in seconds (less when one of its tokens expires sooner). Default 300.
    public let cacheTTL: TimeInterval

    private let transport: any ODataTransport
    private let tokens: OAuth2TokenCache
    private let cache: SingleFlightCache<Destination>

    /// A client over given credentials; `transport` carries its own requests (the destination service and XSUAA).
    public init(
        credentials: DestinationServiceCredentials, connectivity: ConnectivityServiceCredentials? = nil, cacheTTL: TimeInterval = 300,
        transport: (any ODataTransport)? = nil, tokenCache: OAuth2TokenCache = .shared
    ) {
        self.credentials = credentials
        self.connectivity = connectivity
        self.cacheTTL = cacheTTL
        self.transport = transport ?? URLSessionTransport(configuration: .init(requestTimeout: 30))
        self.tokens = tokenCache
        self.cache = SingleFlightCache()
    }

    /// A client over the destination (and connectivity) service bindings in `VCAP_SERVICES`.
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment, cacheTTL: TimeInterval = 300,
        transport: (any ODataTransport)? = nil
    ) throws {
        let (destination, connectivity) = try ServiceBindings.read(environment)
        self.init(credentials: destination, connectivity: connectivity, cacheTTL: cacheTTL, transport: transport)
    }

    /// The destination `name`, from the cache while fresh (and not `refused`); `userToken` is the user's JWT, sent
    /// as `X-user-token` for user-dependent authentication types and part of the cache key.
    public func destination(named name: String, userToken: String? = nil, refresh: Bool = false) async throws(ODataError) -> Destination {
        let key = name + "\u{0}" + (userToken ?? "")
        var refused: (@Sendable (Destination) -> Bool)?
        if refresh { refused = { _ in true } }
        return try await ODataError.converting {
            try await cache.value(for: key, refused: refused) { _ in
                try await self.load(name, userToken: userToken)
            }
        }
    }

    /// Finds the destination and says how long it may be cached.
    private func load(_ name: String, userToken: String?) async throws -> SingleFlightCache<Destination>.Entry {
        let destination = try await find(name, userToken: userToken)
        let lifetime = destination.cacheLifetime(ttl: cacheTTL, margin: 60)
        return .init(value: destination, freshUntil: await cache.currentDate().addingTimeInterval(lifetime))
    }

    /// A bearer token of the connectivity service's client, for the connectivity proxy.
    func connectivityToken(for destination: Destination) async throws -> (URL, String) {
        guard let connectivity else {
            throw ODataError(.destination, "destination \(destination.name) is OnPremise, but no connectivity service is bound")
        }
        let configuration = OAuth2Configuration(
            tokenEndpoint: connectivity.tokenEndpoint, clientID: connectivity.clientID,
            clientAuthentication: .basic(secret: connectivity.clientSecret), transport: transport, cache: tokens)
        return (connectivity.proxy, try await tokens.token(for: configuration).accessToken)
    }

    /// GET `{uri}/destination-configuration/v1/destinations/{name}` with the service's own token.
    private func find(_ name: String, userToken: String?) async throws -> Destination {
        let configuration = OAuth2Configuration(
            tokenEndpoint: credentials.tokenEndpoint, clientID: credentials.clientID,
            clientAuthentication: .basic(secret: credentials.clientSecret), transport: transport, cache: tokens)
        var token = try await tokens.token(for: configuration).accessToken
        var response = try await send(name, userToken: userToken, token: token)
        if response.statusCode == 401 {
            token = try await tokens.token(for: configuration, refused: token).accessToken
            response = try await send(name, userToken: userToken, token: token)
        }
        let url = response.url
        guard response.isSuccess else {
            let body = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
            let said = (body?["ErrorMessage"] as? String).map { ": " + ODataError.capped($0, limit: 300) } ?? ""
            let what = response.statusCode == 404 ? "is not defined in the destination service" : "could not be read"
            throw ODataError(
                .destination, "destination \(name) \(what) (\(credentials.uri.absoluteString) answered \(response.statusCode)\(said))",
                method: "GET", url: url, statusCode: response.statusCode, responseHeaders: response.headers)
        }
        let destination = try Destination.parse(response.body, name: name)
        if destination.needsUserToken && userToken == nil {
            throw ODataError(.destination, "destination \(name) uses \(destination.authentication): pass the user's JWT as userToken")
        }
        return destination
    }

    /// One "Find Destination" request.
    private func send(_ name: String, userToken: String?, token: String) async throws -> HTTPResponse {
        let url = credentials.uri.appendingPathComponent("destination-configuration/v1/destinations").appendingPathComponent(name)
        var headers = HTTPHeaders()
        headers["Authorization"] = "Bearer " + token
        headers["Accept"] = "application/json"
        if let userToken { headers["X-user-token"] = userToken }
        let request = HTTPRequest(method: "GET", url: url, headers: headers, timeout: 30)
        do {
            return try await transport.send(request)
        } catch let error as ODataError {
            throw ODataError(
                error.kind == .timeout ? .timeout : .destination,
                "destination \(name): the destination service \(credentials.uri.absoluteString) failed: \(error.message)", method: "GET",
                url: url,
                underlyingError: error)
        }
    }
}
