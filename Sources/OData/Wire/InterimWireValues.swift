import Foundation

/// Byte-level parsing and formatting of the JSON and Atom forms of Edm values, used through
/// `WireValueAdapter` until the shared value parsers take over.
enum InterimWireValues {
    static func parse(_ span: ByteSpan, as type: EdmType, json: Bool) -> Result<EdmValue, WireValueFailure> {
        if let value = value(span, as: type, json: json) { return .success(value) }
        let text = span.count > 80 ? String(decoding: span.buffer.prefix(80), as: UTF8.self) + "…" : span.string
        return .failure(WireValueFailure(message: "invalid \(type.rawValue) value \"\(text)\""))
    }

    private static func value(_ span: ByteSpan, as type: EdmType, json: Bool) -> EdmValue? {
        switch type {
        case .string: return .string(span.string)
        case .boolean:
            if span.equals("true") || span.equals("1") { return .boolean(true) }
            if span.equals("false") || span.equals("0") { return .boolean(false) }
            return nil
        case .byte: return integer(span).flatMap { UInt8(exactly: $0) }.map(EdmValue.byte)
        case .sByte: return integer(span).flatMap { Int8(exactly: $0) }.map(EdmValue.sByte)
        case .int16: return integer(span).flatMap { Int16(exactly: $0) }.map(EdmValue.int16)
        case .int32: return integer(span).flatMap { Int32(exactly: $0) }.map(EdmValue.int32)
        case .int64: return integer(span).map(EdmValue.int64)
        case .decimal: return decimal(span).map(EdmValue.decimal)
        case .double: return double(span).map(EdmValue.double)
        case .single: return double(span).map { EdmValue.single(Float($0)) }
        case .guid: return GuidValue(string: span.string).map(EdmValue.guid)
        case .binary: return Data(base64Encoded: span.string).map(EdmValue.binary)
        case .time: return duration(span).flatMap { LocalTime(ticks: $0) }.map(EdmValue.time)
        case .dateTime:
            if let (milliseconds, _) = jsonDate(span) { return LocalDateTime(millisecondsSince1970: milliseconds).map(EdmValue.dateTime) }
            guard let (ticks, offset) = isoDateTime(span) else { return nil }
            let (utc, overflow) = ticks.subtractingReportingOverflow(Int64(offset ?? 0) * 60 * Ticks.perSecond)
            return overflow ? nil : LocalDateTime(ticks: utc).map(EdmValue.dateTime)
        case .dateTimeOffset:
            if let (milliseconds, offset) = jsonDate(span) {
                return GlobalDateTime(millisecondsSince1970: milliseconds, offsetMinutes: offset ?? 0).map(EdmValue.dateTimeOffset)
            }
            guard let (ticks, offset) = isoDateTime(span) else { return nil }
            let minutes = offset ?? 0
            let (utc, overflow) = ticks.subtractingReportingOverflow(Int64(minutes) * 60 * Ticks.perSecond)
            return overflow ? nil : GlobalDateTime(utcTicks: utc, offsetMinutes: minutes).map(EdmValue.dateTimeOffset)
        }
    }

    @inline(__always)
    private static func digit(_ byte: UInt8) -> Int64? {
        let value = byte &- 48
        return value < 10 ? Int64(value) : nil
    }

