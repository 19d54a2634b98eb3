import Foundation

/// Tokens read and converted in one pass over the payload, for the canonical shapes that make up nearly every
/// entry: plain numbers, fixed-point strings (`"12.50"`, SAP's Int64 and Decimal), `"\/Date(ms[±mmmm])\/"`, and a
/// deferred link written without spaces. Each returns nil and consumes nothing for any other shape; the caller
/// then reads the token the general way, which also gives every error. So what they accept they read exactly as
/// the general path does (the same token end, the same value), only without a second pass over the bytes.
extension JSONScanner {
    /// The bytes these readers may look at past a token's start: they compare and convert eight bytes at a time,
    /// so they step aside for a token closer than this to the end of the payload.
    static let fastPathSlack = 48

    /// A JSON number token `-?(0|[1-9][0-9]*)(.[0-9]+)?` with at most 18 digits in all and no exponent, as its
    /// digits without the point (`value`) and the number of digits after it (`scale`); nil for any other number.
    /// The token ends where `readNumber` ends it.
    @inline(__always)
    mutating func readFixedPointNumber() -> (value: Int64, scale: Int)? {
        guard count - position >= Self.fastPathSlack else { return nil }
        var index = position
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value: Int64
        var digits: Int
        var scale = 0
        switch base[index] {
        case UInt8(ascii: "0"):
            // A leading zero is the whole integer part (`readNumber` ends an integer `0` there too).
            (value, digits) = (0, 1)
            index += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            (value, digits) = digitRun(&index)
            guard digits <= 18 else { return nil }
        default: return nil
        }
        if base[index] == UInt8(ascii: ".") {
            index += 1
            let (joined, fractionDigits) = digitRun(&index, after: value)
            guard fractionDigits > 0, digits + fractionDigits <= 18 else { return nil }
            value = joined
            scale = fractionDigits
        }
        if base[index] | 0x20 == UInt8(ascii: "e") { return nil }
        position = index
        return (negative ? -value : value, scale)
    }

    /// A string token at its opening quote whose content is `-?digits[.digits]` (at most 18 digits, a point only
    /// between digits), as `readFixedPointNumber` gives it; nil for any other string (escapes included).
    @inline(__always)
    mutating func readQuotedFixedPoint() -> (value: Int64, scale: Int)? {
        guard count - position >= Self.fastPathSlack else { return nil }
        var index = position + 1
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var (value, digits) = digitRun(&index)
        guard digits > 0, digits <= 18 else { return nil }
        var scale = 0
        if base[index] == UInt8(ascii: ".") {
            index += 1
            let (joined, fractionDigits) = digitRun(&index, after: value)
            guard fractionDigits > 0, digits + fractionDigits <= 18 else { return nil }
            value = joined
            scale = fractionDigits
        }
        guard base[index] == UInt8(ascii: "\"") else { return nil }
        position = index + 1
        return (negative ? -value : value, scale)
    }

