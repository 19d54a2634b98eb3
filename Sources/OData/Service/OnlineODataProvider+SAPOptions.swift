import Synchronization

/// SAP's `ServiceOptions` as SAP code sets them (`provider.serviceOptions.checkVersion = false`): settable
/// from any thread at any time; every request reads the current values. Only the members this SDK can honour
/// exist; the rest of SAP's options are set once through `OnlineODataProvider.Options` (README, "Porting
/// from SAPOData").
public final class ServiceOptions: Sendable {
    private let state = Mutex(false)

    /// Creates options with SAP's defaults.
    public init() {}

    /// Check the OData version a service answers with: when true, a response whose `DataServiceVersion`
    /// (or `OData-Version`) header names version 3 or later fails with `ODataError` `.unsupportedOperation`
    /// (this SDK speaks OData v2). False by default, as in SAP's `OnlineServiceOptions`.
    public var checkVersion: Bool {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

/// SAP's `NetworkOptions` as SAP code sets them (`provider.networkOptions.tunneledMethods = ["MERGE"]`):
/// settable from any thread at any time; every request reads the current value.
public final class NetworkOptions: Sendable {
    private let state = Mutex<[String]>([])

    /// The methods a proxy or firewall lets through only as POST: a request with one of them is sent as
    /// `POST` with the method in `X-HTTP-Method` (OData v2 tunnelling). Only MERGE, PATCH, PUT and DELETE can
    /// be tunnelled: a request made while the list names another method fails with `ODataError`
    /// `.invalidRequest` naming it. Empty by default. (`RequestOptions.tunnelsHTTPMethod` tunnels one request.)
    public var tunneledMethods: [String] {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

/// Applies `ServiceOptions` and `NetworkOptions` to each request: tunnels the listed methods and checks the
/// answered OData version. Part of every `OnlineODataProvider`'s chain, after your middlewares.
struct SAPOptionsMiddleware: ODataMiddleware {
    static let tunnelable: Set<String> = ["MERGE", "PATCH", "PUT", "DELETE"]

    let service: ServiceOptions
    let network: NetworkOptions

    func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        let listed = network.tunneledMethods
        // the usual empty list costs no set, no upper-casing and no copy of the request
        if !listed.isEmpty, let tunnelled = try tunnelled(request, listed) { return try checked(try await next(tunnelled), of: tunnelled) }
        return try checked(try await next(request), of: request)
    }

    /// `request` sent as a POST with `X-HTTP-Method` when its method is listed, else nil; a listed method that cannot be
    /// tunnelled is `.invalidRequest`.
    private func tunnelled(_ request: HTTPRequest, _ listed: [String]) throws(ODataError) -> HTTPRequest? {
        let tunneled = Set(listed.map { $0.uppercased() })
        if let refused = tunneled.subtracting(Self.tunnelable).sorted().first {
            throw ODataError(
                .invalidRequest,
                "networkOptions.tunneledMethods names \(refused): only MERGE, PATCH, PUT and DELETE can be tunnelled",
                method: request.method, url: request.url)
        }
        let method = request.method.uppercased()
        guard tunneled.contains(method) else { return nil }
        var tunnelled = request
        tunnelled.method = "POST"
        tunnelled.headers["X-HTTP-Method"] = method
        return tunnelled
    }

    /// The response, unless `serviceOptions.checkVersion` is on and it answered an OData version above 2.
    private func checked(_ response: HTTPResponse, of request: HTTPRequest) throws(ODataError) -> HTTPResponse {
        if service.checkVersion, let version = response.headers["DataServiceVersion"] ?? response.headers["OData-Version"],
            let major = Int(version.prefix { $0.isNumber }), major > 2
        {
            throw ODataError(
                .unsupportedOperation,
                "\(request.effectiveMethod) \(request.url) answered OData version \(version); this SDK speaks OData v2"
                    + " (serviceOptions.checkVersion)",
                method: request.method, url: request.url, statusCode: response.statusCode, responseHeaders: response.headers)
        }
        return response
    }
}
