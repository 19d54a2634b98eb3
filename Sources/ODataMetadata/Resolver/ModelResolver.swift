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

    init(schemas: [Schema], references: [SchemaReference], diagnostics: [Diagnostic]) {
        self.schemas = schemas
        self.diagnostics = diagnostics
        for reference in references {
            for include in reference.includes { if let alias = include.alias { namespaceByAlias[alias] = include.namespace } }
        }
        for schema in schemas {
            for using in schema.usings { if let alias = using.alias { namespaceByAlias[alias] = using.namespace } }
        }
        for schema in schemas { if let alias = schema.alias { namespaceByAlias[alias] = schema.namespace } }
    }

    /// Runs every resolution step and sorts the diagnostics into document order.
    mutating func resolve() {
        buildIndexes()
        resolveComplexTypes()
        resolveAssociations()
        resolveDeclaredMembers()
        applyEntityInheritance()
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
    func qualify(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        if let namespace = namespaceByAlias[String(name[..<dot])] { return namespace + name[dot...] }
        return name
    }

    /// Indexes types and associations by qualified name and reports duplicates.
    private mutating func buildIndexes() {
        var seen: [String: String] = [:]
        func claim(_ qualified: String, _ kind: String, _ location: SourceLocation, _ resolver: inout ModelResolver) -> Bool {
            if let earlier = seen[qualified] {
                resolver.report(.error, "duplicate-name", "\(kind) \(qualified) is declared again (first as \(earlier)); the first declaration is used", at: location)
                return false
            }
            seen[qualified] = kind
            return true
        }
        for (s, schema) in schemas.enumerated() {
            for (i, type) in schema.entityTypes.enumerated() where claim(type.qualifiedName, "EntityType", type.location, &self) {
                entityTypeIndex[type.qualifiedName] = (s, i)
            }
            for (i, type) in schema.complexTypes.enumerated() where claim(type.qualifiedName, "ComplexType", type.location, &self) {
                complexTypeIndex[type.qualifiedName] = (s, i)
            }
            for (i, association) in schema.associations.enumerated()
            where claim(association.qualifiedName, "Association", association.location, &self) {
                associationIndex[association.qualifiedName] = (s, i)
            }
        }
    }

    /// Classifies a type name as written (`Edm.String`, `Alias.Type`, `Collection(…)`).
    mutating func resolveType(_ written: String, in context: String, at location: SourceLocation) -> TypeReference {
        let trimmed = written.trimmingWhitespace()
        if trimmed.hasPrefix("Collection("), trimmed.hasSuffix(")") {
            let inner = String(trimmed.dropFirst("Collection(".count).dropLast())
            if inner.hasPrefix("Collection(") {
                report(.error, "unresolved-type", "\(context) has a nested collection type \(trimmed), which CSDL does not allow", at: location)
                return .unresolved(trimmed)
            }
            return .collection(resolveType(inner, in: context, at: location))
        }
        if trimmed.hasPrefix("Edm.") {
            if let primitive = EDMPrimitiveType(qualifiedName: trimmed) { return .primitive(primitive) }
            report(.error, "unsupported-type", "\(context) has type \(trimmed), which is not an OData v2 primitive type", at: location)
            return .unresolved(trimmed)
        }
        let qualified = qualify(trimmed)
        if complexTypeIndex[qualified] != nil { return .complex(qualifiedName: qualified) }
        if entityTypeIndex[qualified] != nil { return .entity(qualifiedName: qualified) }
        report(.error, "unresolved-type", "\(context) has type \(trimmed), which is not declared in the document", at: location)
        return .unresolved(qualified)
    }

    /// Resolves a property's type and checks that it is primitive or complex.
    mutating func resolveProperty(_ property: inout Property, owner: String) {
        guard case .unresolved(let written) = property.type else { return }
        property.type = resolveType(written, in: "Property \(owner)/\(property.name)", at: property.location)
        if case .entity(let name) = property.type.elementType {
            report(.warning, "invalid-property-type", "Property \(owner)/\(property.name) has entity type \(name); properties must be primitive or complex", at: property.location)
        }
    }

    /// Reports properties and navigation properties whose names repeat within one type.
    mutating func checkDuplicateMembers(_ names: [(String, SourceLocation)], owner: String) {
        var seen = Set<String>()
        for (name, location) in names where !seen.insert(name).inserted {
            report(.error, "duplicate-name", "\(owner) has more than one member named \(name)", at: location)
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
