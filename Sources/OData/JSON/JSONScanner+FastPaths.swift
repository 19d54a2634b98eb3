import Foundation

/// Tokens read and converted in one pass over the payload, for the canonical shapes that make up nearly every
/// entry: plain numbers, fixed-point strings (`"12.50"`, SAP's Int64 and Decimal), `"\/Date(ms[±mmmm])\/"`, and a
/// deferred link written without spaces. Each returns nil and consumes nothing for any other shape; the caller
/// then reads the token the general way, which also gives every error. So what they accept they read exactly as
/// the general path does (the same token end, the same value), only without a second pass over the bytes.
extension JSONScanner {
    /// A JSON number token `-?(0|[1-9][0-9]*)(.[0-9]+)?` with at most 18 digits in all and no exponent, as its
    /// digits without the point (`value`) and the number of digits after it (`scale`); nil for any other number.
    /// The token ends where `readNumber` ends it.
    @inline(__always)
    mutating func readFixedPointNumber() -> (value: Int64, scale: Int)? {
        var index = position
        let negative = index < count && base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < count else { return nil }
        var value: Int64 = 0
        var digits = 0
        var scale = 0
        let first = base[index] &- UInt8(ascii: "0")
        guard first < 10 else { return nil }
        if first == 0 {
            // A leading zero is the whole integer part (`readNumber` ends an integer `0` there too).
            digits = 1
            index += 1
        } else {
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                guard digits < 18 else { return nil }
                value = value &* 10 &+ Int64(digit)
                digits += 1
                index += 1
            }
        }
        if index < count, base[index] == UInt8(ascii: ".") {
            index += 1
            guard index < count, base[index] &- UInt8(ascii: "0") < 10 else { return nil }
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                guard digits < 18 else { return nil }
                value = value &* 10 &+ Int64(digit)
                digits += 1
                scale += 1
                index += 1
            }
        }
        if index < count, base[index] | 0x20 == UInt8(ascii: "e") { return nil }
        position = index
        return (negative ? -value : value, scale)
    }

    /// A string token at its opening quote whose content is `-?digits[.digits]` (at most 18 digits, a point only
    /// between digits), as `readFixedPointNumber` gives it; nil for any other string (escapes included).
    @inline(__always)
    mutating func readQuotedFixedPoint() -> (value: Int64, scale: Int)? {
        var index = position + 1
        let negative = index < count && base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value: Int64 = 0
        var digits = 0
        var scale = 0
        var seenPoint = false
        while index < count {
            let byte = base[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                guard digits < 18 else { return nil }
                value = value &* 10 &+ Int64(digit)
                digits += 1
                if seenPoint { scale += 1 }
            } else if byte == UInt8(ascii: "\""), digits > 0, index > position + 1, base[index - 1] != UInt8(ascii: ".") {
                position = index + 1
                return (negative ? -value : value, scale)
            } else if byte == UInt8(ascii: "."), !seenPoint, digits > 0 {
                seenPoint = true
            } else {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// A string token at its opening quote that is `/Date(-?digits[±dddd])/` (each `/` written as `/` or `\/`,
    /// 1…18 digits, an offset of at most 840 minutes): milliseconds and the offset in minutes (nil when none
    /// is written); nil for any other string.
    @inline(__always)
    mutating func readQuotedJSONDate() -> (milliseconds: Int64, offset: Int?)? {
        // The longest accepted token, `"\/Date(-` 18 digits `+dddd)\/"`, is 37 bytes.
        guard count - position >= 40 else { return nil }
        var index = position + 1
        if base[index] == UInt8(ascii: "\\") { index += 1 }
        guard base[index] == UInt8(ascii: "/"),
            UInt32(littleEndian: UnsafeRawPointer(base + index + 1).loadUnaligned(as: UInt32.self)) == Self.dateWord,
            base[index + 5] == UInt8(ascii: "(")
        else { return nil }
        index += 6
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value: Int64 = 0
        var digits = 0
        while true {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            guard digits < 18 else { return nil }
            value = value &* 10 &+ Int64(digit)
            digits += 1
            index += 1
        }
        guard digits > 0 else { return nil }
        var offset: Int?
        let sign = base[index]
        if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            var minutes = 0
            for next in index + 1...index + 4 {
                let digit = base[next] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                minutes = minutes * 10 + Int(digit)
            }
            guard minutes <= 840 else { return nil }
            offset = sign == UInt8(ascii: "-") ? -minutes : minutes
            index += 5
        }
        guard base[index] == UInt8(ascii: ")") else { return nil }
        index += 1
        if base[index] == UInt8(ascii: "\\") { index += 1 }
        guard base[index] == UInt8(ascii: "/"), base[index + 1] == UInt8(ascii: "\"") else { return nil }
        position = index + 2
        return (negative ? -value : value, offset)
    }

    /// `Date` as a little-endian word.
    static let dateWord: UInt32 = 0x6574_6144

    /// `{"__deferred":{"uri":"…"}}` written without spaces: the URI, in the payload, or in the scratch buffer when
    /// it has escapes; nil, consuming nothing, for any other value. Errors inside the URI string are the ones
    /// the general path meets at the same place.
    @inline(__always)
    mutating func readCompactDeferred() throws -> ByteSpan? {
        let start = position
        guard depth + 2 <= Self.maxDepth, count - position >= 32,
            UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)) == Self.deferredWords.0,
            UInt64(littleEndian: UnsafeRawPointer(base + position + 8).loadUnaligned(as: UInt64.self)) == Self.deferredWords.1,
            UInt64(littleEndian: UnsafeRawPointer(base + position + 14).loadUnaligned(as: UInt64.self)) == Self.deferredWords.2
        else { return nil }
        position += 21
        let uri = try readStringAtQuote()
        guard count - position >= 2, base[position] == UInt8(ascii: "}"), base[position + 1] == UInt8(ascii: "}") else {
            position = start
            return nil
        }
        position += 2
        return uri
    }

    /// `{"__deferred":{"uri":"` (22 bytes) as the little-endian words at offsets 0, 8 and 14 (literals, so that
    /// reading them costs no lazy initialization).
    static let deferredWords: (UInt64, UInt64, UInt64) = (0x6566_6564_5f5f_227b, 0x227b_3a22_6465_7272, 0x223a_2269_7275_227b)
}
