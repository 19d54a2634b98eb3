import Foundation

/// A primitive value as verbose-JSON text: the characters and whether they go inside a JSON string.
public struct EdmJSONText: Sendable, Hashable {
    /// The text, unescaped (`/Date(…)/` is given with plain slashes; writers may escape them as `\/`).
    public let text: String
    /// Whether the text must be written as a JSON string (in quotes, escaped) rather than a bare token.
    public let isString: Bool

    /// Creates a JSON text.
    public init(text: String, isString: Bool) {
        self.text = text
        self.isString = isString
    }
}

/// The OData v2 verbose-JSON forms of primitive values: `/Date(ms)/` and `/Date(ms±mmmm)/` (ms is the UTC instant,
/// the offset in minutes; [MS-ODATA] reads `ms` as UTC, as Olingo and the SAP Cloud SDK do, not as local time as
/// pyodata does), ISO-8601 strings, Decimal and Int64 as strings (numbers accepted too), Edm.Time as
/// `PT…H…M…S`, Binary as base64, Double specials `INF`, `-INF`, `NaN`.
///
/// The parsers work on the bytes of one JSON token: the content of a string token (after unescaping) or the
/// text of a number / `true` / `false` token. A `null` token is the decoder's business.
public enum EdmJSONForm {
    /// Parses the bytes of one JSON token's content as the expected type.
    public static func parse(_ bytes: UnsafeRawBufferPointer, as type: EdmType) throws(ODataValueError) -> EdmValue {
        do throws(ValueSyntaxError) {
            return try parseValue(bytes, as: type)
        } catch {
            throw ODataValueError(type: type, bytes: bytes, reason: error.reason)
        }
    }

    /// Parses the text of one JSON token's content as the expected type.
    public static func parse(_ text: some StringProtocol, as type: EdmType) throws(ODataValueError) -> EdmValue {
        try String(text).withUTF8Bytes { (bytes) throws(ODataValueError) -> EdmValue in try parse(bytes, as: type) }
    }

    static func parseValue(_ bytes: UnsafeRawBufferPointer, as type: EdmType) throws(ValueSyntaxError) -> EdmValue {
        switch type {
        case .string: return .string(String(decoding: bytes, as: UTF8.self))
        case .boolean: return .boolean(try EdmTextParsing.boolean(bytes, allowDigits: false))
        case .byte: return .byte(UInt8(try EdmTextParsing.integer(bytes, in: 0...255)))
        case .sByte: return .sByte(Int8(try EdmTextParsing.integer(bytes, in: -128...127)))
        case .int16: return .int16(Int16(try EdmTextParsing.integer(bytes, in: Int64(Int16.min)...Int64(Int16.max))))
        case .int32: return .int32(Int32(try EdmTextParsing.integer(bytes, in: Int64(Int32.min)...Int64(Int32.max))))
        case .int64: return .int64(try EdmTextParsing.integer(bytes))
        case .decimal: return .decimal(try BigDecimal.parse(bytes))
        case .double: return .double(try EdmTextParsing.double(bytes))
        case .single: return .single(try EdmTextParsing.single(bytes))
        case .dateTime:
            if isJSONDate(bytes) { return .dateTime(try EdmTextParsing.localDateTime(jsonDate: bytes)) }
            return .dateTime(try EdmTextParsing.localDateTime(iso: bytes))
        case .dateTimeOffset:
            if isJSONDate(bytes) { return .dateTimeOffset(try EdmTextParsing.globalDateTime(jsonDate: bytes)) }
            return .dateTimeOffset(try EdmTextParsing.globalDateTime(iso: bytes))
        case .time: return .time(try EdmTextParsing.timeOfDay(bytes))
        case .date: return .date(try EdmTextParsing.date(bytes))
        case .timeOfDay: return .time(try EdmTextParsing.clockTimeOfDay(bytes))
        case .duration: return .duration(try EdmTextParsing.dayTimeDuration(bytes))
        case .stream, .untyped: throw ValueSyntaxError("\(type.qualifiedName) has no text form in an OData v2 payload")
        case .guid: return .guid(try EdmTextParsing.guid(bytes))
        case .binary: return .binary(try EdmTextParsing.base64(bytes))
        }
    }

    /// Whether the bytes start like `/Date(` or `\/Date(`.
    static func isJSONDate(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first else { return false }
        return first == UInt8(ascii: "/") || first == UInt8(ascii: "\\")
    }

    /// The JSON text of a primitive value; nil for complex and collection values (the encoder writes those) and for a
    /// stream, which has no value in a payload.
    public static func format(_ value: EdmValue) -> EdmJSONText? {
        switch value {
        case .complex, .collection: return nil
        case .null: return EdmJSONText(text: "null", isString: false)
        case .string(let text): return EdmJSONText(text: text, isString: true)
        case .boolean(let flag): return EdmJSONText(text: flag ? "true" : "false", isString: false)
        case .byte(let number): return EdmJSONText(text: String(number), isString: false)
        case .sByte(let number): return EdmJSONText(text: String(number), isString: false)
        case .int16(let number): return EdmJSONText(text: String(number), isString: false)
        case .int32(let number): return EdmJSONText(text: String(number), isString: false)
        case .int64(let number): return EdmJSONText(text: String(number), isString: true)
        case .decimal(let number): return EdmJSONText(text: number.description, isString: true)
        case .double(let number): return EdmJSONText(text: EdmTextFormatting.double(number), isString: !number.isFinite)
        case .single(let number): return EdmJSONText(text: EdmTextFormatting.single(number), isString: !number.isFinite)
        case .dateTime(let dateTime):
            // `/Date(ms)/` holds whole milliseconds: a value with finer ticks is written in ISO 8601
            // (7 fractional digits) rather than rounded.
            guard dateTime.ticks % Ticks.perMillisecond == 0 else { return EdmJSONText(text: dateTime.isoString, isString: true) }
            return EdmJSONText(
                text: EdmTextFormatting.jsonDate(milliseconds: dateTime.millisecondsSince1970, offsetMinutes: nil), isString: true)
        case .dateTimeOffset(let dateTime):
            guard dateTime.utcTicks % Ticks.perMillisecond == 0 else { return EdmJSONText(text: dateTime.isoString, isString: true) }
            return EdmJSONText(
                text: EdmTextFormatting.jsonDate(
                    milliseconds: dateTime.millisecondsSince1970, offsetMinutes: dateTime.offsetMinutes),
                isString: true)
        case .time(let time): return EdmJSONText(text: time.durationString, isString: true)
        case .date(let date): return EdmJSONText(text: date.isoString, isString: true)
        case .duration(let duration): return EdmJSONText(text: duration.isoString, isString: true)
        case .stream: return nil
        case .guid(let guid): return EdmJSONText(text: guid.stringValue, isString: true)
        case .binary(let data): return EdmJSONText(text: data.base64EncodedString(), isString: true)
        }
    }
}
