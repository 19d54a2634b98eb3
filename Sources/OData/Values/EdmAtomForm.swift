import Foundation

/// The Atom (XML) text forms of primitive values inside `m:properties`: ISO-8601 date-times
/// (DateTimeOffset with its offset), Edm.Time as `PT…` (or `HH:mm:ss`), base64 Binary, xsd:boolean,
/// Double specials `INF`, `-INF`, `NaN`. Whitespace around non-string values is ignored.
public enum EdmAtomForm {
    /// Parses an element's text content as the expected type.
    public static func parse(_ bytes: UnsafeRawBufferPointer, as type: EdmType) throws(ODataValueError) -> EdmValue {
        do throws(ValueSyntaxError) {
            return try parseValue(type == .string ? bytes : trimmed(bytes), as: type)
        } catch {
            throw ODataValueError(type: type, bytes: bytes, reason: error.reason)
        }
    }

    /// Parses an element's text content as the expected type.
    public static func parse(_ text: some StringProtocol, as type: EdmType) throws(ODataValueError) -> EdmValue {
        try String(text).withUTF8Bytes { (bytes) throws(ODataValueError) -> EdmValue in try parse(bytes, as: type) }
    }

    static func parseValue(_ bytes: UnsafeRawBufferPointer, as type: EdmType) throws(ValueSyntaxError) -> EdmValue {
        switch type {
        case .boolean: return .boolean(try EdmTextParsing.boolean(bytes, allowDigits: true))
        case .dateTime: return .dateTime(try EdmTextParsing.localDateTime(iso: bytes))
        case .dateTimeOffset: return .dateTimeOffset(try EdmTextParsing.globalDateTime(iso: bytes))
        default: return try EdmJSONForm.parseValue(bytes, as: type)
        }
    }

    /// The bytes without leading and trailing XML whitespace.
    static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// The element text of a primitive value; nil for null (written as `m:null="true"`), complex and collection values.
    public static func format(_ value: EdmValue) -> String? {
        switch value {
        case .null, .complex, .collection, .stream: return nil
        case .dateTime(let dateTime): return dateTime.isoString
        case .dateTimeOffset(let dateTime): return dateTime.isoString
        default: return EdmJSONForm.format(value)?.text
        }
    }
}
