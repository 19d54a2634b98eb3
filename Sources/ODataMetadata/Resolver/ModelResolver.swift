/// Resolves the raw model read from the document: aliases become namespaces in every type name,
/// type references are classified, `BaseType` inheritance is applied, navigation properties get
/// their target type and multiplicity, and every dangling reference or duplicate is reported.
struct ModelResolver {
    var schemas: [Schema]
    var diagnostics: [Diagnostic]
    /// Alias → namespace, from schemas, `Using` and `edmx:Include`.
    var namespaceByAlias: [String: String] = [:]
    var entityTypeIndex: [String: (schema: Int, item: Int)] = [:]
    var complexTypeIndex: [String: (schema: Int, item: Int)] = [:]
    var associationIndex: [String: (schema: Int, item: Int)] = [:]
    var enumTypeIndex: [String: (schema: Int, item: Int)] = [:]
    var typeDefinitionIndex: [String: (schema: Int, item: Int)] = [:]
    /// Qualified names of the actions and functions (overloads share one).
    var operationNames: Set<String> = []
    /// The schemas of supplied referenced documents: their types resolve, they are not resolved themselves.
    let referencedSchemas: [Schema]
    /// Qualified type names of the referenced schemas, with their kind.
    var referencedTypes: [String: TypeReference] = [:]
    /// Namespaces that `edmx:Include` brings in, with the reference's URI.
    var includedNamespaces: [String: String] = [:]
    /// The document's protocol version.
    let version: ODataVersion
    /// How many BaseType levels a type may inherit through (real services use a handful).
    static let maximumInheritanceDepth = 64
    /// How many members inheritance may still copy: the larger of 1,000,000 and 16 times the declared members.
    var inheritedMemberBudget = 0

    init(
        schemas: [Schema], references: [SchemaReference], referencedSchemas: [Schema] = [], version: ODataVersion = .v2,
        diagnostics: [Diagnostic]
    ) {
        self.schemas = schemas
        self.diagnostics = diagnostics
        self.referencedSchemas = referencedSchemas
        self.version = version
        for reference in references {
            for include in reference.includes {
                if let alias = include.alias { namespaceByAlias[alias] = include.namespace }
                includedNamespaces[include.namespace] = reference.uri
            }
        }
        for schema in referencedSchemas {
            for type in schema.entityTypes { referencedTypes[type.qualifiedName] = .entity(qualifiedName: type.qualifiedName) }
            for type in schema.complexTypes { referencedTypes[type.qualifiedName] = .complex(qualifiedName: type.qualifiedName) }
            for type in schema.enumTypes { referencedTypes[type.qualifiedName] = .enumeration(qualifiedName: type.qualifiedName) }
            for type in schema.typeDefinitions {
                referencedTypes[type.qualifiedName] = .typeDefinition(qualifiedName: type.qualifiedName)
            }
            for operation in schema.operations { operationNames.insert(operation.qualifiedName) }
        }
        for schema in schemas {
            for using in schema.usings { if let alias = using.alias { namespaceByAlias[alias] = using.namespace } }
        }
        for schema in schemas { if let alias = schema.alias { namespaceByAlias[alias] = schema.namespace } }
        var declared = 0
        for schema in schemas {
            for type in schema.entityTypes { declared += type.declaredProperties.count + type.declaredNavigationProperties.count }
            for type in schema.complexTypes { declared += type.properties.count }
        }
        inheritedMemberBudget = max(1_000_000, declared.multipliedReportingOverflow(by: 16).partialValue)
    }

