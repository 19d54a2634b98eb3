import Foundation

/// The URL literal forms of OData v2 values ([MS-ODATA] 2.2.2): `'O''Brien'`, `datetime'2024-01-02T03:04:05'`,
/// `datetimeoffset'…'`, `time'PT10H30M00S'`, `guid'…'`, `binary'0A1B'` / `X'0A1B'`, `12.50M`, `64L`, `1.5D`,
/// `1.5f`, `true`, `null`.
///
/// `format` gives the literal text before percent-encoding (`URLEncoding` encodes it for a URL);
/// `parse` reads it back, given the expected type or inferring it from the literal's form.
public enum EdmLiteral {
    /// The literal text of a value. Complex and collection values have no v2 literal and format as `null`.
    public static func format(_ value: EdmValue) -> String {
        switch value {
        case .null, .complex, .collection: return "null"
        case .string(let text): return quoted(text)
        case .boolean(let flag): return flag ? "true" : "false"
        case .byte(let number): return String(number)
        case .sByte(let number): return String(number)
        case .int16(let number): return String(number)
        case .int32(let number): return String(number)
        case .int64(let number): return "\(number)L"
        case .decimal(let number): return "\(number)M"
        case .double(let number): return EdmTextFormatting.double(number) + (number.isFinite ? "D" : "")
        case .single(let number): return EdmTextFormatting.single(number) + (number.isFinite ? "f" : "")
        case .dateTime(let dateTime): return "datetime'\(dateTime.isoString)'"
        case .dateTimeOffset(let dateTime): return "datetimeoffset'\(dateTime.isoString)'"
        case .time(let time): return "time'\(time.durationString)'"
        case .date(let date): return date.isoString
        case .duration(let duration): return "duration'\(duration.isoString)'"
        case .stream: return "null"
        case .guid(let guid): return "guid'\(guid.stringValue)'"
        case .binary(let data): return "binary'\(EdmTextFormatting.hex(data))'"
        }
    }

