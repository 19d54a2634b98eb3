import Foundation

/// The one place where the codecs turn wire text into `EdmValue`s and back.
///
/// The JSON and Atom codecs call only these functions; the conversions themselves
/// live with the Edm value types. A failure returns the reason, and the codec adds the position.
enum WireValueAdapter {
    /// A value from a JSON string token (`"12.50"`, `"/Date(…)/"`, `"PT10H"`, base64, a GUID…).
    static func fromJSONString(_ span: ByteSpan, as type: EdmType) -> Result<EdmValue, WireValueFailure> {
        InterimWireValues.parse(span, as: type, json: true)
    }

    /// A value from a JSON number token.
    static func fromJSONNumber(_ span: ByteSpan, as type: EdmType) -> Result<EdmValue, WireValueFailure> {
        InterimWireValues.parse(span, as: type, json: true)
    }

    /// A value from Atom element text.
    static func fromAtomText(_ span: ByteSpan, as type: EdmType) -> Result<EdmValue, WireValueFailure> {
        InterimWireValues.parse(span, as: type, json: false)
    }

    /// The JSON text of a primitive value, including quotes where the JSON form is a string.
    /// Strings are not handled here (the writer escapes them).
    static func jsonText(_ value: EdmValue) -> String {
        InterimWireValues.jsonText(value)
    }

    /// The Atom element text of a primitive value (before XML escaping).
    static func atomText(_ value: EdmValue) -> String {
        InterimWireValues.atomText(value)
    }
}

/// Why a wire value could not be converted.
struct WireValueFailure: Error {
    /// The reason, such as `invalid Edm.Int32 value "x"`.
    let message: String
}
