/// A calendar date without a time of day or offset: the value of OData v4's `Edm.Date` (`2024-01-31`).
public struct LocalDate: Sendable, Hashable, Comparable {
    /// Year, month and day packed (`year << 9 | month << 5 | day`), so that an `EdmValue` holding a date stays
    /// as small as one holding any other value.
    private let packed: UInt32

    /// The year, 1 to 9999.
    public var year: Int { Int(packed >> 9) }
    /// The month, 1 to 12.
    public var month: Int { Int((packed >> 5) & 0xF) }
    /// The day of the month, 1 to 31.
    public var day: Int { Int(packed & 0x1F) }

    /// The date, or nil when there is no such day (`2023-02-29`) or the year is outside 1…9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        packed = UInt32(year) << 9 | UInt32(month) << 5 | UInt32(day)
    }

    /// Parses `yyyy-mm-dd`, throwing a typed error when malformed or not a date.
    public init(parsing text: String) throws(ODataValueError) {
        self = try EdmTextFormatting.parse(text, as: .date) { (bytes) throws(ValueSyntaxError) in try EdmTextParsing.date(bytes) }
    }

    /// `yyyy-mm-dd`.
    public var isoString: String {
        var bytes: [UInt8] = []
        EdmTextFormatting.appendPadded(&bytes, year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        EdmTextFormatting.appendPadded(&bytes, month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        EdmTextFormatting.appendPadded(&bytes, day, width: 2)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `lhs` is the earlier date.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.packed < rhs.packed }
}

/// A signed duration in days, hours, minutes and seconds (100 ns ticks): the value of OData v4's `Edm.Duration`
/// (`P1DT2H30M`, `-PT0.5S`).
public struct DayTimeDuration: Sendable, Hashable, Comparable {
    /// The length in 100 ns ticks; negative for a negative duration.
    public let ticks: Int64

    /// A duration of `ticks` 100 ns ticks.
    public init(ticks: Int64) {
        self.ticks = ticks
    }

    /// Parses `[-]P[nD][T[nH][nM][n[.f]S]]`, throwing a typed error when malformed.
    public init(parsing text: String) throws(ODataValueError) {
        self = try EdmTextFormatting.parse(text, as: .duration) { (bytes) throws(ValueSyntaxError) in
            try EdmTextParsing.dayTimeDuration(bytes)
        }
    }

    /// The xsd:dayTimeDuration form: `P1DT2H30M5.25S`, `-PT1S`, `PT0S`.
    public var isoString: String {
        let magnitude = ticks.magnitude
        let perSecond = UInt64(Ticks.perSecond)
        let seconds = magnitude / perSecond
        let (days, hours, minutes, wholeSeconds) = (seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60, seconds % 60)
        var text = ticks < 0 ? "-P" : "P"
        if days > 0 { text += "\(days)D" }
        let fraction = magnitude % perSecond
        guard hours > 0 || minutes > 0 || wholeSeconds > 0 || fraction > 0 || days == 0 else { return text }
        text += "T"
        if hours > 0 { text += "\(hours)H" }
        if minutes > 0 { text += "\(minutes)M" }
        if wholeSeconds > 0 || fraction > 0 || (hours == 0 && minutes == 0) {
            var digits = String(fraction + perSecond).dropFirst()
            while digits.last == "0" { digits.removeLast() }
            text += "\(wholeSeconds)" + (digits.isEmpty ? "" : ".\(digits)") + "S"
        }
        return text
    }

    /// Whether `lhs` is the shorter duration.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ticks < rhs.ticks }
}

/// A named stream property of an OData v4 entity (`Edm.Stream`): where to read and write its bytes, not the bytes.
public struct StreamLink: Sendable, Hashable {
    /// Where to read the stream (`@odata.mediaReadLink`), if the service said.
    public var readLink: String?
    /// Where to write the stream (`@odata.mediaEditLink`), if the service said.
    public var editLink: String?
    /// The stream's media type (`@odata.mediaContentType`), if the service said.
    public var contentType: String?
    /// The stream's ETag (`@odata.mediaEtag`), if the service said.
    public var etag: String?

    /// A stream link with what the service told about the stream.
    public init(readLink: String? = nil, editLink: String? = nil, contentType: String? = nil, etag: String? = nil) {
        self.readLink = readLink
        self.editLink = editLink
        self.contentType = contentType
        self.etag = etag
    }
}
