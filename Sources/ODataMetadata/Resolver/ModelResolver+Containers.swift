extension ModelResolver {
    /// Qualifies and checks entity sets, association sets and function imports.
    mutating func resolveContainers() {
        var defaults = 0
        for s in schemas.indices {
            for c in schemas[s].entityContainers.indices {
                var container = schemas[s].entityContainers[c]
                if container.isDefault { defaults += 1 }
                container.extends = container.extends.map { qualify($0) }
                // The entity sets' names, built once for the checks that follow.
                let setNames = resolveEntitySets(&container)
                resolveAssociationSets(&container, setNames: setNames)
                resolveFunctionImports(&container, setNames: setNames)
                resolveSingletonsAndActionImports(&container, setNames: setNames)
                schemas[s].entityContainers[c] = container
                if defaults == 2, container.isDefault {
                    report(
                        .warning, "multiple-default-containers",
                        "EntityContainer \(container.name) is the second one marked m:IsDefaultEntityContainer; the first is the default",
                        at: container.location)
                }
            }
        }
    }

    /// Qualifies each set's entity type in place (a set copied out and written back went through its value witnesses).
    /// Returns the sets' names.
    private mutating func resolveEntitySets(_ container: inout EntityContainer) -> Set<String> {
        var names = Set<String>(minimumCapacity: container.entitySets.count)
        for i in container.entitySets.indices {
            let written = container.entitySets[i].entityType
            let qualified = qualify(written)
            if entityTypePath(qualified) == nil {
                report(
                    .error, "unresolved-type",
                    "EntitySet \(container.name)/\(container.entitySets[i].name) has EntityType \(written), which is not declared",
                    at: container.entitySets[i].location)
            }
            if !names.insert(container.entitySets[i].name).inserted {
                report(
                    .error, "duplicate-name",
                    "EntityContainer \(container.name) has more than one EntitySet named \(container.entitySets[i].name)",
                    at: container.entitySets[i].location)
            }
            container.entitySets[i].entityType = qualified
        }
        return names
    }

    private mutating func resolveAssociationSets(_ container: inout EntityContainer, setNames: Set<String>) {
        var names = Set<String>()
        for i in container.associationSets.indices {
            var set = container.associationSets[i]
            let written = set.association
            set.association = qualify(written)
            let context = "AssociationSet \(container.name)/\(set.name)"
            if !names.insert(set.name).inserted {
                report(
                    .error, "duplicate-name", "EntityContainer \(container.name) has more than one AssociationSet named \(set.name)",
                    at: set.location)
            }
            let association = associationIndex[set.association].map { schemas[$0.schema].associations[$0.item] }
            if association == nil {
                report(.error, "unresolved-association", "\(context) has Association \(written), which is not declared", at: set.location)
            }
            for end in set.ends {
                if let association, association.end(role: end.role) == nil {
                    report(
                        .error, "unresolved-role",
                        "\(context) has an End with Role \(end.role), which is not a role of \(association.qualifiedName)", at: set.location
                    )
                }
                if !setNames.contains(end.entitySet) {
                    report(
                        .error, "unresolved-entity-set",
                        "\(context) has an End with EntitySet \(end.entitySet), which is not in the container", at: set.location)
                }
            }
            container.associationSets[i] = set
        }
    }

    private mutating func resolveFunctionImports(_ container: inout EntityContainer, setNames: Set<String>) {
        // Name → the parameter type lists seen: v3 overloads differ in their parameters, v4 imports must be unique.
        var signatures: [String: [[String]]] = [:]
        for i in container.functionImports.indices {
            var function = container.functionImports[i]
            let context = "FunctionImport \(container.name)/\(function.name)"
            let signature = function.parameters.map(\.type.csdlName)
            if let earlier = signatures[function.name], version.isV4 || earlier.contains(signature) {
                report(
                    .error, "duplicate-name",
                    "EntityContainer \(container.name) has more than one FunctionImport named \(function.name)"
                        + (version.isV4 ? "" : " with the same parameter types"), at: function.location)
            }
            signatures[function.name, default: []].append(signature)
            resolveKind(&function, context: context)
            if case .unresolved(let written)? = function.returnType {
                function.returnType = resolveType(written, in: { "the ReturnType of \(context)" }, at: function.location)
            }
            if let set = function.entitySet, !setNames.contains(set) {
                report(
                    .error, "unresolved-entity-set", "\(context) has EntitySet \(set), which is not in the container", at: function.location
                )
            }
            if case .entity? = function.returnType?.elementType, function.entitySet == nil {
                report(.warning, "missing-entity-set", "\(context) returns entities but names no EntitySet", at: function.location)
            }
            var parameterNames = Set<String>()
            for p in function.parameters.indices {
                let parameter = function.parameters[p]
                if !parameterNames.insert(parameter.name).inserted {
                    report(
                        .error, "duplicate-name", "\(context) has more than one Parameter named \(parameter.name)", at: parameter.location)
                }
                if case .unresolved(let written) = parameter.type {
                    function.parameters[p].type = resolveType(
                        written, in: { "Parameter \(parameter.name) of \(context)" }, at: parameter.location)
                }
            }
            container.functionImports[i] = function
        }
    }

    /// Rewrites alias prefixes in `Annotations` targets (`Alias.Type/Property` → `Namespace.Type/Property`).
    /// Compares bytes first: most targets (every inline annotation's) already start with a namespace. An inline
    /// member's target is rewritten in its owner's part, which holds the head; consecutive members share that part,
    /// so the last one's outcome is reused.
    mutating func resolveAnnotationTargets() {
        guard aliasLengths != 0 else { return }
        var lastOwner: (written: String, resolved: String?)?
        for s in schemas.indices {
            for b in schemas[s].annotationBlocks.indices {
                switch schemas[s].annotationBlocks[b].path {
                case .text(let target):
                    if let resolved = dealiasedHead(target) { schemas[s].annotationBlocks[b].path = .text(resolved) }
                case .member(let owner, let member):
                    let resolved: String?
                    if let last = lastOwner, last.written == owner {
                        resolved = last.resolved
                    } else {
                        resolved = dealiasedHead(owner)
                        lastOwner = (owner, resolved)
                    }
                    if let resolved { schemas[s].annotationBlocks[b].path = .member(owner: resolved, member: member) }
                }
            }
        }
    }

    /// `target` with the alias before the last "." ahead of any "/" replaced by its namespace; nil when that prefix
    /// is no alias.
    private func dealiasedHead(_ target: String) -> String? {
        var target = target
        // The length of the head's namespace-or-alias prefix (before the last "." ahead of any "/").
        let prefixLength = target.withUTF8 { bytes -> Int? in
            let headEnd = bytes.firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
            return bytes[..<headEnd].lastIndex(of: UInt8(ascii: "."))
        }
        guard let prefixLength, mayBeAlias(length: prefixLength) else { return nil }
        for (alias, namespace) in namespaceByAlias where alias.utf8.count == prefixLength && target.utf8.starts(with: alias.utf8) {
            return namespace + target[target.utf8.index(target.startIndex, offsetBy: prefixLength)...]
        }
        return nil
    }

    /// Whether a v2/v3 function import is an action or a function (see `FunctionImport.kind`); a v4 import's
    /// function is checked to exist.
    private mutating func resolveKind(_ function: inout FunctionImport, context: String) {
        if let written = function.function {
            function.function = qualify(written)
            if !operationNames.contains(qualify(written)) {
                report(.error, "unresolved-function", "\(context) has Function \(written), which is not declared", at: function.location)
            }
            return
        }
        if let method = function.httpMethod {
            function.kind = method == "GET" ? .function : .action
        } else if version == .v3 {
            function.kind = function.isSideEffecting == false ? .function : .action
        }
    }

    private mutating func resolveSingletonsAndActionImports(_ container: inout EntityContainer, setNames: Set<String>) {
        let hasBindings = container.entitySets.contains { !$0.navigationPropertyBindings.isEmpty }
        guard hasBindings || !container.singletons.isEmpty || !container.actionImports.isEmpty else { return }
        var names = setNames
        for i in container.singletons.indices {
            let singleton = container.singletons[i]
            container.singletons[i].type = qualify(singleton.type)
            if entityTypePath(qualify(singleton.type)) == nil, referencedTypes[qualify(singleton.type)] == nil {
                report(
                    .error, "unresolved-type",
                    "Singleton \(container.name)/\(singleton.name) has Type \(singleton.type), which is not a declared entity type",
                    at: singleton.location)
            }
            if !names.insert(singleton.name).inserted {
                report(
                    .error, "duplicate-name",
                    "EntityContainer \(container.name) has more than one entity set or singleton named \(singleton.name)",
                    at: singleton.location)
            }
        }
        for i in container.entitySets.indices where !container.entitySets[i].navigationPropertyBindings.isEmpty {
            let set = container.entitySets[i]
            checkBindings(set.navigationPropertyBindings, of: set.name, in: container.name, sets: names, at: set.location)
        }
        for singleton in container.singletons where !singleton.navigationPropertyBindings.isEmpty {
            checkBindings(singleton.navigationPropertyBindings, of: singleton.name, in: container.name, sets: names, at: singleton.location)
        }
        var importNames = Set(container.functionImports.map(\.name))
        for i in container.actionImports.indices {
            let actionImport = container.actionImports[i]
            container.actionImports[i].action = qualify(actionImport.action)
            if !operationNames.contains(qualify(actionImport.action)) {
                report(
                    .error, "unresolved-action",
                    "ActionImport \(container.name)/\(actionImport.name) has Action \(actionImport.action), which is not declared",
                    at: actionImport.location)
            }
            if !importNames.insert(actionImport.name).inserted {
                report(
                    .error, "duplicate-name", "EntityContainer \(container.name) has more than one import named \(actionImport.name)",
                    at: actionImport.location)
            }
        }
    }

    /// Reports bindings whose target is a plain name that is not an entity set or singleton of the container.
    private mutating func checkBindings(
        _ bindings: [NavigationPropertyBinding], of source: String, in container: String, sets: Set<String>,
        at location: SourceLocation
    ) {
        for binding in bindings where !binding.target.containsUTF8(UInt8(ascii: "/")) && !sets.contains(binding.target) {
            report(
                .warning, "unresolved-entity-set",
                "the NavigationPropertyBinding \(binding.path) of \(container)/\(source) has Target \(binding.target), "
                    + "which is not an entity set or singleton of the container", at: location)
        }
    }
}
