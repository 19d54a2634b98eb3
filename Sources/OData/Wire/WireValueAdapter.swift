import Foundation

/// The one place where the codecs turn wire text into `EdmValue`s and back, through the
/// shared value forms (`EdmJSONForm`, `EdmAtomForm`), after allocation-free fast paths for the
/// canonical shapes (`WireFastPaths`). A failure returns the reason; the codec adds the position.
enum WireValueAdapter {
    /// A value from the content of a JSON string token (`12.50`, `/Date(…)/`, `PT10H`, base64, a GUID…).
    @inline(__always)
    static func fromJSONString(_ span: ByteSpan, as type: EdmType) throws(WireValueFailure) -> EdmValue {
        if let value = WireFastPaths.value(span, as: type, json: true) { return value }
        do {
            return try EdmJSONForm.parse(UnsafeRawBufferPointer(start: span.start, count: span.count), as: type)
        } catch {
            throw WireValueFailure(message: error.description)
        }
    }

    /// A value from a JSON number token.
    @inline(__always)
    static func fromJSONNumber(_ span: ByteSpan, as type: EdmType) throws(WireValueFailure) -> EdmValue {
        try fromJSONString(span, as: type)
    }

    /// A value from Atom element text.
    @inline(__always)
    static func fromAtomText(_ span: ByteSpan, as type: EdmType) throws(WireValueFailure) -> EdmValue {
        if let value = WireFastPaths.value(span, as: type, json: false) { return value }
        do {
            return try EdmAtomForm.parse(UnsafeRawBufferPointer(start: span.start, count: span.count), as: type)
        } catch {
            throw WireValueFailure(message: error.description)
        }
    }

    /// A non-negative count (`__count`, `m:count`) from its text.
    static func count(_ span: ByteSpan) -> Int? {
        guard case .int64(let value)? = try? fromJSONString(span, as: .int64), value >= 0 else { return nil }
        return Int(exactly: value)
    }

    /// The JSON form of a primitive: its text and whether it is written as a JSON string.
    static func jsonText(_ value: EdmValue) -> EdmJSONText? {
        EdmJSONForm.format(value)
    }

    /// The Atom element text of a primitive value (before XML escaping); nil for null.
    static func atomText(_ value: EdmValue) -> String? {
        EdmAtomForm.format(value)
    }
}

/// Why a wire value could not be converted.
struct WireValueFailure: Error {
    /// The reason, such as `invalid Edm.Int32 value "x": …`.
    let message: String
}
