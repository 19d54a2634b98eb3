import Foundation

/// How requests authenticate.
public enum Authentication: Sendable {
    /// No credentials.
    case none
    /// HTTP basic authentication.
    case basic(user: String, password: String)
    /// A bearer token from an async provider, asked again after a `401`.
    case bearer(BearerTokenProvider)
    /// OAuth2 access tokens from a token endpoint (client credentials, JWT or SAML bearer, refresh token), cached,
    /// renewed before they expire and once after a `401`, sent only to the service's origin.
    case oauth2(OAuth2Configuration)
}

/// A data-service provider that talks to an OData v2 service over HTTP.
///
/// `OnlineODataProvider(serviceName: "ESPM", serviceRoot: url)` gives JSON, CSRF handling,
/// retries of reads and its own ephemeral `URLSession`; `Options` changes any of that.
public struct OnlineODataProvider: Sendable {
    /// Settings of a provider.
    public struct Options: Sendable {
        /// The payload format for reads and writes.
        public var format: PayloadFormat
        /// Headers sent with every request (a request's own headers win).
        public var defaultHeaders: HTTPHeaders
        /// How requests authenticate.
        public var authentication: Authentication
        /// Fetch and send SAP's `x-csrf-token` for modifying requests.
        public var handlesCSRF: Bool
        /// Retries of reads.
        public var retryPolicy: RetryPolicy
        /// Your middlewares, run after authentication and before the transport, first added first.
        public var middlewares: [any ODataMiddleware]
        /// Where request/response lines go (debug level), credentials redacted.
        public var logger: (any ODataLogger)?
        /// `sap-client` query option on every request, if set.
        public var sapClient: String?
        /// `sap-language` query option on every request, if set.
        public var sapLanguage: String?
        /// Called with the `sap-message` messages of every successful response that has them.
        public var sapMessageHandler: (@Sendable ([SAPMessage], HTTPResponse) -> Void)?
        /// Settings of the default `URLSession` transport.
        public var transportConfiguration: URLSessionTransport.Configuration
        /// Resolves derived entity types named in payloads (the dynamic `DataModel` or a generated container's lookup).
        public var typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?
        /// Redirects and next links to other origins: refused by default (see `RedirectPolicy`).
        public var redirectPolicy = RedirectPolicy()
        /// The most pages `pages(_:)` and `entities(_:)` follow through `__next` links before ending with
        /// `ODataError.tooManyPages`: 10,000 by default (a million entities at SAP's usual 100 per page),
        /// so that a server whose next links never end cannot keep a loop running forever.
        public var maximumPages = 10_000
        /// Receives each logical request's metrics (method, redacted URL, status, sizes, retries, timings) once it
        /// ends; nil (the default) adds nothing to a request. `RequestMetricsCollector` keeps and sums them up.
        public var requestObserver: (any ODataRequestObserver)?
        /// Sends a W3C `traceparent` (and `tracestate`) with every request: the trace of the call's own `traceparent`
        /// header (`headers: trace.headers`), else a new one per logical request, with a new parent-id per HTTP request
        /// (retries keep the trace-id). Off by default.
        public var propagatesTraceContext = false
        /// Repeatable-request headers on writes (`.oasis`, `.sapGateway`), so that the retry policy may send a write
        /// again whose answer was lost: by default only for a service whose `$metadata` declares them, for services
        /// that honour them only (see `RepeatableRequests`).
        public var repeatableRequests = RepeatableRequests.whenDeclared

