/// Multiplicity of an association end.
public enum Multiplicity: String, Sendable, Hashable {
    /// `0..1`
    case zeroOrOne = "0..1"
    /// `1`
    case one = "1"
    /// `*`
    case many = "*"
}

/// A navigation property. In v2/v3 it names an association and its roles, and the resolver fills the target
/// type and multiplicity from the association; in v4 it has no association (`relationship`, `fromRole` and
/// `toRole` are empty) and the target type and multiplicity come from its own `Type` and `Nullable`
/// (`Collection(T)` is `*`, `Nullable="false"` is `1`, else `0..1`).
public struct NavigationProperty: Sendable, Hashable {
    /// Where the element starts (declared first, see `init`).
    public var location: SourceLocation
    /// The EDM name.
    public var name: String
    /// The association's qualified name (aliases resolved); empty in v4.
    public var relationship: String
    /// The role of the declaring type; empty in v4.
    public var fromRole: String
    /// The role of the target; empty in v4.
    public var toRole: String
    /// The target entity type's qualified name, nil when the association, role or type does not resolve.
    public var targetType: String?
    /// The multiplicity of the target end, nil when unresolved.
    public var multiplicity: Multiplicity?
    /// `Partner` (v4): the navigation property of the target type that leads back.
    public var partner: String?
    /// `ContainsTarget` (v4): the targets are contained in (addressed through) the source entity.
    public var containsTarget: Bool
    /// `OnDelete` (v4; in v2/v3 see `AssociationEnd.onDeleteCascade`).
    public var onDelete: OnDeleteAction?
    /// `ReferentialConstraint` children (v4; in v2/v3 see `Association.referentialConstraint`).
    public var referentialConstraints: [NavigationConstraint]
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?

    /// Whether the target end is `*`.
    public var isCollection: Bool { multiplicity == .many }
}

extension NavigationProperty {
    /// Creates a `NavigationProperty` from its parts.
    public init(
        name: String, relationship: String, fromRole: String, toRole: String,
        targetType: String? = nil, multiplicity: Multiplicity? = nil, partner: String? = nil,
        containsTarget: Bool = false, onDelete: OnDeleteAction? = nil, referentialConstraints: [NavigationConstraint] = [],
        annotations: AnnotationSet = AnnotationSet(), documentation: Documentation? = nil,
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        // Through the implicit memberwise initialiser (see `Property.init`), whose labels begin with `location`.
        self.init(
            location: location, name: name, relationship: relationship, fromRole: fromRole, toRole: toRole, targetType: targetType,
            multiplicity: multiplicity, partner: partner, containsTarget: containsTarget, onDelete: onDelete,
            referentialConstraints: referentialConstraints, annotations: annotations, documentation: documentation)
    }
}

/// An `EntityType`.
public struct EntityType: Sendable, Hashable {
    /// Where the element starts (declared first, see `init`).
    public var location: SourceLocation
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
    /// The key property names declared on this type (empty when inherited); in v4 a name may be a path
    /// through complex properties (`Address/City`), see `keyAliases`.
    public var declaredKey: [String]
    /// The aliases of key properties given as paths (v4 `PropertyRef Alias`).
    public var keyAliases: [KeyAlias]
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

    /// `Namespace.Name`.
    public var qualifiedName: String { "\(namespace).\(name)" }

    /// The property with this name, inherited ones included.
    public func property(named name: String) -> Property? { properties.first { $0.name == name } }

    /// The navigation property with this name, inherited ones included.
    public func navigationProperty(named name: String) -> NavigationProperty? {
        navigationProperties.first { $0.name == name }
    }
}

extension EntityType {
    /// Creates a `EntityType` from its parts.
    public init(
        name: String, namespace: String, baseType: String? = nil, isAbstract: Bool = false,
        hasStream: Bool = false, isOpenType: Bool = false, declaredKey: [String] = [], keyAliases: [KeyAlias] = [],
        declaredProperties: [Property] = [], declaredNavigationProperties: [NavigationProperty] = [],
        annotations: AnnotationSet = AnnotationSet(), documentation: Documentation? = nil,
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        // Through the implicit memberwise initialiser (see `Property.init`), whose labels begin with `location`.
        self.init(
            location: location, name: name, namespace: namespace, baseType: baseType, isAbstract: isAbstract, hasStream: hasStream,
            isOpenType: isOpenType, declaredKey: declaredKey, keyAliases: keyAliases, declaredProperties: declaredProperties,
            declaredNavigationProperties: declaredNavigationProperties, key: declaredKey, properties: declaredProperties,
            navigationProperties: declaredNavigationProperties, annotations: annotations, documentation: documentation)
    }
}

/// A `ComplexType`.
public struct ComplexType: Sendable, Hashable {
    /// Where the element starts (declared first, see `init`).
    public var location: SourceLocation
    /// The simple name.
    public var name: String
    /// The schema namespace.
    public var namespace: String
    /// `BaseType` (CSDL 3 and 4 documents), qualified.
    public var baseType: String?
    /// `Abstract` (v4).
    public var isAbstract: Bool
    /// `OpenType` (v4): instances may have dynamic properties.
    public var isOpenType: Bool
    /// The properties, in declaration order (inherited first once resolved).
    public var properties: [Property]
    /// The navigation properties (v4 complex types may have them), inherited first once resolved.
    public var navigationProperties: [NavigationProperty]
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?

    /// `Namespace.Name`.
    public var qualifiedName: String { "\(namespace).\(name)" }

    /// The property with this name.
    public func property(named name: String) -> Property? { properties.first { $0.name == name } }
}

extension ComplexType {
    /// Creates a `ComplexType` from its parts.
    public init(
        name: String, namespace: String, baseType: String? = nil, isAbstract: Bool = false, isOpenType: Bool = false,
        properties: [Property] = [], navigationProperties: [NavigationProperty] = [],
        annotations: AnnotationSet = AnnotationSet(), documentation: Documentation? = nil,
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        // Through the implicit memberwise initialiser (see `Property.init`), whose labels begin with `location`.
        self.init(
            location: location, name: name, namespace: namespace, baseType: baseType, isAbstract: isAbstract, isOpenType: isOpenType,
            properties: properties, navigationProperties: navigationProperties, annotations: annotations, documentation: documentation)
    }
}
