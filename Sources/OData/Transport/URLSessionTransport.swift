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
    private let challenges: ChallengeDelegate?

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
        let delegate = ChallengeDelegate()
        self.challenges = delegate
        self.session = URLSession(configuration: config, delegate: delegate, delegateQueue: nil)
    }

    /// Uses an existing session (its configuration decides cookies and caching).
    ///
    /// On Linux, give it a delegate that answers authentication challenges: without one,
    /// swift-corelibs-foundation never completes a `401` that carries `WWW-Authenticate: Basic`.
    /// The delegate must also refuse redirects (`willPerformHTTPRedirection` answering nil): the
    /// `ODataTransport` contract leaves them to the pipeline's `RedirectPolicy`.
    public init(session: URLSession) {
        self.session = session
        self.challenges = nil
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
                let task = makeTask(urlRequest, request: request, box: box) { result in
                    continuation.resume(
                        with: result.flatMap {
                            Self.checkedProxyAnswer(Self.measured($0, request: request, since: started), request: request)
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

    private func makeTask(
        _ urlRequest: URLRequest, request: HTTPRequest, box: TaskBox,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> URLSessionTask {
        let identifier = TaskIdentifier(box: box)
        let challenges = self.challenges
        let failure = FailureContext(
            started: Date(), requestTimeout: request.timeout ?? session.configuration.timeoutIntervalForRequest,
            resourceTimeout: session.configuration.timeoutIntervalForResource, isPerRequest: request.timeout != nil)
        /// The 401 of a declined authentication challenge, handed over instead of a cancellation.
        let refusal: @Sendable ((any Error)?) -> URLResponse? = { error in
            let refused = challenges?.takeRefusedResponse(identifier.value)
            guard (error as? URLError)?.code == .cancelled, !identifier.cancelledByCaller else { return nil }
            return refused
        }
        if let destination = request.responseBodyFile {
            let task = session.downloadTask(with: urlRequest) { location, response, error in
                if let refused = refusal(error) {
                    completion(Result { try Self.response(request, data: Data(), response: refused, error: nil, checksLength: false) })
                    return
                }
                completion(
                    Result {
                        var result = try Self.response(request, data: nil, response: response, error: error, failure: failure)
                        if let location {
                            if result.isSuccess {
                                try? FileManager.default.removeItem(at: destination)
                                try FileManager.default.moveItem(at: location, to: destination)
                                result.bodyFile = destination
                                try Self.checkLength(result, request: request, received: Self.fileSize(destination))
                            } else {
                                result.body = (try? Data(contentsOf: location)) ?? Data()
                            }
                        }
                        return result
                    })
            }
            identifier.value = task.taskIdentifier
            return task
        }
        let handler: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
            if let refused = refusal(error) {
                completion(Result { try Self.response(request, data: Data(), response: refused, error: nil, checksLength: false) })
                return
            }
            let failed = error.map { _ in box.progress }
            completion(
                Result {
                    try Self.response(
                        request, data: data, response: response ?? failed?.response, error: error,
                        failure: failure.with(expected: failed?.expected))
                })
        }
        let task: URLSessionTask
        if let stream = request.responseBodyStream, let challenges, request.method == "GET", request.body == .none {
            task = streamingTask(urlRequest, request: request, stream: stream, delegate: challenges) { data, response, error, received in
                if let refused = refusal(error) {
                    completion(Result { try Self.response(request, data: Data(), response: refused, error: nil, checksLength: false) })
                    return
                }
                let failed = error.map { _ in box.progress }
                completion(
                    Result {
                        let result = try Self.response(
                            request, data: data, response: response ?? failed?.response, error: error, checksLength: false,
                            failure: failure.with(expected: failed?.expected))
                        try Self.checkLength(result, request: request, received: received)
                        return result
                    })
            }
        } else if case .file(let file) = request.body {
            task = session.uploadTask(with: urlRequest, fromFile: file, completionHandler: handler)
        } else {
            task = session.dataTask(with: urlRequest, completionHandler: handler)
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

/// Holds the running task so that cancellation, which may come before or after it starts, reaches it.
final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    /// Resumes the task, or returns false (and never resumes it) when cancellation came first.
    func start(_ task: URLSessionTask) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled else { return false }
        self.task = task
        task.resume()
        return true
    }

    var isCancelled: Bool { lock.withLock { cancelled } }

    /// The task's response and the body length it announced (for errors whose completion has neither).
    var progress: (response: URLResponse?, expected: Int64) {
        lock.withLock { (task?.response, task?.countOfBytesExpectedToReceive ?? -1) }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}

/// The identifier of a task, set right after creation (before it can complete).
final class TaskIdentifier: @unchecked Sendable {
    private let box: TaskBox
    var value = -1

    init(box: TaskBox) { self.box = box }

    /// Whether the calling task cancelled the request (as opposed to a declined challenge).
    var cancelledByCaller: Bool { box.isCancelled }
}

/// Declines every authentication challenge (credentials travel in headers set by middlewares) and
/// every redirect (the pipeline follows them by its `RedirectPolicy`).
/// It remembers the refused response so the caller gets the `401` instead of a cancellation
/// (swift-corelibs-foundation would otherwise wait forever on `WWW-Authenticate: Basic`).
final class ChallengeDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var refused: [Int: URLResponse] = [:]
    private var receivers: [Int: StreamingReceiver] = [:]

    /// Routes the data-delegate calls of `task` to `receiver` until it completes.
    func register(_ receiver: StreamingReceiver, for task: URLSessionTask) {
        lock.withLock { receivers[task.taskIdentifier] = receiver }
    }

    func receiver(of task: URLSessionTask) -> StreamingReceiver? {
        lock.withLock { receivers[task.taskIdentifier] }
    }

    func takeReceiver(of task: URLSessionTask) -> StreamingReceiver? {
        lock.withLock { receivers.removeValue(forKey: task.taskIdentifier) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let response = challenge.failureResponse {
            lock.withLock { refused[task.taskIdentifier] = response }
            completionHandler(.cancelAuthenticationChallenge, nil)
        } else {
            completionHandler(.performDefaultHandling, nil)
        }
    }

    /// Refuses every redirect: the `3xx` response goes back to the pipeline, whose
    /// `RedirectMiddleware` applies the `RedirectPolicy` (see `ODataTransport`).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func takeRefusedResponse(_ identifier: Int) -> URLResponse? {
        lock.withLock { refused.removeValue(forKey: identifier) }
    }
}

extension URLSessionTransport {
    /// A transport with its own session streams page bodies (through its delegate); one over a given session does not.
    public var streamsResponseBodies: Bool { challenges != nil }
}
