import Foundation

/// What a transport measured of one HTTP exchange: phase timings in seconds and byte counts.
///
/// `CurlTransport` fills every field it can from libcurl's timers (`CURLINFO_*_TIME_T`); libcurl 7.88 has no
/// queue timer, so `queue` is the time from `send` until the transport's thread handed the request to libcurl.
/// `URLSessionTransport` on Linux measures `total` and the byte counts only (swift-corelibs-foundation reports
/// no `URLSessionTaskMetrics`). A field is nil when the transport could not measure it; `dnsLookup`, `connect`
/// and `tls` are 0 on a reused connection.
public struct TransferMetrics: Sendable, Hashable {
    /// Waiting before the transfer started (for a free connection or the transport's thread).
    public var queue: TimeInterval?
    /// Resolving the host name.
    public var dnsLookup: TimeInterval?
    /// Opening the TCP connection (to the proxy, when there is one), after the lookup.
    public var connect: TimeInterval?
    /// The TLS handshake, after the TCP connection.
    public var tls: TimeInterval?
    /// From the start until the first byte of the response arrived.
    public var firstByte: TimeInterval?
    /// From the start until the response was complete.
    public var total: TimeInterval?
    /// Bytes of the request body sent.
    public var bytesSent: Int?
    /// Bytes of the response body received (after decompression).
    public var bytesReceived: Int?

    /// Creates metrics.
    public init(
        queue: TimeInterval? = nil, dnsLookup: TimeInterval? = nil, connect: TimeInterval? = nil, tls: TimeInterval? = nil,
        firstByte: TimeInterval? = nil, total: TimeInterval? = nil, bytesSent: Int? = nil, bytesReceived: Int? = nil
    ) {
        self.queue = queue
        self.dnsLookup = dnsLookup
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
    }
}

extension TransferMetrics {
    /// Immutable storage of metrics in a response.
    final class Box: Sendable {
        let metrics: TransferMetrics
        init(_ metrics: TransferMetrics) { self.metrics = metrics }
    }
}
