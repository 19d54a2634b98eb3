/// Multiplicity of an association end.
public enum Multiplicity: String, Sendable, Hashable {
    /// `0..1`
    case zeroOrOne = "0..1"
    /// `1`
    case one = "1"
    /// `*`
    case many = "*"
}

/// A navigation property, resolved across its association.
public struct NavigationProperty: Sendable, Hashable {
    /// The EDM name.
    public var name: String
    /// The association's qualified name (aliases resolved).
    public var relationship: String
    /// The role of the declaring type.
    public var fromRole: String
    /// The role of the target.
    public var toRole: String
    /// The target entity type's qualified name, nil when the association or role does not resolve.
    public var targetType: String?
    /// The multiplicity of the target end, nil when unresolved.
    public var multiplicity: Multiplicity?
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates a `NavigationProperty` from its parts.
    public init(
        name: String, relationship: String, fromRole: String, toRole: String,
        targetType: String? = nil, multiplicity: Multiplicity? = nil,
        annotations: AnnotationSet = AnnotationSet(), documentation: Documentation? = nil,
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.relationship = relationship
        self.fromRole = fromRole
        self.toRole = toRole
        self.targetType = targetType
        self.multiplicity = multiplicity
        self.annotations = annotations
        self.documentation = documentation
        self.location = location
    }

    /// Whether the target end is `*`.
    public var isCollection: Bool { multiplicity == .many }
}

/// An `EntityType`.
public struct EntityType: Sendable, Hashable {
    /// The simple name.
    public var name: String
    /// The schema namespace.
    public var namespace: String
    /// `BaseType`, qualified (aliases resolved).
    public var baseType: String?
    /// `Abstract`.
    public var isAbstract: Bool
    /// `m:HasStream`: a media-link entry.
    public var hasStream: Bool
    /// `OpenType`.
    public var isOpenType: Bool
    /// The key property names declared on this type (empty when inherited).
    public var declaredKey: [String]
    /// The properties declared on this type.
    public var declaredProperties: [Property]
    /// The navigation properties declared on this type.
    public var declaredNavigationProperties: [NavigationProperty]
    /// The key including the inherited one (filled by the resolver).
    public var key: [String]
    /// All properties, inherited first, in declaration order (filled by the resolver).
    public var properties: [Property]
    /// All navigation properties, inherited first (filled by the resolver).
    public var navigationProperties: [NavigationProperty]
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates a `EntityType` from its parts.
    public init(
        name: String, namespace: String, baseType: String? = nil, isAbstract: Bool = false,
        hasStream: Bool = false, isOpenType: Bool = false, declaredKey: [String] = [],
        declaredProperties: [Property] = [], declaredNavigationProperties: [NavigationProperty] = [],
        annotations: AnnotationSet = AnnotationSet(), documentation: Documentation? = nil,
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.namespace = namespace
        self.baseType = baseType
        self.isAbstract = isAbstract
        self.hasStream = hasStream
        self.isOpenType = isOpenType
        self.declaredKey = declaredKey
        self.declaredProperties = declaredProperties
        self.declaredNavigationProperties = declaredNavigationProperties
        self.key = declaredKey
        self.properties = declaredProperties
        self.navigationProperties = declaredNavigationProperties
        self.annotations = annotations
        self.documentation = documentation
        self.location = location
    }

    /// `Namespace.Name`.
    public var qualifiedName: String { "\(namespace).\(name)" }

    /// The property with this name, inherited ones included.
    public func property(named name: String) -> Property? { properties.first { $0.name == name } }

    /// The navigation property with this name, inherited ones included.
    public func navigationProperty(named name: String) -> NavigationProperty? {
        navigationProperties.first { $0.name == name }
    }
}

/// A `ComplexType`.
public struct ComplexType: Sendable, Hashable {
    /// The simple name.
    public var name: String
    /// The schema namespace.
    public var namespace: String
    /// `BaseType` (CSDL 3 documents), qualified.
    public var baseType: String?
    /// The properties, in declaration order (inherited first once resolved).
    public var properties: [Property]
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates a `ComplexType` from its parts.
    public init(
        name: String, namespace: String, baseType: String? = nil, properties: [Property] = [],
        annotations: AnnotationSet = AnnotationSet(), documentation: Documentation? = nil,
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.namespace = namespace
        self.baseType = baseType
        self.properties = properties
        self.annotations = annotations
        self.documentation = documentation
        self.location = location
    }

    /// `Namespace.Name`.
    public var qualifiedName: String { "\(namespace).\(name)" }

    /// The property with this name.
    public func property(named name: String) -> Property? { properties.first { $0.name == name } }
}
