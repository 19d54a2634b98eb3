/// A payload that could not be decoded: what was expected, and where.
///
/// Thrown by the JSON and Atom decoders for malformed or unexpected input. The position is
/// the zero-based byte offset into the payload, with the one-based line and column
/// (counted in bytes) of that offset.
public struct ODataDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The wire format being decoded.
    public enum Format: String, Sendable, Hashable {
        /// OData v2 verbose JSON.
        case json = "JSON"
        /// Atom/XML.
        case atom = "Atom"
    }

    /// The wire format being decoded.
    public let format: Format
    /// Zero-based byte offset of the problem in the payload.
    public let offset: Int
    /// One-based line of the offset.
    public let line: Int
    /// One-based column (in bytes) of the offset.
    public let column: Int
    /// What went wrong, such as `expected ':' after an object key`.
    public let message: String
    /// The zero-based index of the entry in its feed where the problem is, when inside a feed.
    public var entityIndex: Int?
    /// The entry's key (its `__metadata.uri`, or its key properties read so far), when known.
    public var entityKey: String?
    /// The property whose value is wrong, when the problem is in one.
    public var property: String?

    /// Creates an error.
    public init(format: Format, offset: Int, line: Int, column: Int, message: String) {
        self.format = format
        self.offset = offset
        self.line = line
        self.column = column
        self.message = message
    }

    /// An error at `offset` in `bytes`, with line and column computed from the bytes.
    init(format: Format, offset: Int, in bytes: UnsafeRawBufferPointer, message: String) {
        var line = 1
        var lineStart = 0
        let limit = min(max(offset, 0), bytes.count)
        var index = 0
        while index < limit {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        self.init(format: format, offset: offset, line: line, column: limit - lineStart + 1, message: message)
    }

    /// Where in the data the problem is: entity index and key, property (empty when unknown).
    public var context: String {
        var parts: [String] = []
        if let entityIndex { parts.append("entity \(entityIndex)") }
        if let entityKey { parts.append("key \(entityKey.prefix(200))") }
        if let property { parts.append("property \(property)") }
        return parts.joined(separator: ", ")
    }

    /// A readable description.
    public var description: String {
        let context = self.context
        return "\(format.rawValue) decoding error at line \(line), column \(column) (byte \(offset))"
            + (context.isEmpty ? "" : " in \(context)") + ": \(message)"
    }
}

extension ODataDecodingError: ODataErrorConvertible {
    /// `.decoding` at this error's byte offset.
    var odataError: ODataError { ODataError(.decoding, description, underlyingError: self, position: offset) }
}

extension ODataError {
    /// The decoder's error (position, entity, property), for `.decoding`.
    public var decodingError: ODataDecodingError? { underlyingError as? ODataDecodingError }
}
