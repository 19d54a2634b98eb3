/// A `MaxLength` facet.
public enum MaxLength: Sendable, Hashable {
    /// A fixed maximum number of characters or bytes.
    case value(Int)
    /// `MaxLength="Max"`.
    case max
}

/// `ConcurrencyMode`.
public enum ConcurrencyMode: String, Sendable, Hashable {
    /// The property takes no part in optimistic concurrency (the default).
    case none = "None"
    /// The property's value is part of the entity's ETag.
    case fixed = "Fixed"
}

/// A position in a source document, 1-based.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The line, starting at 1 (0 when unknown).
    public var line: Int
    /// The column, starting at 1 (0 when unknown).
    public var column: Int

    /// Creates a `SourceLocation` from its parts.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// A readable form of the value.
    public var description: String { "\(line):\(column)" }
}

/// A structural property of an entity or complex type.
public struct Property: Sendable, Hashable {
    /// The EDM name.
    public var name: String
    /// The declared type.
    public var type: TypeReference
    /// `Nullable`, `true` when absent.
    public var isNullable: Bool
    /// `MaxLength`.
    public var maxLength: MaxLength?
    /// `FixedLength`.
    public var isFixedLength: Bool?
    /// `Precision`.
    public var precision: Int?
    /// `Scale` when it is a number.
    public var scale: Int?
    /// `Scale="variable"` or `Scale="floating"` (v4).
    public var variableScale: VariableScale?
    /// `SRID` as written (spatial types, v3 and v4).
    public var srid: String?
    /// `Unicode`.
    public var isUnicode: Bool?
    /// `DefaultValue` as written.
    public var defaultValue: String?
    /// `ConcurrencyMode`.
    public var concurrencyMode: ConcurrencyMode
    /// SAP, `m:FC_*` and other foreign attributes.
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?
    /// Where the element starts.
    public var location: SourceLocation
}

extension Property {
    /// Creates a `Property` from its parts.
    public init(
        name: String, type: TypeReference, isNullable: Bool = true, maxLength: MaxLength? = nil,
        isFixedLength: Bool? = nil, precision: Int? = nil, scale: Int? = nil, variableScale: VariableScale? = nil,
        isUnicode: Bool? = nil, srid: String? = nil, defaultValue: String? = nil, concurrencyMode: ConcurrencyMode = .none,
        annotations: AnnotationSet = AnnotationSet(), documentation: Documentation? = nil,
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        // Through the implicit memberwise initialiser (the stored properties' order, `srid` before `isUnicode`): an
        // initialiser that assigns each property builds the value in a local and returns a copy of it, the local
        // then destroyed, which the optimiser does not remove (Swift 6.3): ≈ 310 instructions per property parsed.
        self.init(
            name: name, type: type, isNullable: isNullable, maxLength: maxLength, isFixedLength: isFixedLength,
            precision: precision, scale: scale, variableScale: variableScale, srid: srid, isUnicode: isUnicode,
            defaultValue: defaultValue, concurrencyMode: concurrencyMode, annotations: annotations,
            documentation: documentation, location: location)
    }
}
