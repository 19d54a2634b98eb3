/// How serious a diagnostic is.
public enum DiagnosticSeverity: String, Sendable, Hashable, Codable, Comparable {
    /// Informational: something unusual but harmless was kept or skipped.
    case note
    /// The document is not conformant; the model was still built.
    case warning
    /// The document is wrong in a way that loses information; in strict mode this fails the parse.
    case error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    /// Orders severities: note < warning < error.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// Something the parser noticed about a document: where, how bad, and what.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious it is.
    public var severity: DiagnosticSeverity
    /// A stable machine-readable code (`duplicate-name`, `unresolved-type`, …).
    public var code: String
    /// A readable message that names the element and the problem.
    public var message: String
    /// Where in the document.
    public var location: SourceLocation

    /// Creates a `Diagnostic` from its parts.
    public init(severity: DiagnosticSeverity, code: String, message: String, location: SourceLocation) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
    }

    /// `line:column: severity: message [code]`.
    public var description: String { "\(location): \(severity.rawValue): \(message) [\(code)]" }
}

/// Why a metadata document could not be read at all.
public struct MetadataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: String, Sendable, Hashable {
        /// The input is empty.
        case empty
        /// The input exceeds `ParseOptions.maximumInputSize`.
        case tooLarge
        /// The input is not well-formed XML.
        case malformedXML
        /// The document contains a DOCTYPE, which is refused.
        case doctypeRefused
        /// The document nests elements deeper than `ParseOptions.maximumDepth`.
        case tooDeep
        /// The root is not `edmx:Edmx` (or no `DataServices` was found).
        case notEDMX
        /// Strict mode turned a diagnostic into an error.
        case strictModeViolation
        /// A file could not be read.
        case io
        /// A metadata patch is malformed or its target is not in the document.
        case patchFailed
    }

    /// The kind of failure.
    public var kind: Kind
    /// A readable message that says what was wrong.
    public var message: String
    /// Where, when known.
    public var location: SourceLocation?
    /// The diagnostics gathered up to the failure.
    public var diagnostics: [Diagnostic]

    /// Creates a `Kind` from its parts.
    public init(kind: Kind, message: String, location: SourceLocation? = nil, diagnostics: [Diagnostic] = []) {
        self.kind = kind
        self.message = message
        self.location = location
        self.diagnostics = diagnostics
    }

    /// A readable form of the value.
    public var description: String {
        if let location { return "\(location): \(message)" }
        return message
    }
}