    /// Runs every resolution step and sorts the diagnostics into document order.
    mutating func resolve() {
        buildIndexes()
        resolveEnumsAndOperations()
        resolveComplexTypes()
        resolveAssociations()
        resolveDeclaredMembers()
        applyEntityInheritance()
        checkPartners()
        checkReferentialConstraintProperties()
        checkEntityTypes()
        resolveContainers()
        resolveAnnotationTargets()
        diagnostics = diagnostics.enumerated().sorted { lhs, rhs in
            let (l, r) = (lhs.element.location, rhs.element.location)
            if l.line != r.line { return l.line < r.line }
            if l.column != r.column { return l.column < r.column }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    mutating func report(_ severity: DiagnosticSeverity, _ code: String, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(severity: severity, code: code, message: message, location: location))
    }

    /// Rewrites `Alias.Name` to `Namespace.Name`.
    func qualify(_ name: String) -> String { aliasResolved(name) ?? name }

    /// `Namespace.Name` for `Alias.Name`, nil when `name` does not start with an alias (so that callers leave
    /// the model untouched). Works on UTF-8 bytes and compares against the few aliases directly: this runs for
    /// every type name.
    func aliasResolved(_ name: String) -> String? {
        guard !namespaceByAlias.isEmpty else { return nil }
        guard let prefixLength = name.lastUTF8Offset(of: UInt8(ascii: ".")) else { return nil }
        let utf8 = name.utf8
        for (alias, namespace) in namespaceByAlias where alias.utf8.count == prefixLength && utf8.starts(with: alias.utf8) {
            return namespace + name[utf8.index(utf8.startIndex, offsetBy: prefixLength)...]
        }
        return nil
    }

    /// Indexes types and associations by qualified name and reports duplicates. Names are resolved per
    /// kind, as the grammar says which kind an attribute names (`Type` an entity or complex type,
    /// `Relationship` and `AssociationSet@Association` an association): an association that shares its
    /// qualified name with a type is kept (a note), and a duplicate within a kind is an error.
    private mutating func buildIndexes() {
        var typeCount = 0
        var associationCount = 0
        for schema in schemas {
            typeCount += schema.entityTypes.count + schema.complexTypes.count + schema.enumTypes.count + schema.typeDefinitions.count
            associationCount += schema.associations.count
        }
        var seenTypes: [String: String] = [:]
        var seenAssociations: [String: String] = [:]
        seenTypes.reserveCapacity(typeCount)
        seenAssociations.reserveCapacity(associationCount)
        associationIndex.reserveCapacity(associationCount)
        // One hash of the name per claim: the kind is filed, and put back in the rare case that it was taken.
        func claim(
            _ qualified: String, _ kind: String, _ location: SourceLocation, in seen: inout [String: String],
            _ resolver: inout ModelResolver
        ) -> Bool {
            guard let earlier = seen.updateValue(kind, forKey: qualified) else { return true }
            seen[qualified] = earlier
            resolver.report(
                .error, "duplicate-name", "\(kind) \(qualified) is declared again (first as \(earlier)); the first declaration is used",
                at: location)
            return false
        }
        // By index, so that no type is copied; each qualified name is built once.
        for s in schemas.indices {
            entityTypeIndex.reserveCapacity(entityTypeIndex.count + schemas[s].entityTypes.count)
            for i in schemas[s].entityTypes.indices {
                let qualified = schemas[s].entityTypes[i].qualifiedName
                if claim(qualified, "EntityType", schemas[s].entityTypes[i].location, in: &seenTypes, &self) {
                    entityTypeIndex[qualified] = (s, i)
                }
            }
            for i in schemas[s].complexTypes.indices {
                let qualified = schemas[s].complexTypes[i].qualifiedName
                if claim(qualified, "ComplexType", schemas[s].complexTypes[i].location, in: &seenTypes, &self) {
                    complexTypeIndex[qualified] = (s, i)
                }
            }
            for i in schemas[s].enumTypes.indices {
                let qualified = schemas[s].enumTypes[i].qualifiedName
                if claim(qualified, "EnumType", schemas[s].enumTypes[i].location, in: &seenTypes, &self) {
                    enumTypeIndex[qualified] = (s, i)
                }
            }
            for i in schemas[s].typeDefinitions.indices {
                let qualified = schemas[s].typeDefinitions[i].qualifiedName
                if claim(qualified, "TypeDefinition", schemas[s].typeDefinitions[i].location, in: &seenTypes, &self) {
                    typeDefinitionIndex[qualified] = (s, i)
                }
            }
            for operation in schemas[s].operations { operationNames.insert(operation.qualifiedName) }
        }
        for s in schemas.indices {
            for i in schemas[s].associations.indices {
                let qualified = schemas[s].associations[i].qualifiedName
                let location = schemas[s].associations[i].location
                guard claim(qualified, "Association", location, in: &seenAssociations, &self) else { continue }
                associationIndex[qualified] = (s, i)
                if let type = seenTypes[qualified] {
                    report(
                        .note, "name-shared-across-kinds",
                        "Association \(qualified) has the qualified name of an \(type); "
                            + "Relationship and AssociationSet names resolve to the association, type references to the type",
                        at: location)
                }
            }
        }
    }

    /// The primitive type references by qualified name: one shared (boxed) value per type, so that
    /// resolving a property allocates nothing, and a dictionary lookup instead of a string switch.
    static let primitives: [String: TypeReference] = Dictionary(
        uniqueKeysWithValues: EDMPrimitiveType.allCases.map { ($0.rawValue, TypeReference.primitive($0)) })

    /// The abstract types of CSDL 4 that vocabularies use (`Edm.PrimitiveType`, `Edm.AnnotationPath`, …).
    static let abstractTypes: Set<String> = [
        "Edm.PrimitiveType", "Edm.ComplexType", "Edm.EntityType", "Edm.AnnotationPath", "Edm.PropertyPath",
        "Edm.NavigationPropertyPath", "Edm.AnyPropertyPath", "Edm.ModelElementPath", "Edm.Untyped",
    ]

    /// Classifies a type name as written (`Edm.String`, `Alias.Type`, `Collection(…)`); `context`
    /// names the referring element and is only built when something is reported.
    mutating func resolveType(_ written: String, in context: () -> String, at location: SourceLocation) -> TypeReference {
        if let primitive = Self.primitives[written], case .primitive(let type) = primitive, type.isDefined(in: version) {
            return primitive
        }
        let trimmed = written.trimmingWhitespace()
        if trimmed.hasPrefix("Collection("), trimmed.hasSuffix(")") {
            let inner = String(trimmed.dropFirst("Collection(".count).dropLast())
            if inner.hasPrefix("Collection(") {
                report(
                    .error, "unresolved-type", "\(context()) has a nested collection type \(trimmed), which CSDL does not allow",
                    at: location)
                return .unresolved(trimmed)
            }
            return .collection(resolveType(inner, in: context, at: location))
        }
        if trimmed.hasPrefix("Edm.") {
            if let primitive = Self.primitives[trimmed], case .primitive(let type) = primitive, type.isDefined(in: version) {
                return primitive
            }
            if EDMPrimitiveType.isSpatial(trimmed) {
                report(
                    .warning, "unsupported-type", "\(context()) has the spatial type \(trimmed), which is not supported; it is left out",
                    at: location)
            } else if version.isV4, Self.abstractTypes.contains(trimmed) {
                report(
                    .warning, "unsupported-type", "\(context()) has the abstract type \(trimmed), which is not supported; it is left out",
                    at: location)
            } else {
                let generation = version.isV4 ? "OData v4" : "OData v2"
                report(
                    .error, "unsupported-type", "\(context()) has type \(trimmed), which is not an \(generation) primitive type",
                    at: location)
            }
            return .unresolved(trimmed)
        }
        let qualified = qualify(trimmed)
        if complexTypeIndex[qualified] != nil { return .complex(qualifiedName: qualified) }
        if entityTypeIndex[qualified] != nil { return .entity(qualifiedName: qualified) }
        if enumTypeIndex[qualified] != nil { return .enumeration(qualifiedName: qualified) }
        if typeDefinitionIndex[qualified] != nil { return .typeDefinition(qualifiedName: qualified) }
        if let referenced = referencedTypes[qualified] { return referenced }
        if let dot = qualified.lastIndex(of: "."), let uri = includedNamespaces[String(qualified[..<dot])] {
            report(
                .error, "reference-not-given",
                "\(context()) has type \(qualified) from namespace \(qualified[..<dot]), which the document includes from \(uri); "
                    + "that document was not given (supply it with --reference)", at: location)
            return .unresolved(qualified)
        }
        report(.error, "unresolved-type", "\(context()) has type \(trimmed), which is not declared in the document", at: location)
        return .unresolved(qualified)
    }

    /// Resolves a property's type and checks that it is primitive or complex.
    mutating func resolveProperty(_ property: inout Property, owner: @autoclosure () -> String) {
        guard case .unresolved(let written) = property.type else { return }
        let name = property.name
        property.type = resolveType(written, in: { "Property \(owner())/\(name)" }, at: property.location)
        if case .entity(let type) = property.type.elementType {
            report(
                .warning, "invalid-property-type",
                "Property \(owner())/\(name) has entity type \(type); properties must be primitive or complex", at: property.location)
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks (by UTF-8 bytes).
    func trimmingWhitespace() -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == bytes.startIndex, bytes.index(after: last) == bytes.endIndex { return self }
        return String(self[first...last])
    }
}
