import Foundation

/// Values with an expiry, loaded once per key however many tasks ask at the same time (single flight):
/// the OAuth2 tokens and the SAP BTP destinations are kept in one.
actor SingleFlightCache<Value: Sendable> {
    /// A cached value and until when it may be used.
    struct Entry: Sendable {
        let value: Value
        let freshUntil: Date
    }

    private var entries: [String: Entry] = [:]
    private var loading: [String: Task<Entry, any Error>] = [:]
    private let now: @Sendable () -> Date
    /// Above this many entries, expired ones are dropped on the next load (per-user entries would pile up).
    static var sweepThreshold: Int { 256 }

    init(now: @escaping @Sendable () -> Date = { Date() }) { self.now = now }

    /// The cached value for `key` while fresh and not `refused`; else the value `load` gives (one load at a time per key:
    /// tasks asking meanwhile wait for it). `load` gets the stale value, if any, and returns the new one with its expiry.
    func value(
        for key: String, refused: (@Sendable (Value) -> Bool)? = nil,
        load: @escaping @Sendable (Value?) async throws -> Entry
    ) async throws -> Value {
        if let entry = entries[key], entry.freshUntil > now(), refused?(entry.value) != true { return entry.value }
        if let running = loading[key] { return try await running.value.value }
        let stale = entries[key]?.value
        let task = Task { try await load(stale) }
        loading[key] = task
        defer { loading[key] = nil }
        do {
            let entry = try await task.value
            entries[key] = entry
            if entries.count > Self.sweepThreshold {
                let now = now()
                entries = entries.filter { $0.value.freshUntil > now }
            }
            return entry.value
        } catch {
            entries[key] = nil
            throw error
        }
    }

    /// The current time of this cache's clock.
    func currentDate() -> Date { now() }

    /// Forgets every value.
    func removeAll() { entries.removeAll() }
}
