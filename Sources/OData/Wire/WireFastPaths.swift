import Foundation

/// Allocation-free parsing of the canonical wire shapes that make up nearly every payload:
/// plain integers, plain decimals, short doubles, GUIDs, `/Date(ms[±mmmm])/` (JSON), and for Atom the
/// booleans and ISO date-times `yyyy-MM-ddTHH:mm[:ss[.fffffff]][Z|±HH:mm]`.
/// Anything else (exponents, ISO dates, odd spacing, every invalid input) returns nil and is left to the
/// shared value forms, which also produce the error messages; so behaviour is theirs, only faster.
enum WireFastPaths {
    @inline(__always)
    static func value(_ span: ByteSpan, as type: EdmType, json: Bool) -> EdmValue? {
        switch type {
        case .int32: return integer(span).flatMap { Int32(exactly: $0) }.map(EdmValue.int32)
        case .int64: return integer(span).map(EdmValue.int64)
        case .int16: return integer(span).flatMap { Int16(exactly: $0) }.map(EdmValue.int16)
        case .byte: return integer(span).flatMap { UInt8(exactly: $0) }.map(EdmValue.byte)
        case .sByte: return integer(span).flatMap { Int8(exactly: $0) }.map(EdmValue.sByte)
        case .decimal: return decimal(span).map(EdmValue.decimal)
        case .double: return double(span).map(EdmValue.double)
        case .guid: return guid(span).map(EdmValue.guid)
        case .dateTime where json:
            guard let (milliseconds, offset) = jsonDate(span), offset == nil else { return nil }
            return LocalDateTime(millisecondsSince1970: milliseconds).map(EdmValue.dateTime)
        case .dateTimeOffset where json:
            guard let (milliseconds, offset) = jsonDate(span) else { return nil }
            return GlobalDateTime(millisecondsSince1970: milliseconds, offsetMinutes: offset ?? 0).map(EdmValue.dateTimeOffset)
        case .boolean where !json: return boolean(span).map(EdmValue.boolean)
        case .dateTime where !json:
            guard let (ticks, offset) = isoDateTime(span) else { return nil }
            return LocalDateTime(ticks: ticks - Int64(offset ?? 0) * 60 * Ticks.perSecond).map(EdmValue.dateTime)
        case .dateTimeOffset where !json:
            guard let (ticks, offset) = isoDateTime(span) else { return nil }
            let minutes = offset ?? 0
            return GlobalDateTime(utcTicks: ticks - Int64(minutes) * 60 * Ticks.perSecond, offsetMinutes: minutes)
                .map(EdmValue.dateTimeOffset)
        default: return nil
        }
    }

    /// `true`, `false`, `1` or `0` (the Atom forms).
    @inline(__always)
    static func boolean(_ span: ByteSpan) -> Bool? {
        switch span.count {
        case 1: return span[0] == UInt8(ascii: "1") ? true : span[0] == UInt8(ascii: "0") ? false : nil
        case 4: return span.equals("true") ? true : nil
        case 5: return span.equals("false") ? false : nil
        default: return nil
        }
    }

