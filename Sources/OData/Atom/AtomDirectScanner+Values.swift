import Foundation

/// Attribute values, text, references and UTF-8.
extension AtomDirectScanner {
    /// An attribute value at `position` (at its quote): in place, or in `valueScratch` when it has references
    /// or white space to normalize.
    func attributeValue() -> AttributeValue? {
        guard position < count else { return nil }
        let quote = bytes[position]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        let start = position + 1
        let quotes = Self.ones &* UInt64(quote)
        var index = start
        while index < count {
            index = skipWords(from: index) { word in
                Self.controlOrHigh(word) | Self.zeroBytes(word ^ quotes) | Self.zeroBytes(word ^ Self.ampersands)
                    | Self.zeroBytes(word ^ Self.lessThans)
            }
            guard index < count else { break }
            let byte = bytes[index]
            if valueClass[Int(byte)] == 0 {
                index += 1
                continue
            }
            if byte == quote {
                guard index - start <= Self.maximumValueLength else { return nil }
                position = index + 1
                return AttributeValue(start: start, end: index, inScratch: false)
            }
            if byte >= 0x80 {
                guard let length = scalarLength(at: index) else { return nil }
                index += length
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index += 1
                continue
            }
            // A reference, or white space to normalize: the value is built in the scratch buffer.
            break
        }
        guard index < count else { return nil }
        let scratchStart = valueScratch.count
        valueScratch.append(bytes + start, count: index - start)
        while index < count {
            let byte = bytes[index]
            if byte == quote { break }
            switch byte {
            case 0x09, 0x0A:
                valueScratch.append(0x20)
                index += 1
            case 0x0D:
                // A line end (CR LF or a lone CR) reads as one line feed, normalized to a space.
                valueScratch.append(0x20)
                index += 1
                if index < count, bytes[index] == 0x0A { index += 1 }
            case UInt8(ascii: "&"):
                position = index
                guard let scalar = referencedScalar(), scalar != 0x26 else { return nil }
                appendUTF8(scalar)
                index = position
            case 0x80...:
                guard let length = scalarLength(at: index) else { return nil }
                valueScratch.append(bytes + index, count: length)
                index += length
            case 0x20...0x7F where byte != UInt8(ascii: "<"):
                valueScratch.append(byte)
                index += 1
            default: return nil
            }
        }
        guard index < count, valueScratch.count - scratchStart <= Self.maximumValueLength else { return nil }
        position = index + 1
        return AttributeValue(start: scratchStart, end: valueScratch.count, inScratch: true)
    }

    // Eight bytes at a time: a mask with the top bit set in each byte that is (or, above the first such
    // byte, may be) one to look at; the lowest set bit is exact, which is all `skipWords` uses.
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080
    /// `<`, `&` and `]` in every byte.
    static let lessThans: UInt64 = 0x3C3C_3C3C_3C3C_3C3C
    static let ampersands: UInt64 = 0x2626_2626_2626_2626
    static let closingBrackets: UInt64 = 0x5D5D_5D5D_5D5D_5D5D

    /// The bytes of `word` that are zero.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highBits }

    /// The bytes of `word` below 0x20 (controls, tab, line feed, carriage return) or from 0x80 (non-ASCII).
    @inline(__always)
    static func controlOrHigh(_ word: UInt64) -> UInt64 { ((word &- 0x2020_2020_2020_2020) & ~word & highBits) | (word & highBits) }

