/// The annotation and rename patches.
extension MetadataPatcher {
    /// The namespaces of the prefixes patch files may use without naming the namespace.
    static let knownPrefixes = ["sap": XMLNamespaces.sap, "m": XMLNamespaces.metadata]

    /// `setAnnotation` / `removeAnnotation`.
    mutating func changeAnnotation(_ patch: MetadataPatch) throws(MetadataError) {
        let written = try required(patch.annotation, "annotation")
        guard let colon = written.firstIndex(of: ":"), colon != written.startIndex, written.index(after: colon) != written.endIndex else {
            throw failure("annotation must be written prefix:name (sap:creatable), not \(written)")
        }
        let prefix = String(written[..<colon])
        let name = String(written[written.index(after: colon)...])
        let namespace = patch.namespace ?? Self.knownPrefixes[prefix]
        let matches = { (attribute: ForeignAttribute) in
            attribute.name == name && (namespace.map { attribute.namespace == $0 } ?? (attribute.prefix == prefix))
        }
        if patch.op == .removeAnnotation {
            let missing = failure("\(patch.target) has no annotation \(written)")
            try updateAnnotations(patch.target) { set throws(MetadataError) in
                guard set.attributes.contains(where: matches) else { throw missing }
                set.attributes.removeAll(where: matches)
            }
            return
        }
        let value = try required(patch.value, "value")
        guard let namespace else { throw failure("the prefix \(prefix) is not sap or m; the patch needs \"namespace\"") }
        try updateAnnotations(patch.target) { set in
            if let index = set.attributes.firstIndex(where: matches) {
                set.attributes[index].value = value
            } else {
                set.attributes.append(ForeignAttribute(namespace: namespace, prefix: prefix, name: name, value: value))
            }
        }
    }

    /// `removeVocabularyAnnotation`: drops the term from every `Annotations` block aimed at the target.
    mutating func removeVocabularyAnnotation(_ patch: MetadataPatch) throws(MetadataError) {
        let term = try required(patch.term, "term")
        let target = qualifyPath(patch.target)
        var removed = 0
        let lookup = self
        let wanted = qualify(term)
        for s in schemas.indices {
            for b in schemas[s].annotationBlocks.indices where qualifyPath(schemas[s].annotationBlocks[b].target) == target {
                let before = schemas[s].annotationBlocks[b].annotations.count
                schemas[s].annotationBlocks[b].annotations.removeAll { lookup.qualify($0.term) == wanted }
                removed += before - schemas[s].annotationBlocks[b].annotations.count
            }
        }
        if removed == 0 { throw failure("no Annotations block for \(patch.target) has the term \(term)") }
    }

    /// `Alias.Type/Member` → `Namespace.Type/Member`.
    func qualifyPath(_ path: String) -> String {
        guard let slash = path.firstIndex(of: "/") else { return qualify(path) }
        return qualify(String(path[..<slash])) + path[slash...]
    }

    /// Whether a type name as written (possibly aliased or inside `Collection(…)`) names `qualified`.
    func refers(_ written: String, to qualified: String) -> Bool {
        if written.hasPrefix("Collection("), written.hasSuffix(")") {
            return refers(String(written.dropFirst("Collection(".count).dropLast()), to: qualified)
        }
        return qualify(written) == qualified
    }

    /// `written` with the type `old` replaced by `new`, keeping a `Collection(…)` wrapper.
    func replacing(_ written: String, _ old: String, with new: String) -> String {
        guard refers(written, to: old) else { return written }
        return written.hasPrefix("Collection(") ? "Collection(\(new))" : new
    }

    /// `rename`: an entity or complex type, a property or navigation property, or an entity set, with its references.
    mutating func rename(_ target: String, to newName: String) throws(MetadataError) {
        if target.contains("/") {
            let (head, member) = try split(target, "Namespace.Type/Member")
            if let path = try? container(head) {
                let (_, set) = try entitySet(target)
                var owner = schemas[path.schema].entityContainers[path.item]
                owner.entitySets[set].name = newName
                for a in owner.associationSets.indices {
                    for e in owner.associationSets[a].ends.indices where owner.associationSets[a].ends[e].entitySet == member {
                        owner.associationSets[a].ends[e].entitySet = newName
                    }
                }
                for f in owner.functionImports.indices where owner.functionImports[f].entitySet == member {
                    owner.functionImports[f].entitySet = newName
                }
                schemas[path.schema].entityContainers[path.item] = owner
                return
            }
            if let path = try? entityType(head),
                let n = schemas[path.schema].entityTypes[path.item].declaredNavigationProperties.firstIndex(where: { $0.name == member })
            {
                schemas[path.schema].entityTypes[path.item].declaredNavigationProperties[n].name = newName
                return
            }
            try updateProperty(target) { $0.name = newName }
            if let path = try? entityType(head) {
                let key = schemas[path.schema].entityTypes[path.item].declaredKey.map { $0 == member ? newName : $0 }
                schemas[path.schema].entityTypes[path.item].declaredKey = key
                schemas[path.schema].entityTypes[path.item].key = key
            }
            return
        }
        let path: Path
        if let found = try? entityType(target) {
            path = found
            schemas[path.schema].entityTypes[path.item].name = newName
        } else if let found = try? complexType(target) {
            path = found
            schemas[path.schema].complexTypes[path.item].name = newName
        } else {
            throw failure("the document has no entity or complex type \(target)")
        }
        renameReferences(from: qualify(target), to: "\(schemas[path.schema].namespace).\(newName)")
    }

    /// Rewrites every type reference to `old`.
    private mutating func renameReferences(from old: String, to new: String) {
        func fix(_ type: inout TypeReference) {
            if case .unresolved(let written) = type { type = .unresolved(replacing(written, old, with: new)) }
        }
        for s in schemas.indices {
            var schema = schemas[s]
            for t in schema.entityTypes.indices {
                if let base = schema.entityTypes[t].baseType { schema.entityTypes[t].baseType = replacing(base, old, with: new) }
                for p in schema.entityTypes[t].declaredProperties.indices { fix(&schema.entityTypes[t].declaredProperties[p].type) }
            }
            for t in schema.complexTypes.indices {
                if let base = schema.complexTypes[t].baseType { schema.complexTypes[t].baseType = replacing(base, old, with: new) }
                for p in schema.complexTypes[t].properties.indices { fix(&schema.complexTypes[t].properties[p].type) }
            }
            for a in schema.associations.indices {
                for e in schema.associations[a].ends.indices {
                    schema.associations[a].ends[e].type = replacing(schema.associations[a].ends[e].type, old, with: new)
                }
            }
            for c in schema.entityContainers.indices {
                for e in schema.entityContainers[c].entitySets.indices {
                    let written = schema.entityContainers[c].entitySets[e].entityType
                    schema.entityContainers[c].entitySets[e].entityType = replacing(written, old, with: new)
                }
                for f in schema.entityContainers[c].functionImports.indices {
                    if var type = schema.entityContainers[c].functionImports[f].returnType {
                        fix(&type)
                        schema.entityContainers[c].functionImports[f].returnType = type
                    }
                    for p in schema.entityContainers[c].functionImports[f].parameters.indices {
                        fix(&schema.entityContainers[c].functionImports[f].parameters[p].type)
                    }
                }
            }
            schemas[s] = schema
        }
    }
}