    /// `count` digits at `index`, or nil.
    @inline(__always)
    private static func digits(_ span: ByteSpan, _ index: Int, _ count: Int) -> Int? {
        var value = 0
        for offset in index..<index + count {
            let digit = span[offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// `yyyy-MM-ddTHH:mm[:ss[.f…]][Z|±HH:mm]` with valid parts: the ticks of the written date-time and the
    /// offset in minutes (nil when none is written). Any other shape or range is left to `EdmTextParsing`.
    static func isoDateTime(_ span: ByteSpan) -> (Int64, Int?)? {
        let count = span.count
        guard count >= 16, span[4] == UInt8(ascii: "-"), span[7] == UInt8(ascii: "-"), span[10] | 0x20 == UInt8(ascii: "t"),
            span[13] == UInt8(ascii: ":"), let year = digits(span, 0, 4), let month = digits(span, 5, 2),
            let day = digits(span, 8, 2), let hour = digits(span, 11, 2), let minute = digits(span, 14, 2),
            (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= CivilCalendar.daysInMonth(year: year, month: month), hour <= 23, minute <= 59
        else { return nil }
        var index = 16
        var second = 0
        var fraction: Int64 = 0
        if index < count, span[index] == UInt8(ascii: ":") {
            guard index + 3 <= count, let value = digits(span, index + 1, 2), value <= 59 else { return nil }
            second = value
            index += 3
            if index < count, span[index] == UInt8(ascii: ".") {
                index += 1
                var digitCount = 0
                while index < count {
                    let digit = span[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { break }
                    if digitCount < 7 { fraction = fraction * 10 + Int64(digit) }
                    digitCount += 1
                    index += 1
                }
                guard digitCount > 0 else { return nil }
                for _ in min(digitCount, 7)..<7 { fraction *= 10 }
            }
        }
        var offset: Int?
        if index < count {
            let sign = span[index]
            if sign | 0x20 == UInt8(ascii: "z") {
                offset = 0
                index += 1
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                guard index + 6 == count, span[index + 3] == UInt8(ascii: ":"), let hours = digits(span, index + 1, 2),
                    let minutes = digits(span, index + 4, 2), hours <= 14, minutes <= 59, hours * 60 + minutes <= 840
                else { return nil }
                offset = sign == UInt8(ascii: "-") ? -(hours * 60 + minutes) : hours * 60 + minutes
                index = count
            }
        }
        guard index == count else { return nil }
        let ticks = CivilCalendar.ticks(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, fractionTicks: fraction)
        return (ticks, offset)
    }

    /// `-?digits` with at most 18 digits (so no overflow is possible).
    @inline(__always)
    static func integer(_ span: ByteSpan) -> Int64? {
        var index = 0
        let negative = span.count > 0 && span[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        let digits = span.count - index
        guard digits > 0, digits <= 18 else { return nil }
        var value: Int64 = 0
        while index < span.count {
            let digit = span[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
            index += 1
        }
        return negative ? -value : value
    }

    /// `-?digits[.digits]` with at most 18 digits in all.
    @inline(__always)
    static func decimal(_ span: ByteSpan) -> BigDecimal? {
        guard let (value, scale) = fixedPoint(span) else { return nil }
        return BigDecimal(significand: Int128(value), scale: scale)
    }

    /// `-?digits[.digits]` with at most 15 significant digits: exact as an integer over a power of ten,
    /// so one division rounds correctly.
    @inline(__always)
    static func double(_ span: ByteSpan) -> Double? {
        guard let (value, scale) = fixedPoint(span) else { return nil }
        return double(value, scale: scale)
    }

    /// `value × 10^-scale` as a `Double` when that is exact before one rounding division.
    @inline(__always)
    static func double(_ value: Int64, scale: Int) -> Double? {
        guard value != 0, value.magnitude < 1 << 53, scale <= 22 else { return nil }
        return Double(value) / powersOfTen[scale]
    }

    /// The value of a fixed-point text (`-?digits[.digits]`, at most 18 digits, read by a caller as `value` and the
    /// number of digits after the point, `scale`) for a numeric type: the same value `value(_:as:json:)` gives for
    /// that text, or nil where it gives nil (a fraction for an integer type, a type without this fast path).
    @inline(__always)
    static func value(fixedPoint value: Int64, scale: Int, as type: EdmType) -> EdmValue? {
        switch type {
        case .int32: return scale == 0 ? Int32(exactly: value).map(EdmValue.int32) : nil
        case .int64: return scale == 0 ? .int64(value) : nil
        case .int16: return scale == 0 ? Int16(exactly: value).map(EdmValue.int16) : nil
        case .byte: return scale == 0 ? UInt8(exactly: value).map(EdmValue.byte) : nil
        case .sByte: return scale == 0 ? Int8(exactly: value).map(EdmValue.sByte) : nil
        case .decimal: return .decimal(BigDecimal(significand: Int128(value), scale: scale))
        case .double: return double(value, scale: scale).map(EdmValue.double)
        default: return nil
        }
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    @inline(__always)
    private static func fixedPoint(_ span: ByteSpan) -> (Int64, Int)? {
        var index = 0
        let negative = span.count > 0 && span[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var value: Int64 = 0
        var digits = 0
        var scale = 0
        var seenPoint = false
        while index < span.count {
            let byte = span[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                // At most 18 digits, checked before multiplying, so the value cannot overflow.
                guard digits < 18 else { return nil }
                value = value * 10 + Int64(digit)
                digits += 1
                if seenPoint { scale += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint, digits > 0, index + 1 < span.count {
                seenPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        return (negative ? -value : value, scale)
    }

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
    @inline(__always)
    static func guid(_ span: ByteSpan) -> GuidValue? {
        guard span.count == 36, span[8] == UInt8(ascii: "-"), span[13] == UInt8(ascii: "-"), span[18] == UInt8(ascii: "-"),
            span[23] == UInt8(ascii: "-")
        else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var index = 0
        var ok = true
        withUnsafeMutableBytes(of: &bytes) { raw in
            for out in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 { index += 1 }
                guard let high = hex(span[index]), let low = hex(span[index + 1]) else {
                    ok = false
                    return
                }
                raw[out] = high << 4 | low
                index += 2
            }
        }
        return ok ? GuidValue(UUID(uuid: bytes)) : nil
    }

    @inline(__always)
    private static func hex(_ byte: UInt8) -> UInt8? {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter + 10 : nil
    }

    /// `/Date(-?digits)/` or `/Date(-?digits±dddd)/`: milliseconds and the offset in minutes.
    @inline(__always)
    static func jsonDate(_ span: ByteSpan) -> (Int64, Int?)? {
        guard span.count >= 9, span[0] == UInt8(ascii: "/"), span[1] == UInt8(ascii: "D"), span[5] == UInt8(ascii: "("),
            span[span.count - 2] == UInt8(ascii: ")"), span[span.count - 1] == UInt8(ascii: "/")
        else { return nil }
        let end = span.count - 2
        var index = 6
        var split = end
        var scan = index + 1
        while scan < end {
            if span[scan] == UInt8(ascii: "+") || span[scan] == UInt8(ascii: "-") {
                split = scan
                break
            }
            scan += 1
        }
        guard let milliseconds = integer(ByteSpan(start: span.start + index, count: split - index)) else { return nil }
        guard split < end else { return (milliseconds, nil) }
        index = split + 1
        guard end - index == 4, let minutes = integer(ByteSpan(start: span.start + index, count: 4)), minutes <= 840 else {
            return nil
        }
        return (milliseconds, Int(span[split] == UInt8(ascii: "-") ? -minutes : minutes))
    }
}

extension Array {
    /// `count` nils, built in place: fully specialized, whereas `init(repeating:count:)` allocates through the
    /// runtime's generic path (a metadata lookup per array, which is most of the cost for entity-sized arrays).
    @inline(__always)
    init<Wrapped>(absentCount count: Int) where Element == Wrapped? {
        self.init()
        reserveCapacity(count)
        for _ in 0..<count { append(nil) }
    }
}
