import Foundation
import OData

/// A transport over the system's libcurl: connection reuse and keep-alive, HTTP/2 where the server
/// offers it, gzip/deflate, proxies, and the TLS that `URLSessionTransport` cannot do on Linux —
/// a client certificate for mutual TLS, a private CA trusted for this transport only, and public-key
/// pinning (see `TLSOptions`).
///
/// ```swift
/// import ODataCurl
///
/// let transport = CurlTransport(configuration: .init(tls: .init(
///     clientCertificate: .pem(certificate: certURL, key: keyURL),
///     trustedCertificateAuthorities: .file(caURL))))
/// let provider = OnlineODataProvider(serviceName: "API_BUSINESS_PARTNER", serviceRoot: root, transport: transport)
/// ```
///
/// All transfers of one transport run on one thread of its own over libcurl's multi interface, which
/// keeps the connections (and their TLS sessions) for later requests. Cookies live in memory and are
/// shared by the transport's requests, as with `URLSessionTransport`'s ephemeral session. Redirects are
/// returned, not followed: the SDK's pipeline decides what to follow. Cancelling the calling task
/// cancels the transfer. Failures below HTTP are `ODataError`s (`.transport`, `.timeout`, `.cancelled`,
/// `.truncatedBody`) whose `underlyingError` is a `CurlTransportError`; a TLS failure says so in
/// its message and in `CurlTransportError.isTLS`.
public final class CurlTransport: ODataTransport {
    /// Settings of the transport.
    public struct Configuration: Sendable {
        /// Seconds to wait for data (connecting, or between two pieces of a response) before a
        /// request times out; a request's own `timeout` replaces it.
        public var requestTimeout: TimeInterval
        /// Seconds a whole request (including a large body) may take.
        public var resourceTimeout: TimeInterval
        /// Maximum connections per host (further requests wait for a free one, or share an HTTP/2 one).
        public var maximumConnectionsPerHost: Int
        /// Which proxy to use.
        public var proxy: Proxy
        /// Certificates, trust and pinning.
        public var tls: TLSOptions
        /// Whether HTTP/2 is negotiated (over TLS, through ALPN) when the server offers it.
        public var allowsHTTP2: Bool
        /// Whether compressed responses (gzip, deflate and what else libcurl decodes) are asked for and
        /// decompressed on arrival.
        public var acceptsCompressedResponses: Bool

        /// Creates settings (60 s idle timeout, 10 min per request, 8 connections per host, proxy from
        /// the environment, TLS verified against the system's trust store, HTTP/2 and compression on).
        public init(
            requestTimeout: TimeInterval = 60, resourceTimeout: TimeInterval = 600, maximumConnectionsPerHost: Int = 8,
            proxy: Proxy = .environment, tls: TLSOptions = TLSOptions(), allowsHTTP2: Bool = true,
            acceptsCompressedResponses: Bool = true
        ) {
            self.requestTimeout = requestTimeout
            self.resourceTimeout = resourceTimeout
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
            self.proxy = proxy
            self.tls = tls
            self.allowsHTTP2 = allowsHTTP2
            self.acceptsCompressedResponses = acceptsCompressedResponses
        }

        /// The same timeouts and connection limit as a `URLSessionTransport` configuration
        /// (for example `OnlineODataProvider.Options.transportConfiguration`).
        public init(_ sessionConfiguration: URLSessionTransport.Configuration, proxy: Proxy = .environment, tls: TLSOptions = TLSOptions())
        {
            self.init(
                requestTimeout: sessionConfiguration.requestTimeout, resourceTimeout: sessionConfiguration.resourceTimeout,
                maximumConnectionsPerHost: sessionConfiguration.maximumConnectionsPerHost, proxy: proxy, tls: tls)
        }
    }

    /// Which proxy a transport uses when a request names none of its own (`HTTPRequest.proxy` wins).
    public enum Proxy: Sendable, Hashable {
        /// libcurl's environment variables: `http_proxy`, `HTTPS_PROXY`, `ALL_PROXY` and `NO_PROXY`.
        case environment
        /// No proxy, whatever the environment says.
        case none
        /// This proxy (its credentials and proxy-only headers included), except for the hosts in `excluding`
        /// (host names or domain suffixes, as in `NO_PROXY`).
        case explicit(HTTPProxy, excluding: [String] = [])
    }

    /// The settings this transport was made with.
    public let configuration: Configuration
    private let engine: CurlEngine

    /// Creates a transport with its own connection cache, cookie jar and transfer thread.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.engine = CurlEngine(configuration: configuration)
    }

    deinit {
        engine.shutDown()
    }

    /// Sends a request; cancelling the calling task cancels the transfer.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let transfer = try CurlTransfer(request: request, configuration: configuration)
        let engine = self.engine
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                transfer.continuation = continuation
                engine.submit(transfer)
            }
        } onCancel: {
            engine.cancel(transfer)
        }
    }
}

/// A failure reported by libcurl, as the `underlyingError` of an `ODataError`.
public struct CurlTransportError: Error, Sendable, CustomStringConvertible {
    /// libcurl's result code (`CURLcode`), for example 60 for an unverifiable peer certificate.
    public let code: Int
    /// libcurl's name of the code (`curl_easy_strerror`).
    public let summary: String
    /// libcurl's detailed message for this transfer (its error buffer), possibly empty.
    public let detail: String
    /// Whether the failure is about TLS: the handshake, a certificate, a key, the trusted CAs or a pinned key.
    public let isTLS: Bool

    /// Creates an error.
    public init(code: Int, summary: String, detail: String, isTLS: Bool) {
        self.code = code
        self.summary = summary
        self.detail = detail
        self.isTLS = isTLS
    }

    /// The summary and the detail.
    public var description: String {
        detail.isEmpty ? "\(summary) (curl \(code))" : "\(summary): \(detail) (curl \(code))"
    }
}

extension CurlTransport {
    /// Page bodies stream into the request's `responseBodyStream` as they arrive.
    public var streamsResponseBodies: Bool { true }
}