    /// The index of the first byte from `index` that `stops` marks in its eight-byte word, or the first of
    /// the last (fewer than eight) bytes of the input: the caller looks at that byte.
    @inline(__always)
    func skipWords(from index: Int, _ stops: (UInt64) -> UInt64) -> Int {
        var index = index
        while index + 8 <= count {
            let mask = stops(UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)))
            if mask != 0 { return index + mask.trailingZeroBitCount >> 3 }
            index += 8
        }
        return index
    }

    func appendUTF8(_ scalar: UInt32) {
        withUTF8(scalar) { valueScratch.append($0, count: $1) }
    }

    /// `body` over the UTF-8 bytes of `scalar` (an XML character).
    func withUTF8(_ scalar: UInt32, _ body: (UnsafePointer<UInt8>, Int) -> Void) {
        var units: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &units) { raw in
            let out = raw.bindMemory(to: UInt8.self)
            let length: Int
            switch scalar {
            case ..<0x80:
                out[0] = UInt8(scalar)
                length = 1
            case ..<0x800:
                out[0] = UInt8(0xC0 | scalar >> 6)
                out[1] = UInt8(0x80 | scalar & 0x3F)
                length = 2
            case ..<0x10000:
                out[0] = UInt8(0xE0 | scalar >> 12)
                out[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                out[2] = UInt8(0x80 | scalar & 0x3F)
                length = 3
            default:
                out[0] = UInt8(0xF0 | scalar >> 18)
                out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                out[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                out[3] = UInt8(0x80 | scalar & 0x3F)
                length = 4
            }
            body(UnsafePointer(out.baseAddress!), length)
        }
    }

    /// Text up to the next `<` or `&`, handed to the reader; a line end (CR LF or a lone CR) as a line feed.
    func text() -> Bool {
        var start = position
        var index = start
        while index < count {
            index = skipWords(from: index) { word in
                Self.controlOrHigh(word) | Self.zeroBytes(word ^ Self.lessThans) | Self.zeroBytes(word ^ Self.ampersands)
                    | Self.zeroBytes(word ^ Self.closingBrackets)
            }
            guard index < count else { break }
            let byte = bytes[index]
            if textClass[Int(byte)] == 0 {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { break }
            if byte == UInt8(ascii: "]") {
                // `]]>` outside a CDATA section is an error for libxml2.
                if index + 2 < count, bytes[index + 1] == UInt8(ascii: "]"), bytes[index + 2] == UInt8(ascii: ">") { return false }
                index += 1
                continue
            }
            if byte == 0x0D {
                guard index - start <= Self.maximumValueLength else { return false }
                if index > start { reader.characters(bytes + start, count: index - start) }
                withUnsafePointer(to: UInt8(0x0A)) { reader.characters($0, count: 1) }
                index += 1
                if index < count, bytes[index] == 0x0A { index += 1 }
                start = index
                continue
            }
            guard byte >= 0x80, let length = scalarLength(at: index) else { return false }
            index += length
        }
        guard index - start <= Self.maximumValueLength else { return false }
        position = index
        if index > start { reader.characters(bytes + start, count: index - start) }
        return true
    }

    /// A reference in text (at its `&`): its character handed to the reader.
    func reference() -> Bool {
        guard let scalar = referencedScalar() else { return false }
        withUTF8(scalar) { reader.characters($0, count: $1) }
        return !readerStopped
    }

    /// The character a reference at `position` (at its `&`) stands for: a character reference to an XML
    /// character, or one of the five predefined entities; nil for anything else.
    func referencedScalar() -> UInt32? {
        var index = position + 1
        guard index < count else { return nil }
        var value: UInt32 = 0
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < count && bytes[index] == UInt8(ascii: "x")
            if hex { index += 1 }
            let digitsStart = index
            while index < count, bytes[index] != UInt8(ascii: ";") {
                guard index - digitsStart < 7 else { return nil }
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value * (hex ? 16 : 10) + digit
                index += 1
            }
            guard index < count, index > digitsStart, Self.isXMLCharacter(value) else { return nil }
            position = index + 1
            return value
        }
        let nameStart = index
        while index < count, index - nameStart < 5, bytes[index] != UInt8(ascii: ";") { index += 1 }
        guard index < count, bytes[index] == UInt8(ascii: ";") else { return nil }
        let length = index - nameStart
        switch (length, bytes[nameStart]) {
        case (2, UInt8(ascii: "l")) where bytesEqual(nameStart, "lt"): value = 0x3C
        case (2, UInt8(ascii: "g")) where bytesEqual(nameStart, "gt"): value = 0x3E
        case (3, UInt8(ascii: "a")) where bytesEqual(nameStart, "amp"): value = 0x26
        case (4, UInt8(ascii: "a")) where bytesEqual(nameStart, "apos"): value = 0x27
        case (4, UInt8(ascii: "q")) where bytesEqual(nameStart, "quot"): value = 0x22
        default: return nil
        }
        position = index + 1
        return value
    }

    /// Whether `value` is a character XML 1.0 allows.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index` (a byte ≥ 0x80) when it encodes a character
    /// XML allows; nil otherwise (libxml2 reports those as errors).
    func scalarLength(at index: Int) -> Int? {
        let lead = UInt32(bytes[index])
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = lead & 0x1F
        case 0xE0...0xEF:
            length = 3
            value = lead & 0x0F
        case 0xF0...0xF4:
            length = 4
            value = lead & 0x07
        default: return nil
        }
        guard index + length <= count else { return nil }
        for offset in 1..<length {
            let byte = UInt32(bytes[index + offset])
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | (byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, Self.isXMLCharacter(value) else { return nil }
        return length
    }
}

/// The byte classes the scanner reads with, one table of 256 each (kept for the life of the process).
enum AtomByteClasses {
    struct Tables: @unchecked Sendable {
        let name: UnsafePointer<UInt8>
        let text: UnsafePointer<UInt8>
        let value: UnsafePointer<UInt8>
    }

    static let shared = Tables(name: table(nameClass), text: table(textClass), value: table(valueClass))

    private static func table(_ classify: (UInt8) -> UInt8) -> UnsafePointer<UInt8> {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 { table[byte] = classify(UInt8(byte)) }
        return UnsafePointer(table)
    }

    /// 2: a byte that starts an ASCII name (letters, `_`); 1: one that continues it (also digits, `.`, `-`);
    /// 0: anything else.
    private static func nameClass(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"): return 2
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"): return 1
        default: return 0
        }
    }

    /// 0: a byte of text read as it is; 1: one to look at (`<`, `&`, `]`, controls, non-ASCII).
    private static func textClass(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x09, 0x0A: return 0
        case UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "]"): return 1
        case 0x20...0x7F: return 0
        default: return 1
        }
    }

    /// 0: a byte of an attribute value read as it is; 1: one to look at (quotes, `<`, `&`, white space
    /// other than the space, controls, non-ASCII).
    private static func valueClass(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: "&"): return 1
        case 0x20...0x7F: return 0
        default: return 1
        }
    }
}
