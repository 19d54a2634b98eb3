/// A value that could not be parsed or converted: which type was expected, the offending text, and why.
///
/// Thrown by the URL-literal, JSON and Atom value parsers (`EdmLiteral`, `EdmJSONForm`, `EdmAtomForm`),
/// by `BigDecimal(parsing:)` and by checked decimal arithmetic. Never a crash: every malformed input ends here.
public struct ODataValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The type that was expected, nil when the literal's type could not be told.
    public let type: EdmType?
    /// The offending text (shortened to 120 characters).
    public let text: String
    /// What is wrong with it.
    public let reason: String

    /// Creates an error; `text` is shortened to 120 characters.
    public init(type: EdmType?, text: some StringProtocol, reason: String) {
        self.type = type
        self.text = text.count > 120 ? String(text.prefix(120)) + "…" : String(text)
        self.reason = reason
    }

    /// Creates an error from the raw bytes of the offending text.
    init(type: EdmType?, bytes: UnsafeRawBufferPointer, reason: String) {
        let shown = bytes.count > 120 ? UnsafeRawBufferPointer(rebasing: bytes[0..<120]) : bytes
        self.type = type
        self.text = String(decoding: shown, as: UTF8.self) + (bytes.count > 120 ? "…" : "")
        self.reason = reason
    }

    /// `invalid Edm.X value "text": reason`.
    public var description: String {
        "invalid \(type?.rawValue ?? "literal") value \"\(text)\": \(reason)"
    }
}

extension ODataValueError: ODataErrorConvertible {
    /// `.invalidValue`.
    var odataError: ODataError { ODataError(.invalidValue, description, underlyingError: self) }
}

extension ODataError {
    /// The value error, for `.invalidValue`.
    public var valueError: ODataValueError? { underlyingError as? ODataValueError }
}

/// Internal parse failure carrying only the reason; entry points add the type and text.
struct ValueSyntaxError: Error {
    /// Why the text is invalid.
    let reason: String

    init(_ reason: String) { self.reason = reason }
}

extension String {
    /// Runs `body` over the UTF-8 bytes of `self` (contiguous, without copying when possible).
    func withUTF8Bytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        var copy = self
        let result: Result<R, E> = copy.withUTF8 { buffer in
            do throws(E) {
                return .success(try body(UnsafeRawBufferPointer(buffer)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension Substring {
    /// Runs `body` over the UTF-8 bytes of `self`.
    func withUTF8Bytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        var copy = self
        let result: Result<R, E> = copy.withUTF8 { buffer in
            do throws(E) {
                return .success(try body(UnsafeRawBufferPointer(buffer)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
