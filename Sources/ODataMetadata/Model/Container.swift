/// An `EntitySet`.
public struct EntitySet: Sendable, Hashable {
    /// The name.
    public var name: String
    /// `EntityType`, qualified (aliases resolved).
    public var entityType: String
    /// Foreign attributes (`sap:creatable`, …).
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates a `EntitySet` from its parts.
    public init(
        name: String, entityType: String, annotations: AnnotationSet = AnnotationSet(),
        documentation: Documentation? = nil, location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.entityType = entityType
        self.annotations = annotations
        self.documentation = documentation
        self.location = location
    }
}

/// One end of an `AssociationSet`.
public struct AssociationSetEnd: Sendable, Hashable {
    /// `Role`.
    public var role: String
    /// `EntitySet`.
    public var entitySet: String

    /// Creates a `AssociationSetEnd` from its parts.
    public init(role: String, entitySet: String) {
        self.role = role
        self.entitySet = entitySet
    }
}

/// An `AssociationSet`.
public struct AssociationSet: Sendable, Hashable {
    /// The name.
    public var name: String
    /// `Association`, qualified (aliases resolved).
    public var association: String
    /// The ends.
    public var ends: [AssociationSetEnd]
    /// Foreign attributes.
    public var annotations: AnnotationSet

    /// Where the element starts.
    public var location: SourceLocation

    /// Creates an association set.
    public init(
        name: String, association: String, ends: [AssociationSetEnd], annotations: AnnotationSet = AnnotationSet(),
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.association = association
        self.ends = ends
        self.annotations = annotations
        self.location = location
    }
}

/// `Mode` of a function-import parameter.
public enum ParameterMode: String, Sendable, Hashable {
    /// `In`.
    case `in` = "In"
    /// `Out`.
    case out = "Out"
    /// `InOut`.
    case inOut = "InOut"
}

/// A function-import `Parameter`.
public struct FunctionImportParameter: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The type.
    public var type: TypeReference
    /// `Mode`, nil when absent.
    public var mode: ParameterMode?
    /// `Nullable`, `true` when absent.
    public var isNullable: Bool
    /// `MaxLength`.
    public var maxLength: MaxLength?
    /// `Precision`.
    public var precision: Int?
    /// `Scale`.
    public var scale: Int?
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates a `FunctionImportParameter` from its parts.
    public init(
        name: String, type: TypeReference, mode: ParameterMode? = nil, isNullable: Bool = true,
        maxLength: MaxLength? = nil, precision: Int? = nil, scale: Int? = nil, annotations: AnnotationSet = AnnotationSet(),
        location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.location = location
        self.name = name
        self.type = type
        self.mode = mode
        self.isNullable = isNullable
        self.maxLength = maxLength
        self.precision = precision
        self.scale = scale
        self.annotations = annotations
    }
}

/// A `FunctionImport`.
public struct FunctionImport: Sendable, Hashable {
    /// The name.
    public var name: String
    /// `ReturnType`, nil for none.
    public var returnType: TypeReference?
    /// `EntitySet` of an entity-returning import.
    public var entitySet: String?
    /// `m:HttpMethod`, uppercased; nil when absent (GET is then used).
    public var httpMethod: String?
    /// The parameters, in order.
    public var parameters: [FunctionImportParameter]
    /// Foreign attributes (`sap:action-for`, …).
    public var annotations: AnnotationSet
    /// The `Documentation` child.
    public var documentation: Documentation?
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates a `FunctionImport` from its parts.
    public init(
        name: String, returnType: TypeReference? = nil, entitySet: String? = nil, httpMethod: String? = nil,
        parameters: [FunctionImportParameter] = [], annotations: AnnotationSet = AnnotationSet(),
        documentation: Documentation? = nil, location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.returnType = returnType
        self.entitySet = entitySet
        self.httpMethod = httpMethod
        self.parameters = parameters
        self.annotations = annotations
        self.documentation = documentation
        self.location = location
    }
}

/// An `EntityContainer`.
public struct EntityContainer: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The namespace of the schema that declares it.
    public var namespace: String
    /// `m:IsDefaultEntityContainer`.
    public var isDefault: Bool
    /// `Extends`, if any.
    public var extends: String?
    /// The entity sets.
    public var entitySets: [EntitySet]
    /// The association sets.
    public var associationSets: [AssociationSet]
    /// The function imports.
    public var functionImports: [FunctionImport]
    /// Foreign attributes.
    public var annotations: AnnotationSet
    /// Where the element starts.
    public var location: SourceLocation

    /// Creates a `EntityContainer` from its parts.
    public init(
        name: String, namespace: String, isDefault: Bool = false, extends: String? = nil,
        entitySets: [EntitySet] = [], associationSets: [AssociationSet] = [], functionImports: [FunctionImport] = [],
        annotations: AnnotationSet = AnnotationSet(), location: SourceLocation = SourceLocation(line: 0, column: 0)
    ) {
        self.name = name
        self.namespace = namespace
        self.isDefault = isDefault
        self.extends = extends
        self.entitySets = entitySets
        self.associationSets = associationSets
        self.functionImports = functionImports
        self.annotations = annotations
        self.location = location
    }

    /// The entity set with this name.
    public func entitySet(named name: String) -> EntitySet? { entitySets.first { $0.name == name } }

    /// The function import with this name.
    public func functionImport(named name: String) -> FunctionImport? { functionImports.first { $0.name == name } }
}

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

/// An `edmx:Reference` with its includes.
public struct SchemaReference: Sendable, Hashable {
    /// `Uri`.
    public var uri: String
    /// `edmx:Include` elements as `(namespace, alias)`.
    public var includes: [SchemaUsing]

    /// Creates a `SchemaReference` from its parts.
    public init(uri: String, includes: [SchemaUsing]) {
        self.uri = uri
        self.includes = includes
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
    /// Associations in document order.
    public var associations: [Association]
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
        associations: [Association] = [], entityContainers: [EntityContainer] = [],
        annotationBlocks: [AnnotationsBlock] = [], foreignElements: [ForeignElement] = [],
        annotations: AnnotationSet = AnnotationSet()
    ) {
        self.namespace = namespace
        self.alias = alias
        self.csdlNamespace = csdlNamespace
        self.usings = usings
        self.entityTypes = entityTypes
        self.complexTypes = complexTypes
        self.associations = associations
        self.entityContainers = entityContainers
        self.annotationBlocks = annotationBlocks
        self.foreignElements = foreignElements
        self.annotations = annotations
    }
}
