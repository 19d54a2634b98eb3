/// A member of an `EnumType`.
public struct EnumMember: Sendable, Hashable {
    /// The name.
    public var name: String
    /// `Value`, or the implicit value (the previous member's plus one, starting at 0) when absent.
    public var value: Int64
    /// Whether `Value` was written (false when the value is implicit).
    public var hasExplicitValue: Bool
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates an `EnumMember` from its parts.
    public init(
        name: String, value: Int64, hasExplicitValue: Bool = true, annotations: AnnotationSet = AnnotationSet(),
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.value = value
        self.hasExplicitValue = hasExplicitValue
        self.annotations = annotations
        self.location = location
    }
}

/// An `EnumType` (CSDL 3.0 and 4.0).
public struct EnumType: Sendable, Hashable {
    /// The simple name.
    public var name: String
    /// The schema namespace.
    public var namespace: String
    /// `UnderlyingType`: `Edm.Byte`, `Edm.SByte`, `Edm.Int16`, `Edm.Int32` (the default) or `Edm.Int64`.
    public var underlyingType: EDMPrimitiveType
    /// `IsFlags`: members are bit values that may be combined.
    public var isFlags: Bool
    /// The members, in declaration order.
    public var members: [EnumMember]
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates an `EnumType` from its parts.
    public init(
        name: String, namespace: String, underlyingType: EDMPrimitiveType = .int32, isFlags: Bool = false,
        members: [EnumMember] = [], annotations: AnnotationSet = AnnotationSet(), documentation: Documentation? = nil,
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.namespace = namespace
        self.underlyingType = underlyingType
        self.isFlags = isFlags
        self.members = members
        self.annotations = annotations
        self.documentation = documentation
        self.location = location
    }

    /// `Namespace.Name`.
    public var qualifiedName: String { "\(namespace).\(name)" }

    /// The member with this name.
    public func member(named name: String) -> EnumMember? { members.first { $0.name == name } }

    /// The primitive types CSDL allows as `UnderlyingType`.
    public static let allowedUnderlyingTypes: [EDMPrimitiveType] = [.byte, .sByte, .int16, .int32, .int64]
}

/// A `TypeDefinition` (CSDL 4.0): a named primitive type with facets, used like its underlying type.
public struct TypeDefinition: Sendable, Hashable {
    /// The simple name.
    public var name: String
    /// The schema namespace.
    public var namespace: String
    /// `UnderlyingType`: a primitive type (never another type definition).
    public var underlyingType: EDMPrimitiveType
    /// `MaxLength`.
    public var maxLength: MaxLength?
    /// `Precision`.
    public var precision: Int?
    /// `Scale` when it is a number.
    public var scale: Int?
    /// `Scale="variable"` or `Scale="floating"`.
    public var variableScale: VariableScale?
    /// `Unicode`.
    public var isUnicode: Bool?
    /// `SRID` as written (spatial types).
    public var srid: String?
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates a `TypeDefinition` from its parts.
    public init(
        name: String, namespace: String, underlyingType: EDMPrimitiveType, maxLength: MaxLength? = nil,
        precision: Int? = nil, scale: Int? = nil, variableScale: VariableScale? = nil, isUnicode: Bool? = nil,
        srid: String? = nil, annotations: AnnotationSet = AnnotationSet(),
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.namespace = namespace
        self.underlyingType = underlyingType
        self.maxLength = maxLength
        self.precision = precision
        self.scale = scale
        self.variableScale = variableScale
        self.isUnicode = isUnicode
        self.srid = srid
        self.annotations = annotations
        self.location = location
    }

    /// `Namespace.Name`.
    public var qualifiedName: String { "\(namespace).\(name)" }
}

/// A `Scale` that is not a number (CSDL 4.0 `variable`, CSDL 4.01 `floating`).
public enum VariableScale: String, Sendable, Hashable {
    /// `Scale="variable"`: any number of decimal places up to the precision.
    case variable
    /// `Scale="floating"` (4.01): a decimal floating-point number with `Precision` significant digits.
    case floating
}
