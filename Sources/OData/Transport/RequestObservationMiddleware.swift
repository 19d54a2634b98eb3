import Foundation
import Synchronization

/// What the attempts of one logical request add up to, shared by the outer and inner observation middlewares
/// through the request (`HTTPRequest.attempts`).
final class RequestAttempts: Sendable {
    struct Totals {
        var attempts = 0
        var bytesSent = 0
        var bytesReceived = 0
        var last: TransferMetrics?
    }

    let trace: TraceContext?
    let totals = Mutex(Totals())

    init(trace: TraceContext?) { self.trace = trace }
}

/// One operation's report, held back until the provider has checked and decoded the answer: set on the request by
/// the provider (`HTTPRequest.pendingReport`), so that a 2xx answer the operation still fails on (a wrong content type, a
/// body that does not decode) is reported as failed, with that error's kind. Without one (a raw `execute`, a
/// streamed read), the observation middleware reports as soon as the answer arrives.
final class PendingRequestReport: Sendable {
    private let report = Mutex<(@Sendable (ODataError.Kind?) -> Void)?>(nil)

    /// Holds `report` back until `finish(failure:)`.
    func hold(_ report: @escaping @Sendable (ODataError.Kind?) -> Void) {
        self.report.withLock { $0 = report }
    }

    /// Files the held report (if any), with `failure` when the operation failed after its answer arrived.
    func finish(failure: ODataError.Kind?) {
        let report = self.report.withLock { held in
            defer { held = nil }
            return held
        }
        report?(failure)
    }
}

/// The outermost middleware when a provider observes requests or propagates trace context: opens one logical
/// request (its trace, its attempt count) and reports its metrics to the observer when it ends. The trace is the
/// caller's when the request carries a valid `traceparent` header (with its `tracestate`), else a new one.
struct RequestObservationMiddleware: ODataMiddleware {
    let observer: (any ODataRequestObserver)?
    let propagatesTraceContext: Bool

    func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        // a request sent from inside another (a CSRF fetch, a page of a batch) counts as an attempt of the outer one
        if request.attempts != nil { return try await next(request) }
        let trace = propagatesTraceContext ? (Self.callersTrace(of: request) ?? TraceContext()) : nil
        let attempts = RequestAttempts(trace: trace)
        var attempt = request
        attempt.attempts = attempts
        let started = DispatchTime.now().uptimeNanoseconds
        do {
            let response = try await next(attempt)
            // the provider turns every answer but a 2xx into an error (`ODataError.status`): the request failed
            let failure = response.isSuccess ? nil : ODataError.statusKind(response.statusCode)
            // a 2xx may still fail its checks or its decoding: the provider files the report after them
            file(request, attempts, started: started, status: response.statusCode, error: failure, holding: failure == nil)
            return response
        } catch {
            // a transfer the page's reader stopped fails here as cancelled: the provider files the report with the
            // error the operation ends in (the decoding error)
            let odataError = ODataError(wrapping: error)
            file(request, attempts, started: started, status: odataError.statusCode, error: odataError.kind, holding: true)
            throw error
        }
    }

    /// The trace of the request's own `traceparent` header (and `tracestate`), if it is valid.
    private static func callersTrace(of request: HTTPRequest) -> TraceContext? {
        guard let parent = request.headers["traceparent"] else { return nil }
        return TraceContext(traceparent: parent, traceState: request.headers["tracestate"])
    }

    /// Reports now, or, when `holding` and the provider holds reports (`PendingRequestReport`), leaves the report to
    /// the provider, which files it with the kind of the error the operation ends in (else with `error`).
    private func file(
        _ request: HTTPRequest, _ attempts: RequestAttempts, started: UInt64, status: Int?, error: ODataError.Kind?, holding: Bool
    ) {
        guard holding, let pending = request.pendingReport else {
            return report(request.method, request.url, attempts, started: started, status: status, error: error)
        }
        let ended = DispatchTime.now().uptimeNanoseconds
        // the held report keeps the method and URL, not the whole request
        let (method, url) = (request.method, request.url)
        pending.hold { later in self.report(method, url, attempts, started: started, ended: ended, status: status, error: later ?? error) }
    }

    private func report(
        _ method: String, _ url: URL, _ attempts: RequestAttempts, started: UInt64,
        ended: UInt64 = DispatchTime.now().uptimeNanoseconds, status: Int?, error: ODataError.Kind?
    ) {
        guard let observer else { return }
        let totals = attempts.totals.withLock { $0 }
        observer.requestFinished(
            RequestMetrics(
                method: method, url: RequestMetrics.redacted(url), statusCode: status, errorKind: error,
                attempts: max(1, totals.attempts), bytesSent: totals.bytesSent, bytesReceived: totals.bytesReceived,
                duration: TimeInterval(ended &- started) / 1e9, lastTransfer: totals.last,
                traceID: attempts.trace?.traceID))
    }
}

/// The innermost middleware of an observing provider: each HTTP request it passes to the transport is one
/// attempt; it gets a fresh `traceparent` (same trace-id, new parent-id) and its sizes and timings are added up.
struct RequestAttemptMiddleware: ODataMiddleware {
    func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        guard let attempts = request.attempts else { return try await next(request) }
        var request = request
        if let trace = attempts.trace {
            request.headers["traceparent"] = trace.traceparent()
            if let state = trace.traceState, request.headers["tracestate"] == nil { request.headers["tracestate"] = state }
        }
        let sent = Self.bodySize(request.body)
        do {
            let response = try await next(request)
            let received = response.transferMetrics?.bytesReceived ?? response.body.count
            attempts.totals.withLock {
                $0.attempts += 1
                $0.bytesSent += response.transferMetrics?.bytesSent ?? sent
                $0.bytesReceived += received
                $0.last = response.transferMetrics
            }
            return response
        } catch {
            attempts.totals.withLock { $0.attempts += 1 }
            throw error
        }
    }

    private static func bodySize(_ body: HTTPBody) -> Int {
        switch body {
        case .none: return 0
        case .data(let data): return data.count
        case .file(let url): return (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
    }
}
