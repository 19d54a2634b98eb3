import Foundation

/// Formatters for the text forms shared by URL literals, JSON and Atom.
enum EdmTextFormatting {
    /// Runs a byte parser over a string, wrapping a syntax error with the type and text.
    static func parse<T>(
        _ text: some StringProtocol, as type: EdmType, _ body: (UnsafeRawBufferPointer) throws(ValueSyntaxError) -> T
    ) throws(ODataValueError) -> T {
        try String(text).withUTF8Bytes { (bytes) throws(ODataValueError) -> T in
            do throws(ValueSyntaxError) {
                return try body(bytes)
            } catch {
                throw ODataValueError(type: type, bytes: bytes, reason: error.reason)
            }
        }
    }

    /// `yyyy-MM-ddTHH:mm:ss[.fffffff]` of ticks since 0001-01-01.
    static func isoDateTime(ticks: Int64) -> String {
        let parts = DateTimeParts(ticks: max(0, ticks))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        appendPadded(&bytes, parts.year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(&bytes, parts.month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(&bytes, parts.day, width: 2)
        bytes.append(UInt8(ascii: "T"))
        appendClock(&bytes, hour: parts.hour, minute: parts.minute, second: parts.second, fraction: parts.fractionTicks)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ISO text of the local date-time and its offset; `Z` for offset 0.
    static func isoDateTimeOffset(_ value: GlobalDateTime) -> String {
        var text = isoDateTime(ticks: value.localTicks)
        if value.offsetMinutes == 0 {
            text += "Z"
        } else {
            var bytes: [UInt8] = [value.offsetMinutes < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")]
            let minutes = abs(value.offsetMinutes)
            appendPadded(&bytes, minutes / 60, width: 2)
            bytes.append(UInt8(ascii: ":"))
            appendPadded(&bytes, minutes % 60, width: 2)
            text += String(decoding: bytes, as: UTF8.self)
        }
        return text
    }

    /// `HH:mm:ss[.fffffff]` of ticks since midnight.
    static func clock(ticks: Int64) -> String {
        let seconds = Int(ticks / Ticks.perSecond)
        var bytes: [UInt8] = []
        appendClock(&bytes, hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60, fraction: ticks % Ticks.perSecond)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `PT10H30M00S`, with `.fffffff` seconds when needed.
    static func duration(_ time: LocalTime) -> String {
        var bytes: [UInt8] = Array("PT".utf8)
        appendPadded(&bytes, time.hour, width: 2)
        bytes.append(UInt8(ascii: "H"))
        appendPadded(&bytes, time.minute, width: 2)
        bytes.append(UInt8(ascii: "M"))
        appendPadded(&bytes, time.second, width: 2)
        appendFraction(&bytes, time.ticks % Ticks.perSecond)
        bytes.append(UInt8(ascii: "S"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A `/Date(ms)/` or `/Date(ms±offset)/` (unescaped slashes; JSON writers may escape them).
    static func jsonDate(milliseconds: Int64, offsetMinutes: Int?) -> String {
        var text = "/Date(\(milliseconds)"
        if let offset = offsetMinutes {
            var bytes: [UInt8] = [offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")]
            appendPadded(&bytes, abs(offset), width: 4)
            text += String(decoding: bytes, as: UTF8.self)
        }
        return text + ")/"
    }

    /// Uppercase hexadecimal digits.
    static func hex(_ data: Data) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count * 2)
        for byte in data {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A Double as OData writes it: `NaN`, `INF`, `-INF`, else the shortest round-trip text with `E` exponents.
    static func double(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-INF" : "INF" }
        return value.description.replacingOccurrences(of: "e", with: "E")
    }

    /// A Float like `double(_:)`.
    static func single(_ value: Float) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-INF" : "INF" }
        return value.description.replacingOccurrences(of: "e", with: "E")
    }

    private static func appendClock(_ bytes: inout [UInt8], hour: Int, minute: Int, second: Int, fraction: Int64) {
        appendPadded(&bytes, hour, width: 2)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(&bytes, minute, width: 2)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(&bytes, second, width: 2)
        appendFraction(&bytes, fraction)
    }

    /// `.fffffff` without trailing zeros; nothing for 0.
    private static func appendFraction(_ bytes: inout [UInt8], _ fraction: Int64) {
        guard fraction > 0 else { return }
        var digits: [UInt8] = []
        var value = fraction
        for _ in 0..<7 {
            digits.append(UInt8(value % 10) + 48)
            value /= 10
        }
        digits.reverse()
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        bytes.append(UInt8(ascii: "."))
        bytes.append(contentsOf: digits)
    }

    static func appendPadded(_ bytes: inout [UInt8], _ value: Int, width: Int) {
        var digits: [UInt8] = []
        var rest = value
        repeat {
            digits.append(UInt8(rest % 10) + 48)
            rest /= 10
        } while rest > 0
        for _ in digits.count..<max(width, digits.count) { bytes.append(UInt8(ascii: "0")) }
        bytes.append(contentsOf: digits.reversed())
    }
}

extension GuidValue {
    /// Parses `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, throwing a typed error when malformed.
    public init(parsing text: String) throws(ODataValueError) {
        self = try EdmTextFormatting.parse(text, as: .guid) { (bytes) throws(ValueSyntaxError) in
            try EdmTextParsing.guid(bytes)
        }
    }
}
