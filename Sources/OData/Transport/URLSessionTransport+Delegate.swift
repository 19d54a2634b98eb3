import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of a `URLSessionTransport`'s own session: it hands each task's response and body to the task's
/// `TaskReceiver`, declines every authentication challenge (credentials travel in headers set by middlewares) and
/// every redirect (the pipeline follows them by its `RedirectPolicy`), and stops a resend that libcurl starts on its
/// own but swift-corelibs-foundation cannot give a body.
///
/// Where it stops a task itself, it remembers why (`Intervention`), so that the caller gets what happened instead
/// of a cancellation.
final class TransportDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// Why the delegate stopped a task.
    enum Intervention {
        /// The `401` whose authentication challenge was declined: the answer the caller gets, with the body the
        /// receiver collected (swift-corelibs-foundation asks for a challenge only after the whole answer arrived,
        /// and would otherwise wait forever on `WWW-Authenticate: Basic`).
        case declinedChallenge(URLResponse)
        /// libcurl asked to rewind the request's body to send the request again on its own (the kept-alive
        /// connection it took died before any byte of the answer). swift-corelibs-foundation cannot rewind a body
        /// given as data or a file: it would send the headers and `Content-Length` with no body and wait for an answer
        /// that never comes. The task was stopped instead, so the SDK's retry policy decides what is sent again.
        case unrewindableResend
    }

    private let lock = NSLock()
    private var interventions: [Int: Intervention] = [:]
    private var receivers: [Int: TaskReceiver] = [:]

    /// Routes the delegate calls of `task` to `receiver` until the task completes.
    func register(_ receiver: TaskReceiver, for task: URLSessionTask) {
        lock.withLock { receivers[task.taskIdentifier] = receiver }
    }

    func receiver(of task: URLSessionTask) -> TaskReceiver? {
        lock.withLock { receivers[task.taskIdentifier] }
    }

    /// The receiver of a completed task, no longer routed to.
    func takeReceiver(of task: URLSessionTask) -> TaskReceiver? {
        lock.withLock { receivers.removeValue(forKey: task.taskIdentifier) }
    }

    /// Why the delegate stopped the task with this identifier, if it did; forgotten once taken.
    func takeIntervention(_ identifier: Int) -> Intervention? {
        lock.withLock { interventions.removeValue(forKey: identifier) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let response = challenge.failureResponse {
            lock.withLock { interventions[task.taskIdentifier] = .declinedChallenge(response) }
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

    /// Called from libcurl's seek callback when it rewinds the body for a resend of its own: the task is stopped
    /// (see `Intervention.unrewindableResend`). It gets no stream: swift-corelibs-foundation traps when a body given
    /// as data or a file is replaced by one, and it seeks only to send the body again from the start.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        lock.withLock { interventions[task.taskIdentifier] = .unrewindableResend }
        Self.stopResend(of: task, completionHandler)
    }

    /// Answers libcurl's rewind with no stream and cancels `task`.
    static func stopResend(of task: URLSessionTask, _ completionHandler: @escaping @Sendable (InputStream?) -> Void) {
        completionHandler(nil)
        // not here: this runs inside libcurl's callback on the session's queue, which `cancel()` waits for
        DispatchQueue.global().async { task.cancel() }
    }
}

/// The task delegate of a write over a session the transport does not own (`URLSessionTransport(session:)`): it stops
/// the resend libcurl starts on its own, as `TransportDelegate` does (`Intervention.unrewindableResend`); every other
/// call goes on to the session's delegate (swift-corelibs-foundation's defaults for a task's own delegate).
final class ResendGuard: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    /// Whether the guard stopped a resend of its task.
    var stoppedResend: Bool { lock.withLock { stopped } }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        lock.withLock { stopped = true }
        TransportDelegate.stopResend(of: task, completionHandler)
    }
}

extension URLSessionTransport {
    /// What the caller gets for a task the delegate stopped: the declined challenge's `401` with the body received,
    /// or, for a resend libcurl could not rewind, the dropped connection it is (whatever came after it).
    static func answer(
        to request: HTTPRequest, after intervention: TransportDelegate.Intervention, error: (any Error)?, body: Data
    ) -> Result<HTTPResponse, any Error>? {
        switch intervention {
        case .declinedChallenge(let refused):
            guard (error as? URLError)?.code == .cancelled else { return nil }
            return Result { try response(request, data: body, response: refused, error: nil, checksLength: false) }
        case .unrewindableResend:
            return .failure(stoppedResend(request, error: error))
        }
    }

    /// The error for a write whose resend by libcurl was stopped (`Intervention.unrewindableResend`): a dropped connection.
    static func stoppedResend(_ request: HTTPRequest, error: (any Error)?) -> ODataError {
        ODataError(
            .transport,
            "\(request.method) \(ODataError.capped(request.url)) failed: the connection closed before any answer "
                + "(URLSession wanted to send the request again on its own, but swift-corelibs-foundation cannot send "
                + "its body again, so it was stopped)",
            method: request.method, url: request.url, underlyingError: error)
    }
}
