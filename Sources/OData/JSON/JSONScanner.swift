import Foundation

/// A byte-level JSON tokenizer over a borrowed buffer: structural tokens, strings (unescaped
/// into a scratch buffer only when they contain escapes), numbers, literals, and skipping.
///
/// Every failure throws an `ODataDecodingError` with the byte offset; nesting is bounded
/// by `maxDepth`, and every loop advances, so no input can crash or hang it.
struct JSONScanner {
    /// The deepest nesting of objects and arrays accepted.
    static let maxDepth = 128

    let bytes: UnsafeRawBufferPointer
    let base: UnsafePointer<UInt8>
    let count: Int
    var position = 0
    var depth = 0
    let scratch = ByteScratch()
    /// Whether errors carry their line and column, counted from the first byte (false: 0 and 0, for a reader
    /// that expects errors where its bytes end and must not count lines over them each time, see `JSONFeedReader`).
    var locatesLines = true

    /// A scanner over `bytes`, which must not be empty.
    /// Whether `span` lies in the payload (rather than in the scratch buffer).
    @inline(__always)
    func contains(_ span: ByteSpan) -> Bool {
        span.start >= base && span.start + span.count <= base + count
    }

    /// The offset of a string token's opening quote in the payload, given its content; the current
    /// position when `span` lies in the scratch buffer (an unescaped string).
    func offset(of span: ByteSpan) -> Int {
        contains(span) ? span.start - base - 1 : position
    }

    /// Checks that the value just read is followed by `,`, `}` or `]`, so that a malformed token
    /// is reported as such before a type mismatch is.
    mutating func expectValueEnd() throws {
        skipWhitespace()
        guard position < count else { return }
        let byte = base[position]
        guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") else {
            throw error("expected ',' or '}' after a value, found \(found)")
        }
    }

    init(bytes: UnsafeRawBufferPointer, base: UnsafePointer<UInt8>) {
        self.bytes = bytes
        self.base = base
        self.count = bytes.count
    }

    // MARK: Errors

    /// An error at the current position.
    func error(_ message: String) -> ODataDecodingError {
        error(message, at: position)
    }

    /// An error at `offset`.
    func error(_ message: String, at offset: Int) -> ODataDecodingError {
        guard locatesLines else { return ODataDecodingError(format: .json, offset: offset, line: 0, column: 0, message: message) }
        return ODataDecodingError(format: .json, offset: offset, in: bytes, message: message)
    }

    /// A description of the byte at the current position, for messages.
    var found: String {
        guard position < count else { return "end of input" }
        let byte = base[position]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    // MARK: Whitespace and structure

    @inline(__always)
    mutating func skipWhitespace() {
        while position < count {
            let byte = base[position]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                position += 1
            } else {
                return
            }
        }
    }

    /// The next non-whitespace byte, not consumed.
    @inline(__always)
    mutating func peek() throws -> UInt8 {
        skipWhitespace()
        guard position < count else { throw error("unexpected end of input") }
        return base[position]
    }

    /// Consumes `byte` after optional whitespace.
    @inline(__always)
    mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws {
        skipWhitespace()
        guard position < count, base[position] == byte else {
            throw error("expected \(what()), found \(found)")
        }
        position += 1
    }

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    /// Consumes `{`.
    mutating func beginObject() throws {
        try expect(UInt8(ascii: "{"), "'{' (an object)")
        try enter()
    }

    /// Consumes `[`.
    mutating func beginArray() throws {
        try expect(UInt8(ascii: "["), "'[' (an array)")
        try enter()
    }

    /// The next key of the current object, or nil after consuming its `}`.
    /// `first` tracks whether a comma is due; start with `true`.
    /// The returned span may point into the scratch buffer: use it before reading another string.
    @inline(__always)
    mutating func nextKey(_ first: inout Bool) throws -> ByteSpan? {
        guard try beginKey(&first) else { return nil }
        return try readKeyAtQuote()
    }

    /// Whether another element follows in the current array; consumes `]` at the end.
    @inline(__always)
    mutating func nextElement(_ first: inout Bool) throws -> Bool {
        skipWhitespace()
        guard position < count else { throw error("unexpected end of input inside an array") }
        if base[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return false
        }
        if first {
            first = false
        } else {
            guard base[position] == UInt8(ascii: ",") else { throw error("expected ',' or ']' in an array, found \(found)") }
            position += 1
        }
        return true
    }

    /// Checks that only whitespace follows.
    mutating func expectEnd() throws {
        skipWhitespace()
        guard position == count else { throw error("unexpected \(found) after the end of the JSON value") }
    }

    // MARK: Literals and numbers

    /// Consumes `null` if it comes next.
    @inline(__always)
    mutating func consumeNull() throws -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Consumes the literal `text` (already positioned at its first byte).
    mutating func literal(_ text: StaticString) throws {
        let length = text.utf8CodeUnitCount
        guard count - position >= length, memcmp(base + position, text.utf8Start, length) == 0 else {
            throw error("invalid literal, expected \(text)")
        }
        position += length
    }

    /// Consumes `true` or `false`.
    mutating func readBool() throws -> Bool {
        switch try peek() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default: throw error("expected true or false, found \(found)")
        }
    }

    /// Consumes a number, checking the JSON grammar, and returns its bytes.
    mutating func readNumber() throws -> ByteSpan {
        skipWhitespace()
        let start = position
        if position < count, base[position] == UInt8(ascii: "-") { position += 1 }
        guard position < count, isDigit(base[position]) else { throw error("expected a number, found \(found)") }
        if base[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < count, isDigit(base[position]) { position += 1 }
        }
        if position < count, base[position] == UInt8(ascii: ".") {
            position += 1
            guard position < count, isDigit(base[position]) else { throw error("expected a digit after '.'") }
            while position < count, isDigit(base[position]) { position += 1 }
        }
        if position < count, base[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < count, base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-") { position += 1 }
            guard position < count, isDigit(base[position]) else { throw error("expected a digit in an exponent") }
            while position < count, isDigit(base[position]) { position += 1 }
        }
        return ByteSpan(start: base + start, count: position - start)
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    // MARK: Skipping

    /// Skips one value of any kind, with its nested content.
    mutating func skipValue() throws {
        switch try peek() {
        case UInt8(ascii: "{"):
            try beginObject()
            var first = true
            while try nextKey(&first) != nil { try skipValue() }
        case UInt8(ascii: "["):
            try beginArray()
            var first = true
            while try nextElement(&first) { try skipValue() }
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try readNumber()
        }
    }
}
