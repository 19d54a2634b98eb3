import Foundation

/// When and how often to retry.
public struct RetryPolicy: Sendable {
    /// Total attempts including the first (1 disables retries).
    public var maxAttempts: Int
    /// Delay before the first retry, doubled for each further one.
    public var baseDelay: TimeInterval
    /// Upper bound of one delay, also for a server's `Retry-After`.
    public var maxDelay: TimeInterval
    /// Statuses that are retried.
    public var retryableStatuses: Set<Int>

    /// Creates a policy (3 attempts, 0.2 s doubling, at most 10 s; 429, 502, 503, 504).
    public init(
        maxAttempts: Int = 3, baseDelay: TimeInterval = 0.2, maxDelay: TimeInterval = 10,
        retryableStatuses: Set<Int> = [429, 502, 503, 504]
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
        self.retryableStatuses = retryableStatuses
    }

    /// No retries.
    public static let none = RetryPolicy(maxAttempts: 1)
}

/// Retries reads on `429`/`503` (honouring `Retry-After`, capped by the policy) and on dropped
/// connections (also in the middle of an answer), with exponential backoff. Requests that change server state are retried only when they carry
/// a repeatable-request id (`OnlineODataProvider.Options.repeatableRequests`), with the same id and first-sent
/// time, so that the service applies them once; other writes are never sent twice.
public struct RetryMiddleware: ODataMiddleware {
    /// The policy.
    public let policy: RetryPolicy
    private let sleep: @Sendable (TimeInterval) async throws -> Void

    /// Creates the middleware; `sleep` is replaceable for tests.
    public init(policy: RetryPolicy, sleep: (@Sendable (TimeInterval) async throws -> Void)? = nil) {
        self.policy = policy
        self.sleep =
            sleep ?? { seconds in
                // clamped: a delay beyond a year is a configuration mistake, not a reason to trap
                let bounded = seconds.isNaN ? 0 : min(max(seconds, 0), 31_536_000)
                try await Task.sleep(nanoseconds: UInt64(bounded * 1_000_000_000))
            }
    }

    /// Sends the request, retrying reads and repeatable writes as the policy allows.
    public func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws -> HTTPResponse {
        guard request.isSafeToRetry, policy.maxAttempts > 1 else { return try await next(request) }
        var attempt = 1
        while true {
            let delay: TimeInterval
            do {
                let response = try await next(request)
                guard attempt < policy.maxAttempts, policy.retryableStatuses.contains(response.statusCode) else {
                    return response
                }
                delay = retryAfter(response) ?? backoff(attempt)
            } catch let error as ODataError where [.transport, .truncatedBody].contains(error.kind) && attempt < policy.maxAttempts {
                // The connection broke off, before or during the answer: for a write, the answer may be all that was lost.
                delay = backoff(attempt)
            }
            attempt += 1
            do {
                try await sleep(min(delay, policy.maxDelay))
            } catch {
                throw ODataError(
                    .cancelled, "cancelled while waiting to retry", method: request.method, url: request.url, underlyingError: error)
            }
        }
    }

    private func backoff(_ attempt: Int) -> TimeInterval {
        policy.baseDelay * pow(2, Double(attempt - 1))
    }

    /// `Retry-After` in seconds or as an HTTP date.
    func retryAfter(_ response: HTTPResponse) -> TimeInterval? {
        guard let value = response.headers["Retry-After"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(value) { return TimeInterval(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }
}
