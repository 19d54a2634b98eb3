import Foundation

/// Ticks of 100 ns, the unit OData and .NET count date-times in.
public enum Ticks {
    /// Ticks in one second.
    public static let perSecond: Int64 = 10_000_000
    /// Ticks in one millisecond.
    public static let perMillisecond: Int64 = 10_000
    /// Ticks in one day.
    public static let perDay: Int64 = 864_000_000_000
    /// Ticks from 0001-01-01T00:00:00 to 1970-01-01T00:00:00.
    public static let unixEpoch: Int64 = 621_355_968_000_000_000
    /// Ticks at 9999-12-31T23:59:59.9999999, the largest Edm.DateTime.
    public static let maximum: Int64 = 3_155_378_975_999_999_999
}

/// An Edm.DateTime: a calendar date and time of day with no time zone, years 1 to 9999, 100 ns precision.
public struct LocalDateTime: Sendable, Hashable, Comparable {
    /// 100-ns ticks since 0001-01-01T00:00:00 (proleptic Gregorian).
    public let ticks: Int64

    /// A date-time from ticks since 0001-01-01; nil outside years 1…9999.
    public init?(ticks: Int64) {
        guard ticks >= 0, ticks <= Ticks.maximum else { return nil }
        self.ticks = ticks
    }

    /// A date-time from milliseconds since 1970-01-01T00:00:00 (the JSON `/Date(ms)/` form); nil when out of range.
    public init?(millisecondsSince1970 milliseconds: Int64) {
        let (scaled, overflow) = milliseconds.multipliedReportingOverflow(by: Ticks.perMillisecond)
        guard !overflow else { return nil }
        let (ticks, overflow2) = scaled.addingReportingOverflow(Ticks.unixEpoch)
        guard !overflow2 else { return nil }
        self.init(ticks: ticks)
    }

    /// Milliseconds since 1970-01-01T00:00:00, truncated toward negative infinity.
    public var millisecondsSince1970: Int64 {
        let relative = ticks - Ticks.unixEpoch
        return relative >= 0 ? relative / Ticks.perMillisecond : -((-relative + Ticks.perMillisecond - 1) / Ticks.perMillisecond)
    }

    /// The instant this date-time denotes when read as UTC.
    public func utc() -> Date {
        Date(timeIntervalSince1970: Double(ticks - Ticks.unixEpoch) / Double(Ticks.perSecond))
    }

    /// Chronological order.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ticks < rhs.ticks }
}

/// An Edm.DateTimeOffset: an instant plus the UTC offset it was written with.
public struct GlobalDateTime: Sendable, Hashable, Comparable {
    /// The instant as 100-ns ticks since 0001-01-01T00:00:00 UTC.
    public let utcTicks: Int64
    /// The offset from UTC in minutes (−840…840).
    public let offsetMinutes: Int

    /// An instant with its offset; nil when the offset is beyond ±14:00 or the instant, in UTC or as
    /// written with its offset, falls outside years 1…9999.
    public init?(utcTicks: Int64, offsetMinutes: Int) {
        guard utcTicks >= 0, utcTicks <= Ticks.maximum, abs(offsetMinutes) <= 840 else { return nil }
        let local = utcTicks + Int64(offsetMinutes) * 60 * Ticks.perSecond
        guard local >= 0, local <= Ticks.maximum else { return nil }
        self.utcTicks = utcTicks
        self.offsetMinutes = offsetMinutes
    }

    /// From the JSON form `/Date(ms+offset)/`: `ms` is the UTC instant, the offset in minutes.
    public init?(millisecondsSince1970 milliseconds: Int64, offsetMinutes: Int) {
        guard let utc = LocalDateTime(millisecondsSince1970: milliseconds) else { return nil }
        self.init(utcTicks: utc.ticks, offsetMinutes: offsetMinutes)
    }

    /// The instant as a `Date`.
    public func utc() -> Date {
        Date(timeIntervalSince1970: Double(utcTicks - Ticks.unixEpoch) / Double(Ticks.perSecond))
    }

    /// Milliseconds since 1970-01-01T00:00:00 UTC.
    public var millisecondsSince1970: Int64 {
        LocalDateTime(ticks: utcTicks)?.millisecondsSince1970 ?? 0
    }

    /// Orders by instant, then by offset (so that ordering is total and agrees with `==`).
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.utcTicks, lhs.offsetMinutes) < (rhs.utcTicks, rhs.offsetMinutes)
    }
}

/// An Edm.Time: a time of day (OData v2 writes it as a duration, `PT10H30M`), 100 ns precision.
public struct LocalTime: Sendable, Hashable, Comparable {
    /// 100-ns ticks since midnight, 0 ..< 24 h.
    public let ticks: Int64

    /// A time of day from ticks since midnight; nil outside one day.
    public init?(ticks: Int64) {
        guard ticks >= 0, ticks < Ticks.perDay else { return nil }
        self.ticks = ticks
    }

    /// A time of day from its parts; nil when a part is out of range.
    public init?(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second),
            (0..<1_000_000_000).contains(nanosecond)
        else { return nil }
        let seconds = Int64(hour * 3600 + minute * 60 + second)
        self.init(ticks: seconds * Ticks.perSecond + Int64(nanosecond / 100))
    }

    /// The hour, 0…23.
    public var hour: Int { Int(ticks / (3600 * Ticks.perSecond)) }
    /// The minute, 0…59.
    public var minute: Int { Int(ticks / (60 * Ticks.perSecond) % 60) }
    /// The second, 0…59.
    public var second: Int { Int(ticks / Ticks.perSecond % 60) }
    /// The fraction of the second in nanoseconds (multiples of 100).
    public var nanosecond: Int { Int(ticks % Ticks.perSecond) * 100 }

    /// Chronological order.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ticks < rhs.ticks }
}

/// An Edm.Guid.
public struct GuidValue: Sendable, Hashable, Comparable {
    /// The UUID.
    public let uuid: UUID

    /// Wraps a UUID.
    public init(_ uuid: UUID) { self.uuid = uuid }

    /// Parses `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` (any case); nil when malformed.
    public init?(string: String) {
        guard let uuid = UUID(uuidString: string) else { return nil }
        self.uuid = uuid
    }

    /// A new random GUID.
    public static func random() -> GuidValue { GuidValue(UUID()) }

    /// The canonical lowercase text form.
    public var stringValue: String { uuid.uuidString.lowercased() }

    /// Order of the canonical lowercase text.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.stringValue < rhs.stringValue }
}
