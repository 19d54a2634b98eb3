/// Finds where a JSON object (or array) that arrives in pieces ends, by its brackets alone: strings are
/// skipped (with their escapes), values are not read.
///
/// `JSONFeedReader` uses it to tell an entry cut off by the end of the bytes received so far from an
/// entry that is complete but malformed, and to find the end of an entry that spans two pieces. It
/// counts `{` and `[` alike (and `}` and `]`): a complete but mismatched object is found complete here, and
/// the decoder then reports it.
struct JSONObjectEnd {
    private var depth = 0
    private var inString = false
    private var escaped = false

    /// Moves over `bytes[start...]`; returns the index just past the bracket that closes the object whose
    /// opening bracket was the first byte this scanner saw (across calls), or nil when the object goes on.
    mutating func end(in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let raw = bytes.baseAddress else { return nil }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let end = bytes.count
        var index = start
        while index < end {
            if escaped {
                escaped = false
                index += 1
                continue
            }
            if inString {
                index = Self.firstMarked(base, from: index, end: end, by: JSONScanner.specialBytes)
                guard index < end else { break }
                let byte = base[index]
                if byte == Self.quote {
                    inString = false
                } else if byte == Self.backslash {
                    escaped = true
                }
                index += 1
                continue
            }
            index = Self.firstMarked(base, from: index, end: end, by: Self.quotesAndBrackets)
            guard index < end else { break }
            let byte = base[index]
            index += 1
            if byte == Self.quote {
                inString = true
            } else if byte | 0x20 == Self.openObject {
                depth += 1
            } else if byte | 0x20 == Self.closeObject {
                depth -= 1
                if depth <= 0 { return index }
            }
        }
        return nil
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    private static let openObject = UInt8(ascii: "{"), closeObject = UInt8(ascii: "}")

    /// The index of the first byte at or after `start` that `mask` marks in its eight-byte word (the lowest set
    /// bit of `mask(word)` is the high bit of that byte), moving eight bytes at a time; where fewer than eight
    /// bytes are left, the first of them (for the byte loop to look at), or `end`.
    @inline(__always)
    private static func firstMarked(
        _ base: UnsafePointer<UInt8>, from start: Int, end: Int, by mask: (UInt64) -> UInt64
    ) -> Int {
        var index = start
        while end - index >= 8 {
            let marked = mask(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            if marked != 0 { return index + marked.trailingZeroBitCount &>> 3 }
            index += 8
        }
        return index
    }

    /// A mask whose lowest set bit is the high bit of the first byte of `word` that is a quote or one of
    /// `{}[]` (`[` and `]` are `{` and `}` without bit 0x20); zero when there is none.
    @inline(__always)
    private static func quotesAndBrackets(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let folded = word | (ones &* 0x20)
        return zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(folded ^ (ones &* 0x7B)) | zeroBytes(folded ^ (ones &* 0x7D))
    }
}