    /// The decimal digits at `index`, eight at a time, appended to the digits of `leading` (their value, then
    /// theirs), and how many there are (without `leading`'s); stops reading after more than 18 (the caller refuses
    /// those; the value has then wrapped). Leaves `index` after the digits. Reads at most 24 bytes from `index`.
    @inline(__always)
    func digitRun(_ index: inout Int, after leading: Int64 = 0) -> (value: Int64, digits: Int) {
        var value = leading
        var digits = 0
        while true {
            let (chunk, length) = Self.leadingDigits(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
            value = value &* Self.powerOfTen(length) &+ Int64(chunk)
            digits += length
            index += length
            if length < 8 || digits > 18 { return (value, digits) }
        }
    }

    /// How many of the eight bytes of `word` (first byte lowest) are decimal digits before the first other byte, and
    /// the value of those digits, without a loop over the bytes.
    @inline(__always)
    static func leadingDigits(_ word: UInt64) -> (value: UInt64, count: Int) {
        // A byte is a digit when its high nibble is 3 and stays 3 after adding 6 (a carry out of a byte goes to the
        // next one, which only matters after the first byte that is not a digit).
        let highNibbles = word & 0xF0F0_F0F0_F0F0_F0F0
        let afterSix = (word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
        let notDigits = (highNibbles | afterSix &>> 4) ^ 0x3333_3333_3333_3333
        let count = notDigits == 0 ? 8 : notDigits.trailingZeroBitCount &>> 3
        guard count > 0 else { return (0, 0) }
        // The digits' values moved to the top bytes (zeros below are leading zeros), then combined pairwise.
        var value = (word &- 0x3030_3030_3030_3030) &<< UInt64((8 &- count) &* 8)
        value = value &* 10 &+ (value &>> 8)
        value =
            ((value & 0x0000_00FF_0000_00FF) &* 0x000F_4240_0000_0064 &+ ((value &>> 16) & 0x0000_00FF_0000_00FF) &* 0x0000_2710_0000_0001)
            &>> 32
        return (value, count)
    }

    /// 10^`exponent` for 0…8.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> Int64 {
        switch exponent {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1000
        case 4: return 10000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        default: return 100_000_000
        }
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
        // Reads at most 24 bytes of digits, then a word for the offset: within the 40 bytes checked above.
        let (value, digits) = digitRun(&index)
        guard digits > 0, digits <= 18 else { return nil }
        var offset: Int?
        let sign = base[index]
        if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            let (minutes, length) = Self.leadingDigits(
                UInt64(littleEndian: UnsafeRawPointer(base + index + 1).loadUnaligned(as: UInt64.self)))
            guard length == 4, minutes <= 840 else { return nil }
            offset = sign == UInt8(ascii: "-") ? -Int(minutes) : Int(minutes)
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

    /// A string token at its opening quote that is a GUID, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` (hex digits in
    /// either case), read eight digits at a time; nil for any other string.
    @inline(__always)
    mutating func readQuotedGuid() -> GuidValue? {
        guard count - position >= 38 else { return nil }
        let text = UnsafeRawPointer(base + position + 1)
        guard base[position + 37] == UInt8(ascii: "\""), text.load(fromByteOffset: 8, as: UInt8.self) == UInt8(ascii: "-"),
            text.load(fromByteOffset: 13, as: UInt8.self) == UInt8(ascii: "-"),
            text.load(fromByteOffset: 18, as: UInt8.self) == UInt8(ascii: "-"),
            text.load(fromByteOffset: 23, as: UInt8.self) == UInt8(ascii: "-")
        else { return nil }
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        func half(_ offset: Int) -> UInt64 { UInt64(UInt32(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        guard let first = Self.hexBytes(word(0)), let second = Self.hexBytes(half(9) | half(14) &<< 32),
            let third = Self.hexBytes(half(19) | half(24) &<< 32), let fourth = Self.hexBytes(word(28))
        else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: first.littleEndian, toByteOffset: 0, as: UInt32.self)
            bytes.storeBytes(of: second.littleEndian, toByteOffset: 4, as: UInt32.self)
            bytes.storeBytes(of: third.littleEndian, toByteOffset: 8, as: UInt32.self)
            bytes.storeBytes(of: fourth.littleEndian, toByteOffset: 12, as: UInt32.self)
        }
        position += 38
        return GuidValue(UUID(uuid: uuid))
    }

    /// The four bytes that eight hex digits (first digit in the lowest byte of `word`) stand for, the first digit
    /// pair in the lowest byte; nil when a byte is not a hex digit.
    @inline(__always)
    static func hexBytes(_ word: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard word & highs == 0 else { return nil }
        // For bytes below 0x80, `x + (0x7F - high)` has its high bit clear exactly when `x <= high`, and
        // `x + (0x80 - low)` has it set exactly when `x >= low`; no sum carries into the next byte.
        @inline(__always)
        func inRange(_ bytes: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
            ~(bytes &+ (ones &* (0x7F - high))) & (bytes &+ (ones &* (0x80 - low))) & highs
        }
        let lowered = word | 0x2020_2020_2020_2020
        guard inRange(word, 0x30, 0x39) | inRange(lowered, 0x61, 0x66) == highs else { return nil }
        // Digit values: the low nibble, plus 9 for a letter (bit 6 set).
        let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((word & 0x4040_4040_4040_4040) &>> 6) &* 9
        var pairs = (nibbles &<< 4 | nibbles &>> 8) & 0x00FF_00FF_00FF_00FF
        pairs = (pairs | pairs &>> 8) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: pairs | pairs &>> 16)
    }

    /// Consumes `{"__deferred":{"uri":"<uri>/<name>"}}` written without spaces, where `uri` and `name` hold only bytes
    /// that stand for themselves in a JSON string (then equal raw bytes mean an equal link, and the string ends at
    /// that quote): the deferred link of a navigation property at its usual place, compared without scanning it
    /// as a string first. False, consuming nothing, for anything else.
    @inline(__always)
    mutating func consumeCompactDeferred(uri: ByteSpan, name: ByteSpan) -> Bool {
        let end = position + 22 + uri.count + 1 + name.count
        guard depth + 2 <= Self.maxDepth, count - end >= 3,
            UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)) == Self.deferredWords.0,
            UInt64(littleEndian: UnsafeRawPointer(base + position + 8).loadUnaligned(as: UInt64.self)) == Self.deferredWords.1,
            UInt64(littleEndian: UnsafeRawPointer(base + position + 14).loadUnaligned(as: UInt64.self)) == Self.deferredWords.2,
            memcmp(base + position + 22, uri.start, uri.count) == 0, base[end - name.count - 1] == UInt8(ascii: "/"),
            memcmp(base + end - name.count, name.start, name.count) == 0, base[end] == UInt8(ascii: "\""),
            base[end + 1] == UInt8(ascii: "}"), base[end + 2] == UInt8(ascii: "}")
        else { return false }
        position = end + 3
        return true
    }

    /// `{"__deferred":{"uri":"` (22 bytes) as the little-endian words at offsets 0, 8 and 14 (literals, so that
    /// reading them costs no lazy initialization).
    static let deferredWords: (UInt64, UInt64, UInt64) = (0x6566_6564_5f5f_227b, 0x227b_3a22_6465_7272, 0x223a_2269_7275_227b)
}
