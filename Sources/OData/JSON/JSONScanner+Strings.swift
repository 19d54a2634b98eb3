extension JSONScanner {
    /// Reads a string (positioned at optional whitespace before its opening quote).
    /// Without escapes the span points into the payload; with escapes into the scratch buffer,
    /// valid until the next string is read.
    @inline(__always)
    mutating func readString() throws -> ByteSpan {
        skipWhitespace()
        guard position < count, base[position] == UInt8(ascii: "\"") else {
            throw error("expected a string, found \(found)")
        }
        return try readStringAtQuote()
    }

    /// Reads a string whose opening quote is at `position` (see `readString()`).
    @inline(__always)
    mutating func readStringAtQuote() throws -> ByteSpan {
        position += 1
        let start = position
        // Eight bytes at a time while no quote, backslash or control character appears; the first such
        // byte of a word is found from its mask, without a byte loop.
        while count - position >= 8 {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let special = Self.specialBytes(word)
            if special != 0 {
                position += special.trailingZeroBitCount &>> 3
                if base[position] == UInt8(ascii: "\"") {
                    position += 1
                    return ByteSpan(start: base + start, count: position - 1 - start)
                }
                break
            }
            position += 8
        }
        while position < count {
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return ByteSpan(start: base + start, count: position - 1 - start)
            }
            if byte == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            position += 1
        }
        throw error("unterminated string", at: start - 1)
    }

    /// Whether any byte of `word` is `"`, `\` or below 0x20.
    @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        specialBytes(word) != 0
    }

    /// A mask whose lowest set bit is the high bit of the first (lowest-addressed, on a little-endian
    /// machine) byte of `word` that is `"`, `\` or below 0x20; zero when there is none. Bits above the
    /// lowest may be false positives.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote & highs
        let hasBackslash = (backslash &- ones) & ~backslash & highs
        let hasControl = (word &- (ones &* 0x20)) & ~word & highs
        return hasQuote | hasBackslash | hasControl
    }

    /// Continues a string that has an escape at `position`, unescaping into the scratch buffer.
    private mutating func readEscapedString(from start: Int) throws -> ByteSpan {
        scratch.count = 0
        scratch.append(base + start, count: position - start)
        while position < count {
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return scratch.span
            }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            if byte != UInt8(ascii: "\\") {
                // Copy the run up to the next quote, backslash or control character in one go.
                let runStart = position
                position += 1
                var found = false
                while count - position >= 8 {
                    let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                    let special = Self.specialBytes(word)
                    if special != 0 {
                        position += special.trailingZeroBitCount &>> 3
                        found = true
                        break
                    }
                    position += 8
                }
                while !found, position < count {
                    let next = base[position]
                    if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next < 0x20 { break }
                    position += 1
                }
                scratch.append(base + runStart, count: position - runStart)
                continue
            }
            position += 1
            guard position < count else { break }
            let escape = base[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"): try appendUnicodeEscape()
            default: throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: position - 2)
            }
        }
        throw error("unterminated string", at: start - 1)
    }

    /// Decodes `XXXX` after `\u`, joining surrogate pairs; a lone surrogate becomes U+FFFD.
    private mutating func appendUnicodeEscape() throws {
        let high = try readHex4()
        if high >= 0xD800 && high < 0xDC00 {
            if count - position >= 6, base[position] == UInt8(ascii: "\\"), base[position + 1] == UInt8(ascii: "u") {
                let save = position
                position += 2
                let low = try readHex4()
                if low >= 0xDC00 && low < 0xE000 {
                    scratch.append(scalar: 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                    return
                }
                position = save
            }
            scratch.append(scalar: 0xFFFD)
        } else if high >= 0xDC00 && high < 0xE000 {
            scratch.append(scalar: 0xFFFD)
        } else {
            scratch.append(scalar: high)
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        guard count - position >= 4 else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = base[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