    /// A string in single quotes with embedded quotes doubled: `O'Brien` → `'O''Brien'`.
    /// Works on UTF-8 bytes, so a quote followed by a combining mark is doubled too.
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "'")]
        bytes.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == UInt8(ascii: "'") { bytes.append(byte) }
        }
        bytes.append(UInt8(ascii: "'"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses a literal of the expected type (`null` is accepted for any type). Numeric suffixes
    /// (`M`, `L`, `D`, `F`) are optional; prefixes (`datetime'…'`) are required.
    public static func parse(_ text: some StringProtocol, as type: EdmType) throws(ODataValueError) -> EdmValue {
        try String(text).withUTF8Bytes { (bytes) throws(ODataValueError) -> EdmValue in
            try parse(bytes: bytes, as: type)
        }
    }

    /// Parses a literal, inferring its type from its form: quotes → String, prefixes, suffixes, `true`/`false`,
    /// digits → Int32 (Int64 when larger), other unsuffixed numbers → Double.
    public static func parse(_ text: some StringProtocol) throws(ODataValueError) -> EdmValue {
        try String(text).withUTF8Bytes { (bytes) throws(ODataValueError) -> EdmValue in
            let type: EdmType?
            do throws(ValueSyntaxError) {
                type = try inferType(bytes)
            } catch {
                throw ODataValueError(type: nil, bytes: bytes, reason: error.reason)
            }
            guard let type else { return .null }
            return try parse(bytes: bytes, as: type)
        }
    }

    /// Parses literal bytes of the expected type.
    public static func parse(bytes: UnsafeRawBufferPointer, as type: EdmType) throws(ODataValueError) -> EdmValue {
        do throws(ValueSyntaxError) {
            return try parseValue(bytes, as: type)
        } catch {
            throw ODataValueError(type: type, bytes: bytes, reason: error.reason)
        }
    }

    static func parseValue(_ bytes: UnsafeRawBufferPointer, as type: EdmType) throws(ValueSyntaxError) -> EdmValue {
        var scanner = ByteScanner(bytes)
        if scanner.consumeWord("null", caseInsensitive: false), scanner.isAtEnd { return .null }
        switch type {
        case .string:
            return .string(try unquote(bytes))
        case .boolean:
            return .boolean(try EdmTextParsing.boolean(bytes, allowDigits: false))
        case .byte:
            return .byte(UInt8(try EdmTextParsing.integer(bytes, in: 0...255)))
        case .sByte:
            return .sByte(Int8(try EdmTextParsing.integer(bytes, in: -128...127)))
        case .int16:
            return .int16(Int16(try EdmTextParsing.integer(bytes, in: Int64(Int16.min)...Int64(Int16.max))))
        case .int32:
            return .int32(Int32(try EdmTextParsing.integer(bytes, in: Int64(Int32.min)...Int64(Int32.max))))
        case .int64:
            return .int64(try EdmTextParsing.integer(withoutSuffix(bytes, "L")))
        case .decimal:
            return .decimal(try BigDecimal.parse(withoutSuffix(bytes, "M")))
        case .double:
            return .double(try EdmTextParsing.double(withoutSuffix(bytes, "D")))
        case .single:
            if let special = try? EdmTextParsing.single(bytes) { return .single(special) }
            return .single(try EdmTextParsing.single(withoutSuffix(bytes, "F")))
        case .dateTime:
            return .dateTime(try EdmTextParsing.localDateTime(iso: try prefixed(bytes, "datetime")))
        case .dateTimeOffset:
            return .dateTimeOffset(try EdmTextParsing.globalDateTime(iso: try prefixed(bytes, "datetimeoffset")))
        case .time:
            return .time(try EdmTextParsing.timeOfDay(try prefixed(bytes, "time")))
        case .date:
            return .date(try EdmTextParsing.date(bytes))
        case .timeOfDay:
            return .time(try EdmTextParsing.clockTimeOfDay(bytes))
        case .duration:
            return .duration(try EdmTextParsing.dayTimeDuration(try prefixed(bytes, "duration")))
        case .stream, .untyped:
            throw ValueSyntaxError("\(type.qualifiedName) has no literal form")
        case .guid:
            return .guid(try EdmTextParsing.guid(try prefixed(bytes, "guid")))
        case .binary:
            let body: UnsafeRawBufferPointer
            if let first = bytes.first, first == UInt8(ascii: "X") || first == UInt8(ascii: "x"),
                bytes.count > 1, bytes[1] == UInt8(ascii: "'")
            {
                body = try prefixed(bytes, "X")
            } else {
                body = try prefixed(bytes, "binary")
            }
            return .binary(try EdmTextParsing.hex(body))
        }
    }

    /// The type a literal's form denotes; nil for `null`.
    static func inferType(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> EdmType? {
        guard let first = bytes.first else { throw ValueSyntaxError("empty literal") }
        if first == UInt8(ascii: "'") { return .string }
        var scanner = ByteScanner(bytes)
        if scanner.consumeWord("null", caseInsensitive: false), scanner.isAtEnd { return nil }
        scanner.position = 0
        if scanner.consumeWord("true", caseInsensitive: false) || scanner.consumeWord("false", caseInsensitive: false),
            scanner.isAtEnd
        {
            return .boolean
        }
        let prefixes: [(StaticString, EdmType)] = [
            ("datetimeoffset'", .dateTimeOffset), ("datetime'", .dateTime), ("time'", .time), ("guid'", .guid),
            ("binary'", .binary), ("X'", .binary),
        ]
        for (prefix, type) in prefixes {
            scanner.position = 0
            if scanner.consumeWord(prefix) { return type }
        }
        if let number = try? EdmTextParsing.integer(bytes) {
            return Int64(Int32.min)...Int64(Int32.max) ~= number ? .int32 : .int64
        }
        if (try? EdmTextParsing.double(bytes)) != nil { return .double }
        switch asciiLower(bytes[bytes.count - 1]) {
        case UInt8(ascii: "m"): return .decimal
        case UInt8(ascii: "l"): return .int64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "f"): return .single
        default: break
        }
        throw ValueSyntaxError("not a literal of any OData type")
    }

    /// The text between single quotes with doubled quotes undoubled.
    static func unquote(_ bytes: UnsafeRawBufferPointer) throws(ValueSyntaxError) -> String {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "'"), bytes[bytes.count - 1] == UInt8(ascii: "'") else {
            throw ValueSyntaxError("expected a string in single quotes")
        }
        let body = UnsafeRawBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        var i = 0
        while i < body.count {
            output.append(body[i])
            if body[i] == UInt8(ascii: "'") {
                guard i + 1 < body.count, body[i + 1] == UInt8(ascii: "'") else {
                    throw ValueSyntaxError("single quote inside a string must be doubled")
                }
                i += 2
            } else {
                i += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The quoted body after a case-insensitive prefix: `datetime'…'` → `…`.
    static func prefixed(_ bytes: UnsafeRawBufferPointer, _ prefix: StaticString) throws(ValueSyntaxError) -> UnsafeRawBufferPointer {
        var scanner = ByteScanner(bytes)
        guard scanner.consumeWord(prefix), scanner.consume(UInt8(ascii: "'")), bytes.count > scanner.position,
            bytes[bytes.count - 1] == UInt8(ascii: "'")
        else { throw ValueSyntaxError("expected \(prefix)'…'") }
        return UnsafeRawBufferPointer(rebasing: bytes[scanner.position..<(bytes.count - 1)])
    }

    /// The bytes without a trailing type suffix letter (either case), if present.
    static func withoutSuffix(_ bytes: UnsafeRawBufferPointer, _ suffix: Character) -> UnsafeRawBufferPointer {
        guard let last = bytes.last, let letter = suffix.asciiValue, asciiLower(last) == asciiLower(letter) else { return bytes }
        return UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 1)])
    }
}
