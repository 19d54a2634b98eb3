/// Resolves the raw model read from the document: aliases become namespaces in every type name,
/// type references are classified, `BaseType` inheritance is applied, navigation properties get
/// their target type and multiplicity, and every dangling reference or duplicate is reported.
struct ModelResolver {
    var schemas: [Schema]
    var diagnostics: [Diagnostic]
    /// The aliases (from schemas, `Using` and `edmx:Include`) and their namespaces as UTF-8 bytes, for replacing an
    /// alias in a name's bytes.
    var aliasBytes: [(alias: [UInt8], namespace: [UInt8])] = []
    /// Bit `n` is set when an alias is `n` UTF-8 bytes long (bit 63: 63 or more), so that a name whose prefix
    /// has no alias's length is passed over without looking at the aliases.
    var aliasLengths: UInt64 = 0
    /// Every declared type by qualified name, with its kind (a name is filed once, by its first declaration).
    var typeIndex: [String: DeclaredType] = [:]
    var associationIndex: [String: (schema: Int, item: Int)] = [:]
    /// Type names as written that resolved without a diagnostic, with their (shared, boxed) references: a type
    /// named again is one lookup and allocates nothing.
    var resolvedTypes: [String: TypeReference] = [:]
    /// The declared navigation properties with a `Partner` whose target is a declared entity type, in document
    /// order: found while resolving the targets, checked once inheritance has been applied.
    var partnerChecks: [PartnerCheck] = []
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
        // Alias → namespace; a schema's own alias wins over a `Using`, which wins over an `edmx:Include`.
        var namespaceByAlias: [String: String] = [:]
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
        for (alias, namespace) in namespaceByAlias {
            aliasLengths |= 1 << min(alias.utf8.count, 63)
            aliasBytes.append((Array(alias.utf8), Array(namespace.utf8)))
        }
        var declared = 0
        var navigations = 0
        for schema in schemas {
            for type in schema.entityTypes {
                declared += type.declaredProperties.count + type.declaredNavigationProperties.count
                navigations += type.declaredNavigationProperties.count
            }
            for type in schema.complexTypes { declared += type.properties.count }
        }
        partnerChecks.reserveCapacity(navigations)
        inheritedMemberBudget = max(1_000_000, declared.multipliedReportingOverflow(by: 16).partialValue)
    }

    /// Runs every resolution step and sorts the diagnostics into document order.
    mutating func resolve() {
        buildIndexes()
        resolveEnumsAndOperations()
        resolveComplexTypes()
        resolveAssociations()
        resolveDeclaredMembers()
        applyInheritance(of: EntityType.self)
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
        guard aliasLengths != 0 else { return nil }
        var name = name
        return name.withUTF8 { bytes in aliasPrefixLength(in: bytes).flatMap { replacingAlias(in: bytes, prefixLength: $0) } }
    }

    /// `bytes` with their first `prefixLength` bytes replaced by the namespace of the alias they spell; nil when they
    /// spell no alias. Built by copying bytes (appending a substring to the namespace, after a generic
    /// `utf8.starts(with:)`, cost ≈ 2,000 instructions a name, and Microsoft Graph's document writes every type name
    /// with its alias).
    func replacingAlias(in bytes: UnsafeBufferPointer<UInt8>, prefixLength: Int) -> String? {
        let head = UnsafeBufferPointer(rebasing: bytes[..<prefixLength])
        for entry in aliasBytes where entry.alias.count == prefixLength {
            guard entry.alias.withUnsafeBufferPointer({ $0.hasSameBytes(as: head) }) else { continue }
            let tail = UnsafeBufferPointer(rebasing: bytes[prefixLength...])
            return entry.namespace.withUnsafeBufferPointer { namespace in
                String(unsafeUninitializedCapacity: namespace.count + tail.count) { buffer in
                    let written = buffer.initialize(fromContentsOf: namespace)
                    return written + UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(fromContentsOf: tail)
                }
            }
        }
        return nil
    }

    /// The length of a name's UTF-8 `bytes` before its last ".", when some alias is that long. Looks only at the bytes
    /// at the aliases' lengths (and past a "." found there): scanning every name for its last "." was most of the cost.
    func aliasPrefixLength(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let dot = UInt8(ascii: ".")
        var lengths = aliasLengths
        while lengths != 0 {
            let length = lengths.trailingZeroBitCount
            lengths &= lengths - 1
            if length == 63 {  // 63 bytes or more
                if let last = bytes.lastIndex(of: dot), last >= 63 { return last }
            } else if length < bytes.count, bytes[length] == dot, !bytes[(length + 1)...].contains(dot) {
                return length
            }
        }
        return nil
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
        if let known = resolvedTypes[written] { return known }
        if let primitive = Self.primitives[written], case .primitive(let type) = primitive, type.isDefined(in: version) {
            return primitive
        }
        let reported = diagnostics.count
        let resolved = classifyType(written, in: context, at: location)
        if diagnostics.count == reported { resolvedTypes[written] = resolved }
        return resolved
    }

    /// `resolveType` for a name that is no primitive type as written.
    private mutating func classifyType(_ written: String, in context: () -> String, at location: SourceLocation) -> TypeReference {
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
        if let declared = typeIndex[qualified] { return declared.kind.reference(to: qualified) }
        if let referenced = referencedTypes[qualified] { return referenced }
        if reportedReferenceNotGiven("\(context()) has type", qualified, at: location) { return .unresolved(qualified) }
        report(.error, "unresolved-type", "\(context()) has type \(trimmed), which is not declared in the document", at: location)
        return .unresolved(qualified)
    }

    /// Reports `qualified` as a name from a namespace the document includes from a reference whose document was not given
    /// (`subject` says what names it, as in "EntityType A.B has BaseType"); false, reporting nothing, when its namespace is
    /// not included.
    mutating func reportedReferenceNotGiven(_ subject: @autoclosure () -> String, _ qualified: String, at location: SourceLocation) -> Bool
    {
        guard let dot = qualified.lastIndex(of: "."), let uri = includedNamespaces[String(qualified[..<dot])] else { return false }
        report(
            .error, "reference-not-given",
            "\(subject()) \(qualified) from namespace \(qualified[..<dot]), which the document includes from \(uri); "
                + "that document was not given (supply it with --reference)", at: location)
        return true
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
