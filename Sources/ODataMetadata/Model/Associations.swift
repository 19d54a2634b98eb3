/// One end of an `Association`.
public struct AssociationEnd: Sendable, Hashable {
    /// `Role`.
    public var role: String
    /// `Type`, qualified (aliases resolved).
    public var type: String
    /// `Multiplicity`.
    public var multiplicity: Multiplicity
    /// `OnDelete Action="Cascade"` when present.
    public var onDeleteCascade: Bool

    /// Creates a `AssociationEnd` from its parts.
    public init(role: String, type: String, multiplicity: Multiplicity, onDeleteCascade: Bool = false) {
        self.role = role
        self.type = type
        self.multiplicity = multiplicity
        self.onDeleteCascade = onDeleteCascade
    }
}

/// A `ReferentialConstraint`.
public struct ReferentialConstraint: Sendable, Hashable {
    /// The principal role and its property names.
    public var principalRole: String
    /// The principal property names, in order.
    public var principalProperties: [String]
    /// The dependent role.
    public var dependentRole: String
    /// The dependent property names, in order.
    public var dependentProperties: [String]

    /// Creates a `ReferentialConstraint` from its parts.
    public init(principalRole: String, principalProperties: [String], dependentRole: String, dependentProperties: [String]) {
        self.principalRole = principalRole
        self.principalProperties = principalProperties
        self.dependentRole = dependentRole
        self.dependentProperties = dependentProperties
    }
}

/// An `Association`.
public struct Association: Sendable, Hashable {
    /// Where the element starts (declared first, see `init`).
    public var location: SourceLocation
    /// The simple name.
    public var name: String
    /// The schema namespace.
    public var namespace: String
    /// The ends (normally two).
    public var ends: [AssociationEnd]
    /// The referential constraint, if any.
    public var referentialConstraint: ReferentialConstraint?
    /// Foreign attributes.
    public var annotations: AnnotationSet

    /// `Namespace.Name`.
    public var qualifiedName: String { "\(namespace).\(name)" }

    /// The end with this role.
    public func end(role: String) -> AssociationEnd? { ends.first { $0.role == role } }
}

extension Association {
    /// Creates a `Association` from its parts.
    public init(
        name: String, namespace: String, ends: [AssociationEnd], referentialConstraint: ReferentialConstraint? = nil,
        annotations: AnnotationSet = AnnotationSet(), location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        // Through the implicit memberwise initialiser (see `Property.init`), whose labels begin with `location`.
        self.init(
            location: location, name: name, namespace: namespace, ends: ends, referentialConstraint: referentialConstraint,
            annotations: annotations)
    }
}
