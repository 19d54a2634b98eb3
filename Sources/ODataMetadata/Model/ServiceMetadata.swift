import Synchronization

/// A whole `$metadata` document: the EDMX envelope and its schemas, with lookups.
public struct ServiceMetadata: Sendable, Hashable {
    /// `edmx:Edmx/@Version`.
    public var edmxVersion: String
    /// `m:DataServiceVersion` of `edmx:DataServices`.
    public var dataServiceVersion: String?
    /// `m:MaxDataServiceVersion`, if given.
    public var maxDataServiceVersion: String?
    /// The schemas in document order.
    public var schemas: [Schema] { didSet { lookups = Lookups() } }
    /// `edmx:Reference` elements.
    public var references: [SchemaReference] { didSet { lookups = Lookups() } }
    /// The schemas of referenced documents that were supplied (`ParseOptions.referencedDocuments`), which the
    /// lookups below also search; empty when none were given.
    public var referencedSchemas: [Schema] { didSet { lookups = Lookups() } }
    /// What the parser noticed, in document order.
    public var diagnostics: [Diagnostic]

    /// The lookups' index of the schemas as they are now: made by the first lookup, and dropped whenever the schemas or
    /// references change. (Built once in `init`, it went stale when a caller edited `schemas`, and a lookup then
    /// returned another type or trapped on an index past the end.)
    private var lookups = Lookups()

    /// The index of the names `entityType(named:)` and the other lookups find.
    private var index: Index { lookups.index { Index(schemas: schemas + referencedSchemas, references: references) } }

    /// Creates a `ServiceMetadata` from its parts.
    public init(
        edmxVersion: String = "1.0", dataServiceVersion: String? = nil, maxDataServiceVersion: String? = nil,
        schemas: [Schema], references: [SchemaReference] = [], referencedSchemas: [Schema] = [],
        diagnostics: [Diagnostic] = []
    ) {
        self.edmxVersion = edmxVersion
        self.dataServiceVersion = dataServiceVersion
        self.maxDataServiceVersion = maxDataServiceVersion
        self.schemas = schemas
        self.references = references
        self.referencedSchemas = referencedSchemas
        self.diagnostics = diagnostics
    }

    /// The protocol version the document is written for (`1.0` … `4.01`).
    public var version: ODataVersion { ODataVersion(edmxVersion: edmxVersion, dataServiceVersion: dataServiceVersion) }

