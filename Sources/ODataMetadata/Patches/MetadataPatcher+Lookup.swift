/// Finding a patch's target in the schemas as read.
extension MetadataPatcher {
    /// Where an element is: its schema and its index in that schema's list.
    struct Path {
        var schema: Int
        var item: Int
    }

    /// `Alias.Name` → `Namespace.Name`, from schema aliases and `Using` elements.
    func qualify(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        let prefix = name[..<dot]
        for schema in schemas {
            if schema.alias.map({ $0 == prefix }) ?? false { return schema.namespace + name[dot...] }
            for using in schema.usings where using.alias.map({ $0 == prefix }) ?? false { return using.namespace + name[dot...] }
        }
        return name
    }

    /// Splits `Head/Member`; the member part must be there.
    func split(_ target: String, _ form: String) throws(MetadataError) -> (String, String) {
        guard let slash = target.firstIndex(of: "/"), slash != target.startIndex, target.index(after: slash) != target.endIndex else {
            throw failure("the target must have the form \(form)")
        }
        return (String(target[..<slash]), String(target[target.index(after: slash)...]))
    }

    private func find(_ head: String, kind: String, in list: (Schema) -> [(name: String, namespace: String)]) throws(MetadataError) -> Path
    {
        let qualified = qualify(head)
        for (s, schema) in schemas.enumerated() {
            for (i, item) in list(schema).enumerated() where "\(item.namespace).\(item.name)" == qualified {
                return Path(schema: s, item: i)
            }
        }
        throw failure("the document has no \(kind) \(head)")
    }

    func entityType(_ head: String) throws(MetadataError) -> Path {
        try find(head, kind: "entity type") { $0.entityTypes.map { ($0.name, $0.namespace) } }
    }

    func complexType(_ head: String) throws(MetadataError) -> Path {
        try find(head, kind: "complex type") { $0.complexTypes.map { ($0.name, $0.namespace) } }
    }

    func association(_ head: String) throws(MetadataError) -> Path {
        try find(head, kind: "association") { $0.associations.map { ($0.name, $0.namespace) } }
    }

    func container(_ head: String) throws(MetadataError) -> Path {
        try find(head, kind: "entity container") { $0.entityContainers.map { ($0.name, $0.namespace) } }
    }

    /// `Namespace.Container/Set`: the container and the set's index.
    func entitySet(_ target: String) throws(MetadataError) -> (Path, Int) {
        let (head, name) = try split(target, "Namespace.Container/EntitySet")
        let path = try container(head)
        guard let set = schemas[path.schema].entityContainers[path.item].entitySets.firstIndex(where: { $0.name == name }) else {
            throw failure("container \(head) has no entity set \(name)")
        }
        return (path, set)
    }

    /// Changes the property `Namespace.Type/Property` of an entity or complex type.
    mutating func updateProperty(_ target: String, _ change: (inout Property) throws(MetadataError) -> Void) throws(MetadataError) {
        let (head, name) = try split(target, "Namespace.Type/Property")
        if let path = try? entityType(head) {
            guard let p = schemas[path.schema].entityTypes[path.item].declaredProperties.firstIndex(where: { $0.name == name }) else {
                throw failure("entity type \(head) declares no property \(name)")
            }
            try change(&schemas[path.schema].entityTypes[path.item].declaredProperties[p])
            schemas[path.schema].entityTypes[path.item].properties = schemas[path.schema].entityTypes[path.item].declaredProperties
            return
        }
        guard let path = try? complexType(head) else { throw failure("the document has no entity or complex type \(head)") }
        guard let p = schemas[path.schema].complexTypes[path.item].properties.firstIndex(where: { $0.name == name }) else {
            throw failure("complex type \(head) declares no property \(name)")
        }
        try change(&schemas[path.schema].complexTypes[path.item].properties[p])
    }

    /// Changes the foreign attributes of whatever element `target` names.
    mutating func updateAnnotations(_ target: String, _ change: (inout AnnotationSet) throws(MetadataError) -> Void) throws(MetadataError) {
        guard let slash = target.firstIndex(of: "/") else {
            if let path = try? entityType(target) { return try change(&schemas[path.schema].entityTypes[path.item].annotations) }
            if let path = try? complexType(target) { return try change(&schemas[path.schema].complexTypes[path.item].annotations) }
            if let path = try? association(target) { return try change(&schemas[path.schema].associations[path.item].annotations) }
            if let path = try? container(target) { return try change(&schemas[path.schema].entityContainers[path.item].annotations) }
            throw failure("the document has no type, association or container \(target)")
        }
        let head = String(target[..<slash])
        let name = String(target[target.index(after: slash)...])
        if let path = try? container(head) {
            var owner = schemas[path.schema].entityContainers[path.item]
            if let i = owner.entitySets.firstIndex(where: { $0.name == name }) {
                try change(&owner.entitySets[i].annotations)
            } else if let i = owner.associationSets.firstIndex(where: { $0.name == name }) {
                try change(&owner.associationSets[i].annotations)
            } else if let i = owner.functionImports.firstIndex(where: { $0.name == name }) {
                try change(&owner.functionImports[i].annotations)
            } else {
                throw failure("container \(head) has no entity set, association set or function import \(name)")
            }
            schemas[path.schema].entityContainers[path.item] = owner
            return
        }
        if let path = try? entityType(head),
            let n = schemas[path.schema].entityTypes[path.item].declaredNavigationProperties.firstIndex(where: { $0.name == name })
        {
            return try change(&schemas[path.schema].entityTypes[path.item].declaredNavigationProperties[n].annotations)
        }
        try updateProperty(target) { property throws(MetadataError) in try change(&property.annotations) }
    }
}
