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
    /// Works on UTF-8 bytes and compares against the few aliases directly: this runs for every type name.
    func qualify(_ name: String) -> String {
        guard !namespaceByAlias.isEmpty else { return name }
        let utf8 = name.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return name }
        let prefixLength = utf8.distance(from: utf8.startIndex, to: dot)
        for (alias, namespace) in namespaceByAlias where alias.utf8.count == prefixLength && utf8.starts(with: alias.utf8) {
            return namespace + name[dot...]
        }
        return name
    }

    /// Indexes types and associations by qualified name and reports duplicates. Names are resolved per
    /// kind, as the grammar says which kind an attribute names (`Type` an entity or complex type,
    /// `Relationship` and `AssociationSet@Association` an association): an association that shares its
    /// qualified name with a type is kept (a note), and a duplicate within a kind is an error.
    private mutating func buildIndexes() {
        var seenTypes: [String: String] = [:]
        var seenAssociations: [String: String] = [:]
        func claim(
            _ qualified: String, _ kind: String, _ location: SourceLocation, in seen: inout [String: String],
            _ resolver: inout ModelResolver
        ) -> Bool {
            if let earlier = seen[qualified] {
                resolver.report(
                    .error, "duplicate-name", "\(kind) \(qualified) is declared again (first as \(earlier)); the first declaration is used",
                    at: location)
                return false
            }
            seen[qualified] = kind
            return true
        }
        for (s, schema) in schemas.enumerated() {
            for (i, type) in schema.entityTypes.enumerated()
            where claim(type.qualifiedName, "EntityType", type.location, in: &seenTypes, &self) {
                entityTypeIndex[type.qualifiedName] = (s, i)
            }
            for (i, type) in schema.complexTypes.enumerated()
            where claim(type.qualifiedName, "ComplexType", type.location, in: &seenTypes, &self) {
                complexTypeIndex[type.qualifiedName] = (s, i)
            }
            for (i, type) in schema.enumTypes.enumerated()
            where claim(type.qualifiedName, "EnumType", type.location, in: &seenTypes, &self) {
                enumTypeIndex[type.qualifiedName] = (s, i)
            }
            for (i, type) in schema.typeDefinitions.enumerated()
            where claim(type.qualifiedName, "TypeDefinition", type.location, in: &seenTypes, &self) {
                typeDefinitionIndex[type.qualifiedName] = (s, i)
            }
            for operation in schema.operations { operationNames.insert(operation.qualifiedName) }
        }
        for (s, schema) in schemas.enumerated() {
            for (i, association) in schema.associations.enumerated()
            where claim(association.qualifiedName, "Association", association.location, in: &seenAssociations, &self) {
                associationIndex[association.qualifiedName] = (s, i)
                if let type = seenTypes[association.qualifiedName] {
                    report(
                        .note, "name-shared-across-kinds",
                        "Association \(association.qualifiedName) has the qualified name of an \(type); "
                            + "Relationship and AssociationSet names resolve to the association, type references to the type",
                        at: association.location)
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

    /// Reports properties and navigation properties whose names repeat within one type and leaves the repeats
    /// out: the first member of a name is kept, so nothing is generated twice.
    mutating func dropDuplicateMembers(
        _ properties: inout [Property], _ navigations: inout [NavigationProperty], owner: @autoclosure () -> String
    ) {
        let count = properties.count + navigations.count
        guard count > 1 else { return }
        var repeats: [Int] = []
        if count <= 48 {
            // Pairwise comparison of small fingerprints (length, first and last byte), and of the names only where
            // those agree: no copies, no hashing, for the usual small types.
            var prints: [UInt32] = []
            prints.reserveCapacity(count)
            for index in properties.indices { prints.append(Self.fingerprint(properties[index].name)) }
            for index in navigations.indices { prints.append(Self.fingerprint(navigations[index].name)) }
            func name(_ index: Int) -> String {
                index < properties.count ? properties[index].name : navigations[index - properties.count].name
            }
            for index in 1..<count {
                for earlier in 0..<index where prints[earlier] == prints[index] && name(earlier) == name(index) {
                    repeats.append(index)
                    break
                }
            }
        } else {
            var seen = Set<String>(minimumCapacity: count)
            for index in properties.indices where !seen.insert(properties[index].name).inserted { repeats.append(index) }
            for index in navigations.indices where !seen.insert(navigations[index].name).inserted {
                repeats.append(properties.count + index)
            }
        }
        guard !repeats.isEmpty else { return }
        for index in repeats {
            let isProperty = index < properties.count
            let name = isProperty ? properties[index].name : navigations[index - properties.count].name
            let location = isProperty ? properties[index].location : navigations[index - properties.count].location
            report(
                .error, "duplicate-name",
                "\(owner()) has more than one member named \(name); the first is kept and this one is left out", at: location)
        }
        let dropped = Set(repeats)
        let propertyCount = properties.count
        properties = properties.indices.filter { !dropped.contains($0) }.map { properties[$0] }
        navigations = navigations.indices.filter { !dropped.contains(propertyCount + $0) }.map { navigations[$0] }
    }
}

extension ModelResolver {
    /// Length, first and last UTF-8 byte of a name: equal names have equal fingerprints.
    static func fingerprint(_ name: String) -> UInt32 {
        let utf8 = name.utf8
        guard let first = utf8.first, let last = utf8.last else { return 0 }
        return UInt32(truncatingIfNeeded: utf8.count) << 16 | UInt32(first) << 8 | UInt32(last)
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
