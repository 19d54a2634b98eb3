import Foundation
import Synchronization

/// An `ODataRequestObserver` that keeps every request's metrics and sums them up (`summary()`), for a command-line
/// tool's closing line or a test.
public final class RequestMetricsCollector: ODataRequestObserver {
    private let recorded = Mutex<[RequestMetrics]>([])

    /// Creates an empty collector.
    public init() {}

    /// Keeps the metrics.
    public func requestFinished(_ metrics: RequestMetrics) {
        recorded.withLock { $0.append(metrics) }
    }

    /// Every request's metrics so far, oldest first.
    public var metrics: [RequestMetrics] { recorded.withLock { $0 } }

    /// The summary of the requests so far.
    public func summary() -> RequestMetricsSummary { RequestMetricsSummary(metrics) }
}

/// Counts, percentiles and sums over requests' metrics.
public struct RequestMetricsSummary: Sendable, Hashable, CustomStringConvertible {
    /// Requests seen.
    public var count: Int
    /// Requests that ended with an error.
    public var failures: Int
    /// The median duration (nearest rank), 0 without requests.
    public var p50: TimeInterval
    /// The 95th-percentile duration (nearest rank), 0 without requests.
    public var p95: TimeInterval
    /// Bytes of request bodies sent.
    public var bytesSent: Int
    /// Bytes of response bodies received.
    public var bytesReceived: Int
    /// Retries over all requests.
    public var retries: Int
    /// Requests per final status.
    public var statuses: [Int: Int]

    /// Sums up `metrics`.
    public init(_ metrics: [RequestMetrics]) {
        count = metrics.count
        failures = metrics.filter { $0.errorKind != nil }.count
        let durations = metrics.map(\.duration).sorted()
        p50 = Self.percentile(durations, 0.50)
        p95 = Self.percentile(durations, 0.95)
        bytesSent = metrics.reduce(0) { $0 + $1.bytesSent }
        bytesReceived = metrics.reduce(0) { $0 + $1.bytesReceived }
        retries = metrics.reduce(0) { $0 + $1.retries }
        statuses = metrics.reduce(into: [:]) { counts, metric in
            if let status = metric.statusCode { counts[status, default: 0] += 1 }
        }
    }

    /// The nearest-rank percentile of sorted values.
    static func percentile(_ sorted: [TimeInterval], _ fraction: Double) -> TimeInterval {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }

    /// One line: `12 requests (0 failed), p50 3.2 ms, p95 8.1 ms, 41.0 KB received, 0 B sent, 0 retries, statuses 200×12`.
    public var description: String {
        let statusList = statuses.keys.sorted().map { "\($0)×\(statuses[$0] ?? 0)" }.joined(separator: " ")
        return "\(count) requests (\(failures) failed), p50 \(Self.milliseconds(p50)), p95 \(Self.milliseconds(p95)), "
            + "\(Self.bytes(bytesReceived)) received, \(Self.bytes(bytesSent)) sent, \(retries) \(retries == 1 ? "retry" : "retries"), "
            + "statuses \(statusList.isEmpty ? "none" : statusList)"
    }

    private static func milliseconds(_ seconds: TimeInterval) -> String { String(format: "%.1f ms", seconds * 1000) }

    private static func bytes(_ count: Int) -> String {
        count < 1024
            ? "\(count) B"
            : count < 1 << 20 ? String(format: "%.1f KB", Double(count) / 1024) : String(format: "%.1f MB", Double(count) / 1_048_576)
    }
}
