/// Applies patch sets to the schemas as read (before resolution), so the resolver and everything after
/// it see the fixed document. A patch whose target is missing fails with a `MetadataError` of kind
/// `.patchFailed` that names the patch file, the patch index and what did not match.
struct MetadataPatcher {
    var schemas: [Schema]
    /// The patch being applied, for messages.
    var context = ""

    /// Applies every set in order.
    static func apply(_ sets: [MetadataPatchSet], to schemas: inout [Schema]) throws(MetadataError) {
        guard !sets.isEmpty else { return }
        var patcher = MetadataPatcher(schemas: schemas)
        for set in sets {
            for (index, patch) in set.patches.enumerated() {
                patcher.context = "\(set.source): patch \(index) (\(patch.op.rawValue) \(patch.target))"
                try patcher.apply(patch)
            }
        }
        schemas = patcher.schemas
    }

    func failure(_ what: String) -> MetadataError { Self.failure(what, context: context) }

    static func failure(_ what: String, context: String) -> MetadataError {
        MetadataError(kind: .patchFailed, message: "\(context): \(what)")
    }

    func required<Value>(_ value: Value?, _ field: String) throws(MetadataError) -> Value {
        guard let value else { throw failure("the patch needs \"\(field)\"") }
        return value
    }

    mutating func apply(_ patch: MetadataPatch) throws(MetadataError) {
        switch patch.op {
        case .setKey:
            let key = try required(patch.key, "key")
            let path = try entityType(patch.target)
            let type = schemas[path.schema].entityTypes[path.item]
            for name in key where !type.declaredProperties.contains(where: { $0.name == name }) && type.baseType == nil {
                throw failure("\(type.qualifiedName) has no property \(name) to use as key")
            }
            schemas[path.schema].entityTypes[path.item].declaredKey = key
            schemas[path.schema].entityTypes[path.item].key = key
        case .setProperty:
            let context = self.context
            try updateProperty(patch.target) { property throws(MetadataError) in try Self.change(&property, with: patch, context: context) }
        case .retargetAssociationEnd:
            let (head, role) = try split(patch.target, "Namespace.Association/Role")
            let path = try association(head)
            guard let end = schemas[path.schema].associations[path.item].ends.firstIndex(where: { $0.role == role }) else {
                throw failure("association \(head) has no end with role \(role)")
            }
            if let type = patch.type { schemas[path.schema].associations[path.item].ends[end].type = type }
            if let written = patch.multiplicity {
                guard let multiplicity = Multiplicity(rawValue: written) else {
                    throw failure("multiplicity must be 0..1, 1 or *, not \(written)")
                }
                schemas[path.schema].associations[path.item].ends[end].multiplicity = multiplicity
            }
        case .retargetNavigationProperty:
            let (head, name) = try split(patch.target, "Namespace.Type/NavigationProperty")
            let path = try entityType(head)
            guard let n = schemas[path.schema].entityTypes[path.item].declaredNavigationProperties.firstIndex(where: { $0.name == name })
            else { throw failure("entity type \(head) declares no navigation property \(name)") }
            var navigation = schemas[path.schema].entityTypes[path.item].declaredNavigationProperties[n]
            if let relationship = patch.relationship { navigation.relationship = relationship }
            if let role = patch.fromRole { navigation.fromRole = role }
            if let role = patch.toRole { navigation.toRole = role }
            schemas[path.schema].entityTypes[path.item].declaredNavigationProperties[n] = navigation
        case .addEntitySet:
            let name = try required(patch.name, "name")
            let type = try required(patch.entityType, "entityType")
            let path = try container(patch.target)
            if schemas[path.schema].entityContainers[path.item].entitySet(named: name) != nil {
                throw failure("container \(patch.target) already has an entity set named \(name)")
            }
            schemas[path.schema].entityContainers[path.item].entitySets.append(EntitySet(name: name, entityType: type))
        case .setEntitySetType:
            let type = try required(patch.entityType, "entityType")
            let (path, set) = try entitySet(patch.target)
            schemas[path.schema].entityContainers[path.item].entitySets[set].entityType = type
        case .setFunctionImport:
            let (head, name) = try split(patch.target, "Namespace.Container/FunctionImport")
            let path = try container(head)
            guard let f = schemas[path.schema].entityContainers[path.item].functionImports.firstIndex(where: { $0.name == name }) else {
                throw failure("container \(head) has no function import \(name)")
            }
            if let type = patch.returnType {
                schemas[path.schema].entityContainers[path.item].functionImports[f].returnType =
                    ModelResolver.primitives[type] ?? .unresolved(type)
            }
            if let set = patch.entitySet { schemas[path.schema].entityContainers[path.item].functionImports[f].entitySet = set }
        case .setDefaultContainer:
            let path = try container(patch.target)
            for s in schemas.indices {
                for c in schemas[s].entityContainers.indices {
                    schemas[s].entityContainers[c].isDefault = (s == path.schema && c == path.item)
                }
            }
        case .setAnnotation, .removeAnnotation:
            try changeAnnotation(patch)
        case .removeVocabularyAnnotation:
            try removeVocabularyAnnotation(patch)
        case .rename:
            try rename(patch.target, to: try required(patch.name, "name"))
        }
    }

    /// Applies `setProperty`'s type and facets.
    static func change(_ property: inout Property, with patch: MetadataPatch, context: String) throws(MetadataError) {
        if let type = patch.type { property.type = ModelResolver.primitives[type] ?? .unresolved(type) }
        if let nullable = patch.nullable { property.isNullable = nullable }
        if let written = patch.maxLength {
            if written == "Max" {
                property.maxLength = .max
            } else if let length = Int(written), length >= 0 {
                property.maxLength = .value(length)
            } else {
                throw failure("maxLength must be a number or Max, not \(written)", context: context)
            }
        }
        if let precision = patch.precision { property.precision = precision }
        if let scale = patch.scale { property.scale = scale }
    }
}
