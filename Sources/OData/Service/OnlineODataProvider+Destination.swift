import Foundation

extension OnlineODataProvider {
    /// A provider for a service behind an SAP BTP destination: the service root is the destination's URL plus
    /// `servicePath`, its `sap-client` becomes `Options.sapClient` (unless set), and every request to it carries the
    /// destination's tokens, headers and queries and, for an on-premise destination, goes through the connectivity
    /// proxy (see `DestinationMiddleware`).
    ///
    /// `destination` is the destination's name, `servicePath` the OData service's path below its URL (empty when the
    /// URL is the service root), `destinations` the destination service client (`DestinationService()` reads
    /// `VCAP_SERVICES`), and `userToken` the user's JWT for `OAuth2JWTBearer`, `OAuth2SAMLBearerAssertion` and
    /// `PrincipalPropagation`. The destination's middleware runs first among `options.middlewares`; with
    /// `ClientCertificateAuthentication`, `transport` must present the certificate.
    ///
    /// - Throws: `ODataError` `.destination` when the destination is unknown, of an unsupported type, or its tokens
    ///   could not be had; `.tokenEndpoint` when the destination service's own token could not be had.
    public init(
        destination: String, servicePath: String = "", destinations: DestinationService, userToken: String? = nil,
        options: Options = Options(), transport: (any ODataTransport)? = nil
    ) async throws(ODataError) {
        let found = try await destinations.destination(named: destination, userToken: userToken)
        var root = found.url
        let path = servicePath.split(separator: "/").map(String.init)
        for component in path { root.appendPathComponent(component) }
        var options = options
        if options.sapClient == nil { options.sapClient = found.sapClient }
        let middleware = DestinationMiddleware(service: destinations, name: destination, url: found.url, userToken: userToken)
        options.middlewares.insert(middleware, at: 0)
        self.init(serviceName: path.last ?? destination, serviceRoot: root, options: options, transport: transport)
    }
}
