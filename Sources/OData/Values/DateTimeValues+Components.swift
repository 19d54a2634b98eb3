import Foundation

extension LocalDateTime {
    /// A date-time from its parts; nil when a part is out of range (year 1…9999, real calendar days).
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month),
            (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second),
            (0..<1_000_000_000).contains(nanosecond)
        else { return nil }
        self.init(
            ticks: CivilCalendar.ticks(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                fractionTicks: Int64(nanosecond / 100)))
    }

    /// The date-time a `Date` denotes in UTC (rounded down to 100 ns); nil outside years 1…9999.
    public init?(utc date: Date) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 4e11 else { return nil }
        let ticks = Int64((seconds * Double(Ticks.perSecond)).rounded(.down))
        let (total, overflow) = ticks.addingReportingOverflow(Ticks.unixEpoch)
        guard !overflow else { return nil }
        self.init(ticks: total)
    }

    /// The date-time as a `Date` (the same as `utc()`).
    public var date: Date { utc() }

    var parts: DateTimeParts { DateTimeParts(ticks: ticks) }

    /// The year, 1…9999.
    public var year: Int { parts.year }
    /// The month, 1…12.
    public var month: Int { parts.month }
    /// The day of the month, 1…31.
    public var day: Int { parts.day }
    /// The hour, 0…23.
    public var hour: Int { Int(ticks % Ticks.perDay / (3600 * Ticks.perSecond)) }
    /// The minute, 0…59.
    public var minute: Int { Int(ticks % Ticks.perDay / (60 * Ticks.perSecond) % 60) }
    /// The second, 0…59.
    public var second: Int { Int(ticks % Ticks.perDay / Ticks.perSecond % 60) }
    /// The fraction of the second in nanoseconds (multiples of 100).
    public var nanosecond: Int { Int(ticks % Ticks.perSecond) * 100 }
    /// The time of day.
    public var timeOfDay: LocalTime { LocalTime(ticks: ticks % Ticks.perDay) ?? LocalTime(ticks: 0)! }

    /// ISO-8601 text `yyyy-MM-ddTHH:mm:ss[.fffffff]` (fraction only when non-zero, trailing zeros dropped).
    public var isoString: String { EdmTextFormatting.isoDateTime(ticks: ticks) }

    /// Parses ISO-8601 `yyyy-MM-ddTHH:mm[:ss[.f]]`; a written `Z` or offset converts to UTC.
    public init(isoString: String) throws(ODataValueError) {
        self = try EdmTextFormatting.parse(isoString, as: .dateTime) { (bytes) throws(ValueSyntaxError) in
            try EdmTextParsing.localDateTime(iso: bytes)
        }
    }
}

extension GlobalDateTime {
    /// A date-time from its local parts and offset; nil when a part is out of range or the UTC instant falls outside years 1…9999.
    public init?(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0,
        offsetMinutes: Int = 0
    ) {
        guard
            let local = LocalDateTime(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond),
            abs(offsetMinutes) <= 840
        else { return nil }
        self.init(utcTicks: local.ticks - Int64(offsetMinutes) * 60 * Ticks.perSecond, offsetMinutes: offsetMinutes)
    }

    /// The instant of a `Date` written with the given offset; nil when out of range.
    public init?(utc date: Date, offsetMinutes: Int = 0) {
        guard let utc = LocalDateTime(utc: date) else { return nil }
        self.init(utcTicks: utc.ticks, offsetMinutes: offsetMinutes)
    }

    /// Ticks of the local date-time as written (UTC plus the offset); may fall just outside years 1…9999.
    public var localTicks: Int64 { utcTicks + Int64(offsetMinutes) * 60 * Ticks.perSecond }

    /// The local date-time as written, nil when it falls outside years 1…9999.
    public var localDateTime: LocalDateTime? { LocalDateTime(ticks: localTicks) }

    /// The UTC date-time.
    public var utcDateTime: LocalDateTime { LocalDateTime(ticks: utcTicks) ?? LocalDateTime(ticks: 0)! }

    /// ISO-8601 text of the local date-time with its offset (`2024-01-02T03:04:05+01:00`, `…Z` for UTC).
    public var isoString: String { EdmTextFormatting.isoDateTimeOffset(self) }

    /// Parses ISO-8601 with an optional offset (none means UTC).
    public init(isoString: String) throws(ODataValueError) {
        self = try EdmTextFormatting.parse(isoString, as: .dateTimeOffset) { (bytes) throws(ValueSyntaxError) in
            try EdmTextParsing.globalDateTime(iso: bytes)
        }
    }
}

extension LocalTime {
    /// The xsd:duration form SAP writes, `PT10H30M00S` (with `.fffffff` seconds when needed).
    public var durationString: String { EdmTextFormatting.duration(self) }

    /// `HH:mm:ss[.fffffff]`.
    public var clockString: String { EdmTextFormatting.clock(ticks: ticks) }

    /// Parses `PT…H…M…S` or `HH:mm[:ss[.f]]`.
    public init(parsing text: String) throws(ODataValueError) {
        self = try EdmTextFormatting.parse(text, as: .time) { (bytes) throws(ValueSyntaxError) in
            try EdmTextParsing.timeOfDay(bytes)
        }
    }
}
