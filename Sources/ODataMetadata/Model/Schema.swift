/// A `Using` element of a schema.
public struct SchemaUsing: Sendable, Hashable {
    /// The namespace used.
    public var namespace: String
    /// Its alias.
    public var alias: String?

    /// Creates a `SchemaUsing` from its parts.
    public init(namespace: String, alias: String?) {
        self.namespace = namespace
        self.alias = alias
    }
}

/// An `edmx:Reference` with its includes. References are kept, never fetched: documents they name are
/// supplied through `ParseOptions.referencedDocuments`.
public struct SchemaReference: Sendable, Hashable {
    /// `Uri`.
    public var uri: String
    /// `edmx:Include` elements as `(namespace, alias)`.
    public var includes: [SchemaUsing]
    /// `edmx:IncludeAnnotations` elements.
    public var includeAnnotations: [IncludeAnnotations]
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates a `SchemaReference` from its parts.
    public init(
        uri: String, includes: [SchemaUsing], includeAnnotations: [IncludeAnnotations] = [],
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.uri = uri
        self.includes = includes
        self.includeAnnotations = includeAnnotations
        self.location = location
    }
}

/// A `Schema`.
public struct Schema: Sendable, Hashable {
    /// `Namespace`.
    public var namespace: String
    /// `Alias`.
    public var alias: String?
    /// The CSDL namespace URI the schema was written in.
    public var csdlNamespace: String
    /// `Using` elements.
    public var usings: [SchemaUsing]
    /// Entity types in document order.
    public var entityTypes: [EntityType]
    /// Complex types in document order.
    public var complexTypes: [ComplexType]
    /// Associations in document order (v2/v3).
    public var associations: [Association]
    /// Enum types in document order (v3, v4).
    public var enumTypes: [EnumType]
    /// Type definitions in document order (v4).
    public var typeDefinitions: [TypeDefinition]
    /// Actions and functions in document order (v4), overloads as separate values.
    public var operations: [Operation]
    /// Entity containers in document order.
    public var entityContainers: [EntityContainer]
    /// `Annotations` blocks.
    public var annotationBlocks: [AnnotationsBlock]
    /// Foreign elements such as `atom:link`.
    public var foreignElements: [ForeignElement]
    /// Foreign attributes of the `Schema` element.
    public var annotations: AnnotationSet

    /// Creates a `Schema` from its parts.
    public init(
        namespace: String, alias: String? = nil, csdlNamespace: String = XMLNamespaces.csdl[3],
        usings: [SchemaUsing] = [], entityTypes: [EntityType] = [], complexTypes: [ComplexType] = [],
        associations: [Association] = [], enumTypes: [EnumType] = [], typeDefinitions: [TypeDefinition] = [],
        operations: [Operation] = [], entityContainers: [EntityContainer] = [], annotationBlocks: [AnnotationsBlock] = [],
        foreignElements: [ForeignElement] = [],
        annotations: AnnotationSet = AnnotationSet()
    ) {
        self.namespace = namespace
        self.alias = alias
        self.csdlNamespace = csdlNamespace
        self.usings = usings
        self.entityTypes = entityTypes
        self.complexTypes = complexTypes
        self.associations = associations
        self.enumTypes = enumTypes
        self.typeDefinitions = typeDefinitions
        self.operations = operations
        self.entityContainers = entityContainers
        self.annotationBlocks = annotationBlocks
        self.foreignElements = foreignElements
        self.annotations = annotations
    }
}

extension Schema {
    /// The actions, in document order.
    public var actions: [Operation] { operations.filter { $0.kind == .action } }
    /// The functions, in document order.
    public var functions: [Operation] { operations.filter { $0.kind == .function } }
}