        /// Default options: JSON, CSRF on, 3 attempts for reads, no authentication.
        public init(
            format: PayloadFormat = .json, defaultHeaders: HTTPHeaders = HTTPHeaders(), authentication: Authentication = .none,
            handlesCSRF: Bool = true, retryPolicy: RetryPolicy = RetryPolicy(), middlewares: [any ODataMiddleware] = [],
            logger: (any ODataLogger)? = nil, sapClient: String? = nil, sapLanguage: String? = nil,
            sapMessageHandler: (@Sendable ([SAPMessage], HTTPResponse) -> Void)? = nil,
            transportConfiguration: URLSessionTransport.Configuration = URLSessionTransport.Configuration(),
            typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)? = nil
        ) {
            self.typeResolver = typeResolver
            self.format = format
            self.defaultHeaders = defaultHeaders
            self.authentication = authentication
            self.handlesCSRF = handlesCSRF
            self.retryPolicy = retryPolicy
            self.middlewares = middlewares
            self.logger = logger
            self.sapClient = sapClient
            self.sapLanguage = sapLanguage
            self.sapMessageHandler = sapMessageHandler
            self.transportConfiguration = transportConfiguration
        }
    }

    /// The service's name, for logs and errors.
    public let serviceName: String
    /// The service root, always ending in `/`.
    public let serviceRoot: URL
    /// The options.
    public let options: Options
    /// The middleware chain and transport every request goes through.
    public let pipeline: HTTPPipeline
    /// The CSRF handler (nil when `handlesCSRF` is off).
    public let csrf: CSRFMiddleware?
    /// Builds every request this provider sends (URLs, headers, bodies in `options.format`, for its `service`).
    public var requestBuilder: ODataRequestBuilder { serviceBinding.requestBuilder }
    /// The service this provider calls and the request builder for it (shared by copies of this provider).
    let serviceBinding: ServiceBinding
    /// SAP's service options, settable at any time (`provider.serviceOptions.checkVersion = true`); shared by
    /// copies of this provider.
    public let serviceOptions = ServiceOptions()
    /// SAP's network options, settable at any time (`provider.networkOptions.tunneledMethods = ["MERGE"]`);
    /// shared by copies of this provider.
    public let networkOptions = NetworkOptions()
    /// What the service's `$metadata` declared about repeatable requests (shared by copies of this provider).
    let repeatabilityDeclaration: RepeatabilityDeclaration
    /// Whether `options.requestObserver` is set: its reports wait for each operation's decoding.
    let observesRequests: Bool
    /// The repeatable-request headers writes carry now: `options.repeatableRequests`, with `.whenDeclared` resolved
    /// by the `$metadata` this provider has read (`.oasis` when it declares them, else `.off`).
    public var repeatableRequests: RepeatableRequests { repeatabilityDeclaration.effective(options.repeatableRequests) }
    /// Reads and writes payloads in `options.format`.
    var codec: any ODataPayloadCodec { serviceBinding.codec }

    /// Creates a provider for a service root; `transport` replaces the default `URLSessionTransport`.
    public init(serviceName: String, serviceRoot: URL, options: Options = Options(), transport: (any ODataTransport)? = nil) {
        self.serviceName = serviceName
        let root = serviceRoot.absoluteString.hasSuffix("/") ? serviceRoot : serviceRoot.appendingPathComponent("")
        self.serviceRoot = root
        self.options = options
        self.serviceBinding = ServiceBinding(
            builder: ODataRequestBuilder(
                serviceRoot: root, codec: options.format.codec(typeResolver: options.typeResolver), sapClient: options.sapClient,
                sapLanguage: options.sapLanguage, allowsCrossOrigin: options.redirectPolicy.allowsCrossOrigin),
            format: options.format, typeResolver: options.typeResolver)
        let csrf = options.handlesCSRF ? CSRFMiddleware(serviceRoot: root) : nil
        self.csrf = csrf
        var chain: [any ODataMiddleware] = []
        self.observesRequests = options.requestObserver != nil
        let observes = options.requestObserver != nil || options.propagatesTraceContext
        if observes {
            chain.append(
                RequestObservationMiddleware(observer: options.requestObserver, propagatesTraceContext: options.propagatesTraceContext))
        }
        let declaration = RepeatabilityDeclaration()
        self.repeatabilityDeclaration = declaration
        if options.repeatableRequests != .off {
            chain.append(RepeatableRequestsMiddleware(configured: options.repeatableRequests, declaration: declaration))
        }
        chain.append(RetryMiddleware(policy: options.retryPolicy))
        if let csrf { chain.append(csrf) }
        switch options.authentication {
        case .none: break
        case .basic(let user, let password): chain.append(BasicAuthenticationMiddleware(user: user, password: password))
        case .bearer(let provider): chain.append(BearerTokenMiddleware(tokenProvider: provider))
        case .oauth2(let configuration): chain.append(OAuth2Middleware(configuration: configuration, serviceRoot: root))
        }
        if !options.defaultHeaders.fields.isEmpty { chain.append(DefaultHeadersMiddleware(options.defaultHeaders)) }
        chain += options.middlewares
        chain.append(SAPOptionsMiddleware(service: serviceOptions, network: networkOptions))
        if let logger = options.logger { chain.append(LoggingMiddleware(logger: logger)) }
        chain.append(RedirectMiddleware(policy: options.redirectPolicy, serviceRoot: root))
        if observes { chain.append(RequestAttemptMiddleware()) }
        self.pipeline = HTTPPipeline(
            middlewares: chain, transport: transport ?? URLSessionTransport(configuration: options.transportConfiguration))
    }

    /// Creates a provider for a service root given as a string; throws for a URL that is not absolute http(s).
    public init(serviceName: String, serviceRoot: String, options: Options = Options(), transport: (any ODataTransport)? = nil) throws {
        guard let url = URL(string: serviceRoot), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else { throw ODataError(.invalidRequest, "service root is not an absolute http(s) URL: \(serviceRoot)") }
        self.init(serviceName: serviceName, serviceRoot: url, options: options, transport: transport)
    }
}