    /// Compares the document content; the lookup index is derived and not compared.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.edmxVersion == rhs.edmxVersion && lhs.dataServiceVersion == rhs.dataServiceVersion
            && lhs.maxDataServiceVersion == rhs.maxDataServiceVersion && lhs.schemas == rhs.schemas
            && lhs.references == rhs.references && lhs.referencedSchemas == rhs.referencedSchemas
            && lhs.diagnostics == rhs.diagnostics
    }

    /// Hashes the schemas and diagnostics.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(schemas)
        hasher.combine(diagnostics)
    }

    // MARK: Lookups

    /// Rewrites `Alias.Name` to `Namespace.Name`; other names are returned unchanged.
    public func resolveAlias(_ name: String) -> String { Self.resolveAlias(name, in: index) }

    /// `resolveAlias(_:)` with an index already read (each read of `index` takes its lock and copies it).
    private static func resolveAlias(_ name: String, in index: Index) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        let prefix = String(name[..<dot])
        if let namespace = index.namespaceByAlias[prefix] { return namespace + name[dot...] }
        return name
    }

    /// The position filed under `name`, alias-qualified or not, in one table of the index, which is read once.
    private func path(of name: String, in table: KeyPath<Index, [String: Path]>) -> Path? {
        let index = self.index
        return index[keyPath: table][Self.resolveAlias(name, in: index)]
    }

    /// All entity types of all schemas, in document order.
    public var entityTypes: [EntityType] { schemas.flatMap(\.entityTypes) }
    /// All complex types of all schemas, in document order.
    public var complexTypes: [ComplexType] { schemas.flatMap(\.complexTypes) }
    /// All associations of all schemas, in document order.
    public var associations: [Association] { schemas.flatMap(\.associations) }
    /// All entity containers of all schemas, in document order.
    public var entityContainers: [EntityContainer] { schemas.flatMap(\.entityContainers) }

    /// The default container: the one marked `m:IsDefaultEntityContainer`, else the only one, else the first; with
    /// the entity sets, association sets, singletons and imports of the containers it extends (`Extends`) after its
    /// own, where their names are not taken.
    public var defaultContainer: EntityContainer? {
        (entityContainers.first(where: \.isDefault) ?? entityContainers.first).map(withExtendedChildren)
    }

    /// All enum types of all schemas, in document order.
    public var enumTypes: [EnumType] { schemas.flatMap(\.enumTypes) }
    /// All type definitions of all schemas, in document order.
    public var typeDefinitions: [TypeDefinition] { schemas.flatMap(\.typeDefinitions) }
    /// All actions and functions of all schemas, in document order.
    public var operations: [Operation] { schemas.flatMap(\.operations) }

    /// The schema at an index path: the document's own first, then the referenced ones.
    private func schema(_ path: Path) -> Schema {
        path.schema < schemas.count ? schemas[path.schema] : referencedSchemas[path.schema - schemas.count]
    }

    /// The entity type by qualified or alias-qualified name (referenced schemas included).
    public func entityType(named name: String) -> EntityType? {
        guard let path = path(of: name, in: \.entityTypes) else { return nil }
        return schema(path).entityTypes[path.item]
    }

    /// The complex type by qualified or alias-qualified name (referenced schemas included).
    public func complexType(named name: String) -> ComplexType? {
        guard let path = path(of: name, in: \.complexTypes) else { return nil }
        return schema(path).complexTypes[path.item]
    }

    /// The enum type by qualified or alias-qualified name (referenced schemas included).
    public func enumType(named name: String) -> EnumType? {
        guard let path = path(of: name, in: \.enumTypes) else { return nil }
        return schema(path).enumTypes[path.item]
    }

    /// The type definition by qualified or alias-qualified name (referenced schemas included).
    public func typeDefinition(named name: String) -> TypeDefinition? {
        guard let path = path(of: name, in: \.typeDefinitions) else { return nil }
        return schema(path).typeDefinitions[path.item]
    }

    /// Every overload of the action or function with this qualified or alias-qualified name, in document order.
    public func operations(named name: String) -> [Operation] {
        let index = self.index
        return (index.operations[Self.resolveAlias(name, in: index)] ?? []).map { schema($0).operations[$0.item] }
    }

    /// The association by qualified or alias-qualified name.
    public func association(named name: String) -> Association? {
        guard let path = path(of: name, in: \.associations) else { return nil }
        return schema(path).associations[path.item]
    }

    /// The entity container by simple or qualified name, with the children of the containers it extends (as
    /// `defaultContainer`).
    public func entityContainer(named name: String) -> EntityContainer? {
        let resolved = resolveAlias(name)
        return entityContainers.first { $0.name == resolved || $0.qualifiedName == resolved }.map(withExtendedChildren)
    }

    /// The entity set by name, in the default container unless `container` is given.
    public func entitySet(named name: String, in container: String? = nil) -> EntitySet? {
        let owner = container.flatMap { entityContainer(named: $0) } ?? defaultContainer
        return owner?.entitySet(named: name)
    }

    /// The entity set that a navigation property of entities in `entitySet` leads to, found through the
    /// association set that binds the navigation's relationship (v2/v3) or the set's navigation property
    /// binding (v4; a target in another container is named `Namespace.Container/Set`).
    public func targetEntitySet(from entitySet: EntitySet, navigationProperty name: String) -> EntitySet? {
        if let binding = entitySet.navigationPropertyBindings.first(where: { $0.path == name }) {
            guard let slash = binding.target.lastIndex(of: "/") else {
                return entityContainers.first { $0.entitySet(named: entitySet.name) != nil }?.entitySet(named: binding.target)
            }
            return entityContainer(named: String(binding.target[..<slash]))?.entitySet(named: String(binding.target[slash...].dropFirst()))
        }
        guard let type = entityType(named: entitySet.entityType),
            let navigation = type.navigationProperty(named: name)
        else { return nil }
        for container in entityContainers where container.entitySet(named: entitySet.name) != nil {
            let candidates = container.associationSets.filter { resolveAlias($0.association) == navigation.relationship }
            for associationSet in candidates {
                let from = associationSet.ends.first { $0.role == navigation.fromRole }
                let to = associationSet.ends.first { $0.role == navigation.toRole }
                // A self-association names the same set on both ends; otherwise the from-end must be ours.
                if let from, let to, from.entitySet == entitySet.name {
                    return container.entitySet(named: to.entitySet)
                }
            }
        }
        return nil
    }

    /// The index, made once by whichever lookup comes first (copies of the metadata share it until one of them changes).
    private final class Lookups: Sendable {
        private let built = Mutex<Index?>(nil)

        func index(_ make: () -> Index) -> Index {
            built.withLock { built in
                if let built { return built }
                let made = make()
                built = made
                return made
            }
        }
    }

    private struct Path: Sendable, Hashable {
        var schema: Int
        var item: Int
    }

    private struct Index: Sendable, Hashable {
        var entityTypes: [String: Path] = [:]
        var complexTypes: [String: Path] = [:]
        var associations: [String: Path] = [:]
        var enumTypes: [String: Path] = [:]
        var typeDefinitions: [String: Path] = [:]
        var operations: [String: [Path]] = [:]
        var namespaceByAlias: [String: String] = [:]

        init(schemas: [Schema], references: [SchemaReference]) {
            for reference in references {
                for include in reference.includes { if let alias = include.alias { namespaceByAlias[alias] = include.namespace } }
            }
            entityTypes.reserveCapacity(schemas.reduce(0) { $0 + $1.entityTypes.count })
            associations.reserveCapacity(schemas.reduce(0) { $0 + $1.associations.count })
            for (schemaIndex, schema) in schemas.enumerated() {
                if let alias = schema.alias { namespaceByAlias[alias] = schema.namespace }
                for using in schema.usings {
                    if let alias = using.alias { namespaceByAlias[alias] = using.namespace }
                }
                // The first declaration wins; duplicates are reported by the parser. By index, so that no type is copied.
                for i in schema.entityTypes.indices {
                    Self.file(schema.entityTypes[i].qualifiedName, Path(schema: schemaIndex, item: i), in: &entityTypes)
                }
                for i in schema.complexTypes.indices {
                    Self.file(schema.complexTypes[i].qualifiedName, Path(schema: schemaIndex, item: i), in: &complexTypes)
                }
                for i in schema.associations.indices {
                    Self.file(schema.associations[i].qualifiedName, Path(schema: schemaIndex, item: i), in: &associations)
                }
                for i in schema.enumTypes.indices {
                    Self.file(schema.enumTypes[i].qualifiedName, Path(schema: schemaIndex, item: i), in: &enumTypes)
                }
                for i in schema.typeDefinitions.indices {
                    Self.file(schema.typeDefinitions[i].qualifiedName, Path(schema: schemaIndex, item: i), in: &typeDefinitions)
                }
                for (i, operation) in schema.operations.enumerated() {
                    operations[operation.qualifiedName, default: []].append(Path(schema: schemaIndex, item: i))
                }
            }
        }

        /// Files `path` under `name` unless an earlier declaration has it: one hash of the name, and a second only
        /// to put the earlier path back.
        private static func file(_ name: String, _ path: Path, in index: inout [String: Path]) {
            if let earlier = index.updateValue(path, forKey: name) { index[name] = earlier }
        }
    }
}
