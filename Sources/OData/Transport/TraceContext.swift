import Foundation

/// A W3C Trace Context (<https://www.w3.org/TR/trace-context/>): the trace a request belongs to, sent as the
/// `traceparent` header (`00-<trace-id>-<parent-id>-<flags>`) and, if set, `tracestate`.
///
/// With `OnlineODataProvider.Options.propagatesTraceContext` on, every request carries a `traceparent`: the trace
/// of the caller's own `traceparent` header if the call passes one (`headers:` of any service call, or
/// `TraceContext.headers`), else a new random trace per logical request; each HTTP request (every retry too) gets
/// a new parent-id, and retries keep the trace-id.
///
/// ```swift
/// let trace = TraceContext(traceparent: incoming.headers["traceparent"] ?? "") ?? TraceContext()
/// let customers = try await service.fetchCustomers(matching: DataQuery(), headers: trace.headers)
/// ```
public struct TraceContext: Sendable, Hashable {
    /// The trace's id: 32 lowercase hex digits, not all zero.
    public let traceID: String
    /// The caller's span id (the `parent-id` it received), 16 lowercase hex digits, if any.
    public let parentID: String?
    /// Whether the trace is sampled (the `sampled` flag, `01`).
    public var sampled: Bool
    /// The vendor-specific `tracestate` header to pass on unchanged, if any.
    public var traceState: String?

    /// The headers that make a call continue this trace: its `traceparent` (the caller's parent-id, replaced by a
    /// new one per HTTP request) and `tracestate`, if any.
    public var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        headers["traceparent"] = "00-\(traceID)-\(parentID ?? Self.randomHex(bytes: 8))-\(sampled ? "01" : "00")"
        if let traceState { headers["tracestate"] = traceState }
        return headers
    }

    /// A new trace with a random id.
    public init(sampled: Bool = true, traceState: String? = nil) {
        var id = Self.randomHex(bytes: 16)
        while id.allSatisfy({ $0 == "0" }) { id = Self.randomHex(bytes: 16) }
        self.traceID = id
        self.parentID = nil
        self.sampled = sampled
        self.traceState = traceState
    }

    /// The context of a received `traceparent` header (version `00`, or a later version read as `00`); nil when
    /// it is not valid per the W3C rules (wrong lengths, upper-case or non-hex digits, all-zero ids, version `ff`).
    public init?(traceparent: String, traceState: String? = nil) {
        let parts = traceparent.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0].count == 2, parts[0] != "ff", Self.isHex(parts[0]) else { return nil }
        if parts[0] == "00" && parts.count != 4 { return nil }
        let trace = parts[1]
        let parent = parts[2]
        let flags = parts[3]
        guard trace.count == 32, Self.isHex(trace), trace.contains(where: { $0 != "0" }), parent.count == 16, Self.isHex(parent),
            parent.contains(where: { $0 != "0" }), flags.count == 2, Self.isHex(flags), let value = UInt8(flags, radix: 16)
        else { return nil }
        self.traceID = String(trace)
        self.parentID = String(parent)
        self.sampled = value & 1 == 1
        self.traceState = traceState
    }

    /// The `traceparent` header value for one HTTP request with a new random parent-id.
    public func traceparent() -> String {
        var span = Self.randomHex(bytes: 8)
        while span.allSatisfy({ $0 == "0" }) { span = Self.randomHex(bytes: 8) }
        return "00-\(traceID)-\(span)-\(sampled ? "01" : "00")"
    }

    private static func isHex(_ text: Substring) -> Bool {
        text.utf8.allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
    }

    /// `bytes` random bytes (a multiple of 8) as lowercase hex, one generator call per 8 bytes.
    private static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: bytes * 2) { buffer in
            var index = 0
            for _ in 0..<(bytes / 8) {
                let word = generator.next()
                for shift in stride(from: 60, through: 0, by: -4) {
                    buffer[index] = digits[Int((word >> UInt64(shift)) & 0xF)]
                    index += 1
                }
            }
            return index
        }
    }
}
