import Foundation

extension JSONScanner {
    /// Moves to the opening quote of the current object's next key (consuming the `,` before it); false after
    /// consuming the object's `}`. `first` tracks whether a comma is due; start with `true`. The same checks and
    /// messages as `nextKey`, which is this followed by `readKeyAtQuote()`.
    @inline(__always)
    mutating func beginKey(_ first: inout Bool) throws -> Bool {
        skipWhitespace()
        guard position < count else { throw error("unexpected end of input inside an object") }
        if base[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return false
        }
        if first {
            first = false
        } else {
            guard base[position] == UInt8(ascii: ",") else { throw error("expected ',' or '}' in an object, found \(found)") }
            position += 1
            skipWhitespace()
        }
        guard position < count, base[position] == UInt8(ascii: "\"") else {
            throw error("expected a string key in an object, found \(found)")
        }
        return true
    }

    /// Reads the key whose opening quote is at `position` and the `:` after it (see `nextKey`).
    @inline(__always)
    mutating func readKeyAtQuote() throws -> ByteSpan {
        let key = try readStringAtQuote()
        if position < count, base[position] == UInt8(ascii: ":") {
            position += 1
        } else {
            try expect(UInt8(ascii: ":"), "':' after an object key")
        }
        return key
    }

    /// Consumes the key at the opening quote at `position`, and the `:` after it, when its raw bytes are exactly
    /// `quoted` (a name without bytes that JSON escapes, followed by its closing `"`; eight bytes after `quoted`'s
    /// end must be readable). Returns false, consuming nothing, when they differ or too few bytes remain to
    /// compare word by word: the caller then reads the key as any other.
    @inline(__always)
    mutating func consumeKey(_ quoted: QuotedName) throws -> Bool {
        let start = position + 1
        guard bytesEqual(at: start, quoted) else { return false }
        position = start + quoted.bytes.count
        if base[position] == UInt8(ascii: ":") {
            position += 1
        } else {
            try expect(UInt8(ascii: ":"), "':' after an object key")
        }
        return true
    }

    /// Consumes the string token at `position` (its opening quote) when its raw bytes are exactly `quoted` (text
    /// without bytes that JSON escapes, followed by its closing `"`; eight bytes after `quoted`'s end must be
    /// readable); false, consuming nothing, otherwise.
    @inline(__always)
    mutating func consumeString(_ quoted: QuotedName) -> Bool {
        guard position < count, base[position] == UInt8(ascii: "\""), bytesEqual(at: position + 1, quoted) else { return false }
        position += 1 + quoted.bytes.count
        return true
    }

    /// Whether the payload bytes at `start` are `quoted`'s, compared word by word; false as well when fewer than
    /// `quoted.count + 8` bytes remain (so that every load stays inside the payload and inside `quoted`'s padding).
    @inline(__always)
    func bytesEqual(at start: Int, _ quoted: QuotedName) -> Bool {
        guard count - start >= quoted.bytes.count + 8 else { return false }
        let key = UnsafeRawPointer(base + start)
        let name = UnsafeRawPointer(quoted.bytes.start)
        var offset = 0
        while offset < quoted.lastWordOffset {
            if key.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != name.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        // The last word, read little-endian so that the first bytes are the lowest, masked to the bytes that count.
        let difference =
            UInt64(littleEndian: key.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            ^ UInt64(littleEndian: name.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        return difference & quoted.lastWordMask == 0
    }

    /// `consumeKey` for a literal key: `quoted` is the name, its closing `"` and at least eight more bytes, of
    /// which the first `length` are compared.
    @inline(__always)
    mutating func consumeKey(_ quoted: StaticString, length: Int) throws -> Bool {
        try consumeKey(QuotedName(ByteSpan(start: quoted.utf8Start, count: length)))
    }
}
