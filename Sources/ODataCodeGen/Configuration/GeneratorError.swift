import ODataMetadata

/// Why generation could not run: a bad configuration, a missing container, an unreadable file.
public struct GeneratorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, naming the input and the place.
    public var message: String

    /// Creates an error.
    public init(message: String) { self.message = message }

    /// A readable description.
    public var description: String { message }
}

/// Something the generator noticed and worked around (a skipped property, a renamed clash).
public struct GeneratorDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious it is.
    public var severity: DiagnosticSeverity
    /// What happened.
    public var message: String
    /// Where in the metadata document, when known.
    public var location: SourceLocation?

    /// Creates a diagnostic.
    public init(severity: DiagnosticSeverity, message: String, location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `line:column: severity: message`.
    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(severity.rawValue): \(message)"
    }
}
