import Foundation

/// Byte-level parsers for the text forms shared by URL literals, JSON and Atom.
/// Each consumes the whole buffer and throws `ValueSyntaxError` on anything else.
enum EdmTextParsing {
    /// `[+-]digits` as an Int64, with overflow checked.
    static func integer(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> Int64 {
        var scanner = ByteScanner(bytes)
        let negative = scanner.consume(UInt8(ascii: "-"))
        if !negative { _ = scanner.consume(UInt8(ascii: "+")) }
        var value: Int64 = 0
        var count = 0
        while let byte = scanner.peek(), isDigit(byte) {
            let digit = Int64(byte &- 48)
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            guard !o1, !o2 else { throw ValueSyntaxError("out of range") }
            value = next
            count += 1
            scanner.position += 1
        }
        guard count > 0 else { throw ValueSyntaxError("expected digits") }
        guard scanner.isAtEnd else { throw ValueSyntaxError("unexpected character after the digits") }
        return value
    }

    /// An integer checked against a range.
    static func integer(_ bytes: UnsafeRawBufferPointer, in range: ClosedRange<Int64>) throws(ValueSyntaxError) -> Int64 {
        let value = try integer(bytes)
        guard range.contains(value) else { throw ValueSyntaxError("out of range \(range.lowerBound)…\(range.upperBound)") }
        return value
    }

    /// Checks the shape of a decimal number: `[+-]digits[.digits][(e|E)[+-]digits]`.
    static func isDecimalNumberShape(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var scanner = ByteScanner(bytes)
        if !scanner.consume(UInt8(ascii: "-")) { _ = scanner.consume(UInt8(ascii: "+")) }
        guard scanner.skipDigits() > 0 else { return false }
        if scanner.consume(UInt8(ascii: ".")) { guard scanner.skipDigits() > 0 else { return false } }
        if scanner.consume(UInt8(ascii: "e")) || scanner.consume(UInt8(ascii: "E")) {
            if !scanner.consume(UInt8(ascii: "-")) { _ = scanner.consume(UInt8(ascii: "+")) }
            guard scanner.skipDigits() > 0 else { return false }
        }
        return scanner.isAtEnd
    }

    /// A Double: a decimal number, or `INF`, `-INF`, `NaN` (also `Infinity`, `-Infinity`).
    static func double(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> Double {
        if let special = specialDouble(bytes) { return special }
        guard isDecimalNumberShape(bytes) else { throw ValueSyntaxError("not a number") }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else {
            throw ValueSyntaxError("out of range")
        }
        return value
    }

    /// A Float, as `double` but checked against Float's range.
    static func single(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> Float {
        if let special = specialDouble(bytes) { return Float(special) }
        guard isDecimalNumberShape(bytes) else { throw ValueSyntaxError("not a number") }
        guard let value = Float(String(decoding: bytes, as: UTF8.self)), value.isFinite else {
            throw ValueSyntaxError("out of range")
        }
        return value
    }

    private static func specialDouble(_ bytes: UnsafeRawBufferPointer) -> Double? {
        var scanner = ByteScanner(bytes)
        if scanner.consumeWord("NaN", caseInsensitive: false), scanner.isAtEnd { return .nan }
        scanner.position = 0
        let negative = scanner.consume(UInt8(ascii: "-"))
        let start = scanner.position
        if scanner.consumeWord("INF", caseInsensitive: false), scanner.isAtEnd { return negative ? -.infinity : .infinity }
        scanner.position = start
        if scanner.consumeWord("Infinity", caseInsensitive: false), scanner.isAtEnd { return negative ? -.infinity : .infinity }
        return nil
    }

    /// `true`/`false`, and `1`/`0` when `allowDigits` (xsd:boolean in Atom).
    static func boolean(_ bytes: UnsafeRawBufferPointer, allowDigits: Bool) throws(ValueSyntaxError) -> Bool {
        var scanner = ByteScanner(bytes)
        if scanner.consumeWord("true", caseInsensitive: false), scanner.isAtEnd { return true }
        scanner.position = 0
        if scanner.consumeWord("false", caseInsensitive: false), scanner.isAtEnd { return false }
        if allowDigits, bytes.count == 1 {
            if bytes[0] == UInt8(ascii: "1") { return true }
            if bytes[0] == UInt8(ascii: "0") { return false }
        }
        throw ValueSyntaxError("expected true or false")
    }

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, any case.
    static func guid(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> GuidValue {
        guard bytes.count == 36 else { throw ValueSyntaxError("expected 36 characters xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx") }
        var raw = [UInt8](repeating: 0, count: 16)
        var out = 0
        var i = 0
        while i < 36 {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard bytes[i] == UInt8(ascii: "-") else { throw ValueSyntaxError("expected '-' at offset \(i)") }
                i += 1
                continue
            }
            guard let high = hexValue(bytes[i]), let low = hexValue(bytes[i + 1]) else {
                throw ValueSyntaxError("expected a hexadecimal digit at offset \(i)")
            }
            raw[out] = high << 4 | low
            out += 1
            i += 2
        }
        let uuid = UUID(
            uuid: (
                raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
            ))
        return GuidValue(uuid)
    }

    /// Pairs of hexadecimal digits.
    static func hex(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> Data {
        guard bytes.count % 2 == 0 else { throw ValueSyntaxError("odd number of hexadecimal digits") }
        var data = Data(capacity: bytes.count / 2)
        var i = 0
        while i < bytes.count {
            guard let high = hexValue(bytes[i]), let low = hexValue(bytes[i + 1]) else {
                throw ValueSyntaxError("expected a hexadecimal digit at offset \(i)")
            }
            data.append(high << 4 | low)
            i += 2
        }
        return data
    }

    /// Standard base64 (with padding; whitespace such as line breaks in Atom is ignored).
    static func base64(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> Data {
        guard let data = Data(base64Encoded: Data(bytes), options: .ignoreUnknownCharacters) else {
            throw ValueSyntaxError("not valid base64")
        }
        for byte in bytes where !(isBase64Byte(byte) || byte == 32 || byte == 10 || byte == 13 || byte == 9) {
            throw ValueSyntaxError("not valid base64")
        }
        return data
    }

    private static func isBase64Byte(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || isDigit(byte) || byte == 43 || byte == 47
            || byte == 61
    }
}

extension ByteScanner {
    /// Skips digits; returns how many.
    mutating func skipDigits() -> Int {
        var count = 0
        while let byte = peek(), isDigit(byte) {
            position += 1
            count += 1
        }
        return count
    }
}