    /// `[+-]digits`, checked for overflow.
    static func integer(_ span: ByteSpan) -> Int64? {
        var index = 0
        var negative = false
        if span.count > 0, span[0] == UInt8(ascii: "-") || span[0] == UInt8(ascii: "+") {
            negative = span[0] == UInt8(ascii: "-")
            index = 1
        }
        guard index < span.count else { return nil }
        var value: Int64 = 0
        while index < span.count {
            guard let d = digit(span[index]) else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times.subtractingReportingOverflow(d) : times.addingReportingOverflow(d)
            if o1 || o2 { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// `[+-]digits[.digits][e[+-]digits]`, up to 38 significant digits.
    static func decimal(_ span: ByteSpan) -> BigDecimal? {
        var index = 0
        var negative = false
        if span.count > 0, span[0] == UInt8(ascii: "-") || span[0] == UInt8(ascii: "+") {
            negative = span[0] == UInt8(ascii: "-")
            index = 1
        }
        var significand: Int128 = 0
        var scale = 0
        var digits = 0
        var seenPoint = false
        while index < span.count {
            let byte = span[index]
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if let d = digit(byte) {
                let (times, o1) = significand.multipliedReportingOverflow(by: 10)
                let (next, o2) = times.addingReportingOverflow(Int128(d))
                if o1 || o2 { return nil }
                significand = next
                digits += 1
                if seenPoint { scale += 1 }
            } else {
                break
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        if index < span.count {
            guard span[index] | 0x20 == UInt8(ascii: "e") else { return nil }
            guard let exponent = integer(ByteSpan(start: span.start + index + 1, count: span.count - index - 1)),
                abs(exponent) < 1000
            else { return nil }
            scale -= Int(exponent)
        }
        return BigDecimal(significand: negative ? -significand : significand, scale: scale)
    }

    static func double(_ span: ByteSpan) -> Double? {
        if span.equals("INF") || span.equals("Infinity") { return .infinity }
        if span.equals("-INF") || span.equals("-Infinity") { return -.infinity }
        if span.equals("NaN") { return .nan }
        guard span.count > 0, span.count < 400 else { return nil }
        for index in 0..<span.count {
            let byte = span[index]
            guard digit(byte) != nil || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte | 0x20 == UInt8(ascii: "e")
            else { return nil }
        }
        return Double(span.string)
    }

    /// `/Date(ms)/` or `/Date(ms±mmmm)/`: milliseconds and the offset in minutes.
    static func jsonDate(_ span: ByteSpan) -> (Int64, Int?)? {
        guard span.count > 8, memcmp(span.start, "/Date(", 6) == 0, span.hasSuffix(")/") else { return nil }
        let inner = ByteSpan(start: span.start + 6, count: span.count - 8)
        var split = inner.count
        for index in 1..<max(inner.count, 1) where inner[index] == UInt8(ascii: "+") || inner[index] == UInt8(ascii: "-") {
            split = index
            break
        }
        guard let milliseconds = integer(ByteSpan(start: inner.start, count: split)) else { return nil }
        guard split < inner.count else { return (milliseconds, nil) }
        guard let offset = integer(ByteSpan(start: inner.start + split, count: inner.count - split)), abs(offset) <= 840 else {
            return nil
        }
        return (milliseconds, Int(offset))
    }

    /// `yyyy-mm-ddThh:mm[:ss[.fffffff]][Z|±hh:mm]`: local ticks and the offset in minutes.
    static func isoDateTime(_ span: ByteSpan) -> (Int64, Int?)? {
        var index = 0
        func number(_ length: Int) -> Int? {
            guard span.count - index >= length else { return nil }
            var value = 0
            for _ in 0..<length {
                guard let d = digit(span[index]) else { return nil }
                value = value * 10 + Int(d)
                index += 1
            }
            return value
        }
        func take(_ byte: UInt8) -> Bool {
            guard index < span.count, span[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), take(UInt8(ascii: "-")), let month = number(2), take(UInt8(ascii: "-")),
            let day = number(2), take(UInt8(ascii: "T")), let hour = number(2), take(UInt8(ascii: ":")),
            let minute = number(2)
        else { return nil }
        var second = 0
        var fraction: Int64 = 0
        if take(UInt8(ascii: ":")) {
            guard let s = number(2) else { return nil }
            second = s
            if take(UInt8(ascii: ".")) {
                var count = 0
                while index < span.count, let d = digit(span[index]) {
                    if count < 7 { fraction = fraction * 10 + d }
                    count += 1
                    index += 1
                }
                guard count > 0 else { return nil }
                for _ in min(count, 7)..<7 { fraction *= 10 }
            }
        }
        var offset: Int?
        if take(UInt8(ascii: "Z")) {
            offset = 0
        } else if index < span.count, span[index] == UInt8(ascii: "+") || span[index] == UInt8(ascii: "-") {
            let sign = span[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2), take(UInt8(ascii: ":")), let minutes = number(2), hours <= 14, minutes < 60 else {
                return nil
            }
            offset = sign * (hours * 60 + minutes)
        }
        guard index == span.count, year >= 1, (1...12).contains(month), hour < 24, minute < 60, second < 60,
            day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        let days = dayNumber(year: year, month: month, day: day)
        let seconds = Int64(hour * 3600 + minute * 60 + second)
        return (days * Ticks.perDay + seconds * Ticks.perSecond + fraction, offset)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 0001-01-01.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468 + 719_162
    }

    /// `PT[nH][nM][n[.f]S]` (also with `P0D`), as ticks.
    static func duration(_ span: ByteSpan) -> Int64? {
        var index = 0
        guard span.count >= 3, span[0] == UInt8(ascii: "P") else { return nil }
        index = 1
        var total: Int64 = 0
        var inTime = false
        var sawPart = false
        while index < span.count {
            if span[index] == UInt8(ascii: "T"), !inTime {
                inTime = true
                index += 1
                continue
            }
            var value: Int64 = 0
            var count = 0
            while index < span.count, let d = digit(span[index]) {
                guard count < 7 else { return nil }
                value = value * 10 + d
                count += 1
                index += 1
            }
            var fraction: Int64 = 0
            if index < span.count, span[index] == UInt8(ascii: ".") {
                index += 1
                var fractionDigits = 0
                while index < span.count, let d = digit(span[index]) {
                    if fractionDigits < 7 { fraction = fraction * 10 + d }
                    fractionDigits += 1
                    index += 1
                }
                for _ in min(fractionDigits, 7)..<7 { fraction *= 10 }
            }
            guard count > 0, index < span.count else { return nil }
            let unit = span[index]
            index += 1
            switch (unit, inTime) {
            case (UInt8(ascii: "D"), false): total += value * Ticks.perDay
            case (UInt8(ascii: "H"), true): total += value * 3600 * Ticks.perSecond
            case (UInt8(ascii: "M"), true): total += value * 60 * Ticks.perSecond
            case (UInt8(ascii: "S"), true): total += value * Ticks.perSecond + fraction
            default: return nil
            }
            sawPart = true
        }
        return sawPart ? total : nil
    }
}
