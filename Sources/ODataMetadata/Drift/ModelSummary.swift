/// The parts of a service model that a generated client depends on: the container's entity sets and
/// function imports and the structure of the types (keys, properties with type and nullability,
/// navigation targets), optionally with the Swift names generated for them. Generated code embeds its
/// summary as text; `MetadataDrift` compares it with the summary of the served document.
public struct ModelSummary: Sendable, Hashable {
    /// A structural property.
    public struct Property: Sendable, Hashable {
        /// The EDM name.
        public var name: String
        /// The CSDL type (`Edm.String`, `NS.Address`).
        public var type: String
        /// `Nullable`.
        public var isNullable: Bool
        /// The generated Swift name, empty when unknown.
        public var swiftName: String

        /// Creates a value from its parts.
        public init(name: String, type: String, isNullable: Bool, swiftName: String) {
            self.name = name
            self.type = type
            self.isNullable = isNullable
            self.swiftName = swiftName
        }
    }

    /// A navigation property.
    public struct Navigation: Sendable, Hashable {
        /// The EDM name.
        public var name: String
        /// The target entity type, empty when unresolved.
        public var target: String
        /// The generated Swift name, empty when unknown.
        public var swiftName: String

        /// Creates a value from its parts.
        public init(name: String, target: String, swiftName: String) {
            self.name = name
            self.target = target
            self.swiftName = swiftName
        }
    }

    /// An entity or complex type.
    public struct StructuredType: Sendable, Hashable {
        /// The qualified name.
        public var qualifiedName: String
        /// Whether it is a complex type.
        public var isComplex: Bool
        /// The key property names (entity types).
        public var key: [String]
        /// The properties, inherited first.
        public var properties: [Property]
        /// The navigation properties.
        public var navigations: [Navigation]
        /// The generated Swift name, empty when unknown.
        public var swiftName: String

        /// Creates a value from its parts.
        public init(
            qualifiedName: String, isComplex: Bool, key: [String], properties: [Property], navigations: [Navigation], swiftName: String
        ) {
            self.qualifiedName = qualifiedName
            self.isComplex = isComplex
            self.key = key
            self.properties = properties
            self.navigations = navigations
            self.swiftName = swiftName
        }
    }

    /// An entity set.
    public struct EntitySet: Sendable, Hashable {
        /// The set name.
        public var name: String
        /// The entity type's qualified name.
        public var entityType: String
        /// The generated fetch method, empty when unknown.
        public var swiftName: String

        /// Creates a value from its parts.
        public init(name: String, entityType: String, swiftName: String) {
            self.name = name
            self.entityType = entityType
            self.swiftName = swiftName
        }
    }

    /// A function-import parameter.
    public struct Parameter: Sendable, Hashable {
        /// The name.
        public var name: String
        /// The CSDL type.
        public var type: String
        /// `Nullable`.
        public var isNullable: Bool

        /// Creates a value from its parts.
        public init(name: String, type: String, isNullable: Bool) {
            self.name = name
            self.type = type
            self.isNullable = isNullable
        }
    }

    /// A function import.
    public struct Function: Sendable, Hashable {
        /// The name.
        public var name: String
        /// The HTTP method (GET when absent).
        public var httpMethod: String
        /// The CSDL return type, empty for none.
        public var returnType: String
        /// The parameters.
        public var parameters: [Parameter]
        /// The generated method, empty when unknown.
        public var swiftName: String

        /// Creates a value from its parts.
        public init(name: String, httpMethod: String, returnType: String, parameters: [Parameter], swiftName: String) {
            self.name = name
            self.httpMethod = httpMethod
            self.returnType = returnType
            self.parameters = parameters
            self.swiftName = swiftName
        }
    }

    /// The container's name.
    public var container: String
    /// The entity sets, in document order.
    public var entitySets: [EntitySet]
    /// The types, in document order (entity types first).
    public var types: [StructuredType]
    /// The function imports, in document order.
    public var functions: [Function]

    /// Creates a summary from its parts.
    public init(container: String, entitySets: [EntitySet], types: [StructuredType], functions: [Function]) {
        self.container = container
        self.entitySets = entitySets
        self.types = types
        self.functions = functions
    }

    /// The summary of a document's container (`container`, else the default one): all of its sets and
    /// function imports, and every entity and complex type of the document.
    public init(metadata: ServiceMetadata, container name: String? = nil) {
        let owner = name.flatMap { metadata.entityContainer(named: $0) } ?? metadata.defaultContainer
        container = owner?.name ?? ""
        entitySets = (owner?.entitySets ?? []).map { EntitySet(name: $0.name, entityType: $0.entityType, swiftName: "") }
        func properties(_ list: [ODataMetadata.Property]) -> [Property] {
            list.map { Property(name: $0.name, type: $0.type.csdlName, isNullable: $0.isNullable, swiftName: "") }
        }
        types =
            metadata.entityTypes.map { type in
                StructuredType(
                    qualifiedName: type.qualifiedName, isComplex: false, key: type.key, properties: properties(type.properties),
                    navigations: type.navigationProperties.map { Navigation(name: $0.name, target: $0.targetType ?? "", swiftName: "") },
                    swiftName: "")
            }
            + metadata.complexTypes.map { type in
                StructuredType(
                    qualifiedName: type.qualifiedName, isComplex: true, key: [], properties: properties(type.properties), navigations: [],
                    swiftName: "")
            }
        functions = (owner?.functionImports ?? []).map { function in
            Function(
                name: function.name, httpMethod: function.effectiveHTTPMethod.uppercased(),
                returnType: function.returnType?.csdlName ?? "",
                parameters: function.parameters.map { Parameter(name: $0.name, type: $0.type.csdlName, isNullable: $0.isNullable) },
                swiftName: "")
        }
    }

    /// The type with this qualified name.
    public func type(named name: String) -> StructuredType? { types.first { $0.qualifiedName == name } }
}
