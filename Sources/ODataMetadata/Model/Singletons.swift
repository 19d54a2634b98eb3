/// A `NavigationPropertyBinding` of an entity set or singleton (CSDL 4.0): which set the entities reached
/// through a navigation path live in.
public struct NavigationPropertyBinding: Sendable, Hashable {
    /// `Path`: a navigation property, possibly through complex properties or a type cast (`Address/Country`).
    public var path: String
    /// `Target`: an entity set or singleton of this container (`Customers`), or of another
    /// (`Namespace.Container/Customers`).
    public var target: String

    /// Creates a `NavigationPropertyBinding` from its parts.
    public init(path: String, target: String) {
        self.path = path
        self.target = target
    }
}

/// A `Singleton` of an entity container (CSDL 4.0): one entity addressed by name (`/Me`).
public struct Singleton: Sendable, Hashable {
    /// The name.
    public var name: String
    /// `Type`: the entity type's qualified name (aliases resolved).
    public var type: String
    /// Its navigation property bindings.
    public var navigationPropertyBindings: [NavigationPropertyBinding]
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates a `Singleton` from its parts.
    public init(
        name: String, type: String, navigationPropertyBindings: [NavigationPropertyBinding] = [],
        annotations: AnnotationSet = AnnotationSet(), documentation: Documentation? = nil,
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.type = type
        self.navigationPropertyBindings = navigationPropertyBindings
        self.annotations = annotations
        self.documentation = documentation
        self.location = location
    }
}

/// What happens to related entities when the source is deleted (`OnDelete Action=…`).
public enum OnDeleteAction: String, Sendable, Hashable {
    /// `Cascade`: they are deleted too.
    case cascade = "Cascade"
    /// `None`: nothing is done.
    case none = "None"
    /// `SetNull` (4.0): their dependent properties become null.
    case setNull = "SetNull"
    /// `SetDefault` (4.0): their dependent properties get their default values.
    case setDefault = "SetDefault"
}

/// A `ReferentialConstraint` of a v4 navigation property: a property of the declaring type that holds the
/// value of a property of the target.
public struct NavigationConstraint: Sendable, Hashable {
    /// `Property`: the dependent property (a path) on the declaring type.
    public var property: String
    /// `ReferencedProperty`: the principal property (a path) on the target type.
    public var referencedProperty: String

    /// Creates a `NavigationConstraint` from its parts.
    public init(property: String, referencedProperty: String) {
        self.property = property
        self.referencedProperty = referencedProperty
    }
}

/// A key property given an alias (CSDL 4.0 `PropertyRef Name="Address/City" Alias="City"`).
public struct KeyAlias: Sendable, Hashable {
    /// The path to the key property, through complex properties.
    public var path: String
    /// The alias the key is known by in key predicates.
    public var alias: String

    /// Creates a `KeyAlias` from its parts.
    public init(path: String, alias: String) {
        self.path = path
        self.alias = alias
    }
}

/// An `edmx:IncludeAnnotations` of a reference: annotations of a vocabulary applied from the referenced document.
public struct IncludeAnnotations: Sendable, Hashable {
    /// `TermNamespace`.
    public var termNamespace: String
    /// `Qualifier`, if any.
    public var qualifier: String?
    /// `TargetNamespace`, if any.
    public var targetNamespace: String?

    /// Creates an `IncludeAnnotations` from its parts.
    public init(termNamespace: String, qualifier: String? = nil, targetNamespace: String? = nil) {
        self.termNamespace = termNamespace
        self.qualifier = qualifier
        self.targetNamespace = targetNamespace
    }
}
