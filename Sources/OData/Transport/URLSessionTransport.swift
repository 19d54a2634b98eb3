import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `URLSession` with its own ephemeral configuration (in-memory cookie jar,
/// so SAP's CSRF token and session cookie stay together; no URL cache; nothing written to disk).
///
/// ## TLS on Linux: no client certificates, no private CAs
///
/// On Darwin a delegate answers `NSURLAuthenticationMethodClientCertificate` with
/// `URLCredential(identity:certificates:persistence:)` and `NSURLAuthenticationMethodServerTrust` with
/// `URLCredential(trust:)`. swift-corelibs-foundation (FoundationNetworking of Swift 6.3.1, over libcurl
/// and OpenSSL) supports neither, as tried against a local Python `ssl` server with a private CA
/// (`TLSClientCertificateTests`):
///
/// - `URLCredential` has only `init(user:password:persistence:)`: there is no initializer taking an
///   identity or a trust, so a client certificate cannot be handed to the session at all.
/// - `URLProtectionSpace.serverTrust` is marked unavailable ("swift-corelibs-foundation does not support
///   methods of authentication that rely on the Darwin Security framework").
/// - No TLS challenge reaches the delegate: neither the session-level nor the task-level
///   `didReceive challenge` is called for a server whose certificate chain is unknown, nor for one that
///   requires a client certificate; libcurl verifies on its own and the task fails with
///   `NSURLErrorDomain` code -1 and "SSL certificate problem: self-signed certificate in certificate chain".
/// - `URLSessionConfiguration` has no hook for a CA file, certificate or key, and the environment
///   variables `URLSessionCertificateAuthorityInfoFile`, `SSL_CERT_FILE` and `CURL_CA_BUNDLE` change
///   nothing (libcurl's `CURLOPT_CAINFO`/`CURLOPT_SSLCERT` are not reachable from Swift).
///
/// So with this transport a server is reachable over HTTPS only when its chain ends in a CA of the
/// system trust store (`/etc/ssl/certs`, managed with `update-ca-certificates`), and mutual TLS is not
/// possible. Such a failure is a typed `ODataError` of kind `.transport` whose message names the
/// certificate problem, raised at the handshake (not at the timeout). For client certificates, plug an
/// HTTP client that supports them (libcurl, AsyncHTTPClient) in through `ODataTransport`.
public final class URLSessionTransport: ODataTransport, @unchecked Sendable {
    /// Settings of the session.
    public struct Configuration: Sendable {
        /// Seconds to wait for data before a request times out.
        public var requestTimeout: TimeInterval
        /// Seconds a whole request (including a large body) may take.
        public var resourceTimeout: TimeInterval
        /// Maximum connections per host.
        public var maximumConnectionsPerHost: Int

        /// Creates settings (60 s idle timeout, 10 min per request, 8 connections per host).
        public init(requestTimeout: TimeInterval = 60, resourceTimeout: TimeInterval = 600, maximumConnectionsPerHost: Int = 8) {
            self.requestTimeout = requestTimeout
            self.resourceTimeout = resourceTimeout
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
        }
    }

    /// The session (immutable; safe to share).
    public let session: URLSession
    private let delegate: TransportDelegate?

    /// Creates a transport with its own ephemeral session.
    public init(configuration: Configuration = Configuration()) {
        let config = URLSessionConfiguration.ephemeral
        config.urlCache = nil
        config.requestCachePolicy = .reloadIgnoringLocalCacheData
        config.httpShouldSetCookies = true
        config.httpCookieAcceptPolicy = .always
        config.timeoutIntervalForRequest = configuration.requestTimeout
        config.timeoutIntervalForResource = configuration.resourceTimeout
        config.httpMaximumConnectionsPerHost = configuration.maximumConnectionsPerHost
        let delegate = TransportDelegate()
        self.delegate = delegate
        self.session = URLSession(configuration: config, delegate: delegate, delegateQueue: nil)
    }

    /// Uses an existing session (its configuration decides cookies and caching).
    ///
    /// On Linux, give it a delegate that answers authentication challenges: without one,
    /// swift-corelibs-foundation never completes a `401` that carries `WWW-Authenticate: Basic`.
    /// The delegate must also refuse redirects (`willPerformHTTPRedirection` answering nil): the
    /// `ODataTransport` contract leaves them to the pipeline's `RedirectPolicy`. Over such a session a declined
    /// challenge's `401` comes without its body. A write's task gets a delegate of its own (`ResendGuard`) that stops
    /// libcurl's resend of it without its body and passes every other call on to the session's delegate.
    public init(session: URLSession) {
        self.session = session
        self.delegate = nil
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends a request; cancelling the calling task cancels the `URLSessionTask`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let proxy = request.proxy { throw Self.proxyUnsupported(proxy, request: request) }
        let urlRequest = Self.urlRequest(for: request)
        let box = TaskBox()
        let started = DispatchTime.now().uptimeNanoseconds
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task = makeTask(urlRequest, request: request, box: box) { result, received in
                    continuation.resume(
                        with: result.flatMap {
                            Self.checkedProxyAnswer(
                                Self.measured($0, request: request, since: started, received: received), request: request)
                        })
                }
                if !box.start(task) {
                    continuation.resume(
                        throwing: ODataError(.cancelled, "cancelled before sending", method: request.method, url: request.url))
                }
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// What the answer to a task is delivered to: the answer and the count of body bytes received (nil: the body's size).
    typealias Completion = @Sendable (Result<HTTPResponse, any Error>, _ received: Int?) -> Void

    /// The task for `request`: a download task for a body that goes to a file; over the transport's own session a task
    /// whose answer its delegate receives; over a session of the caller's a task with a completion handler.
    private func makeTask(_ urlRequest: URLRequest, request: HTTPRequest, box: TaskBox, completion: @escaping Completion) -> URLSessionTask
    {
        let failure = FailureContext(
            started: Date(), requestTimeout: request.timeout ?? session.configuration.timeoutIntervalForRequest,
            resourceTimeout: session.configuration.timeoutIntervalForResource, isPerRequest: request.timeout != nil)
        let delegate = self.delegate
        let identifier = TaskIdentifier()
        /// The answer to give instead of the task's own when the delegate stopped it (and the caller did not).
        let intervened: @Sendable ((any Error)?, Data) -> Result<HTTPResponse, any Error>? = { error, body in
            guard let intervention = delegate?.takeIntervention(identifier.value), !box.isCancelled else { return nil }
            return Self.answer(to: request, after: intervention, error: error, body: body)
        }
        let task: URLSessionTask
        if let destination = request.responseBodyFile {
            task = session.downloadTask(with: urlRequest) { location, response, error in
                if let answer = intervened(error, Data()) { return completion(answer, 0) }
                completion(Result { try Self.downloaded(request, to: destination, location, response, error, failure: failure) }, nil)
            }
        } else if let delegate {
            let stream = request.method == "GET" && request.body == .none ? request.responseBodyStream : nil
            task = receivingTask(urlRequest, request: request, stream: stream, delegate: delegate) { body, response, error, received in
                if let answer = intervened(error, body) { return completion(answer, received) }
                let failed = error.map { _ in box.progress }
                completion(
                    Result {
                        let result = try Self.response(
                            request, data: body, response: response ?? failed?.response, error: error, checksLength: false,
                            failure: failure.with(expected: failed?.expected))
                        if request.method != "HEAD" { try Self.checkLength(result, request: request, received: received) }
                        return result
                    }, received)
            }
        } else {
            task = completionTask(urlRequest, request: request, box: box, failure: failure, completion: completion)
        }
        identifier.value = task.taskIdentifier
        return task
    }

    static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for field in request.headers.fields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if case .data(let data) = request.body { urlRequest.httpBody = data }
        if let timeout = request.timeout { urlRequest.timeoutInterval = timeout }
        return urlRequest
    }

    static func response(
        _ request: HTTPRequest, data: Data?, response: URLResponse?, error: (any Error)?, checksLength: Bool = true,
        failure: FailureContext? = nil
    ) throws -> HTTPResponse {
        if let error { throw mapError(error, request: request, response: response, context: failure) }
        guard let http = response as? HTTPURLResponse else {
            throw ODataError(.transport, "no HTTP response", method: request.method, url: request.url)
        }
        let result = HTTPResponse(
            statusCode: http.statusCode, headers: headers(of: http), body: data ?? Data(), url: http.url ?? request.url)
        if checksLength, request.responseBodyFile == nil, request.method != "HEAD" {
            try checkLength(result, request: request, received: result.body.count)
        }
        return result
    }
}

extension URLSessionTransport {
    /// A transport with its own session streams page bodies (through its delegate); one over a given session does not.
    public var streamsResponseBodies: Bool { delegate != nil }
}
