extension ModelResolver {
    /// Qualifies and checks entity sets, association sets and function imports.
    mutating func resolveContainers() {
        var defaults = 0
        var first: String?
        // Every container `Extends` may name, found before the containers are moved out for editing (and only when
        // some container extends one: most documents have none).
        let declared =
            schemas.contains { $0.entityContainers.contains { $0.extends != nil } }
            ? Set((schemas + referencedSchemas).flatMap { $0.entityContainers.map(\.qualifiedName) }) : []
        for s in schemas.indices {
            // Moved out, so that each container is edited in place (a copy shared its sets, which the first edit copied).
            var containers = schemas[s].entityContainers
            schemas[s].entityContainers = []
            for c in containers.indices {
                if containers[c].isDefault { defaults += 1 }
                if let first, version.isV4 {
                    report(
                        .error, "multiple-containers",
                        "EntityContainer \(containers[c].qualifiedName) is a second entity container: a CSDL 4 document has exactly one, "
                            + "and \(first) is the service's", at: containers[c].location)
                }
                first = first ?? containers[c].qualifiedName
                if let written = containers[c].extends {
                    containers[c].extends = qualify(written)
                    checkExtends(of: containers[c], written: written, declared: declared)
                }
                // The entity sets' names, built once for the checks that follow.
                let setNames = resolveEntitySets(&containers[c])
                resolveAssociationSets(&containers[c], setNames: setNames)
                resolveFunctionImports(&containers[c], setNames: setNames)
                resolveSingletonsAndActionImports(&containers[c], setNames: setNames)
                checkNamesAcrossKinds(containers[c], setNames: setNames)
                if defaults == 2, containers[c].isDefault {
                    report(
                        .warning, "multiple-default-containers",
                        "EntityContainer \(containers[c].name) is the second one marked m:IsDefaultEntityContainer; the first is the default",
                        at: containers[c].location)
                }
            }
            schemas[s].entityContainers = containers
        }
    }

    /// Qualifies each set's entity type in place (a set copied out and written back went through its value witnesses).
    /// Returns the sets' names.
    private mutating func resolveEntitySets(_ container: inout EntityContainer) -> Set<String> {
        var names = Set<String>(minimumCapacity: container.entitySets.count)
        for i in container.entitySets.indices {
            let written = container.entitySets[i].entityType
            let resolved = aliasResolved(written)
            if entityTypePath(resolved ?? written) == nil {
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
            if let resolved { container.entitySets[i].entityType = resolved }
        }
        return names
    }

    /// Qualifies each association set's `Association` and checks its name, association, roles and entity sets, in
    /// place: messages are built only when reported, and the association is read where it is, not copied out.
    private mutating func resolveAssociationSets(_ container: inout EntityContainer, setNames: Set<String>) {
        var names = Set<String>()
        names.reserveCapacity(container.associationSets.count)
        for i in container.associationSets.indices {
            let written = container.associationSets[i].association
            if let qualified = aliasResolved(written) { container.associationSets[i].association = qualified }
            let setName = container.associationSets[i].name
            let location = container.associationSets[i].location
            var context: String { "AssociationSet \(container.name)/\(setName)" }
            if !names.insert(setName).inserted {
                report(
                    .error, "duplicate-name", "EntityContainer \(container.name) has more than one AssociationSet named \(setName)",
                    at: location)
            }
            let position = associationIndex[container.associationSets[i].association]
            if position == nil {
                report(.error, "unresolved-association", "\(context) has Association \(written), which is not declared", at: location)
            }
            for end in container.associationSets[i].ends {
                if let position, !schemas[position.schema].associations[position.item].ends.contains(where: { $0.role == end.role }) {
                    report(
                        .error, "unresolved-role",
                        "\(context) has an End with Role \(end.role), which is not a role of \(schemas[position.schema].associations[position.item].qualifiedName)",
                        at: location)
                }
                if !setNames.contains(end.entitySet) {
                    report(
                        .error, "unresolved-entity-set",
                        "\(context) has an End with EntitySet \(end.entitySet), which is not in the container", at: location)
                }
            }
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
    /// member's target is left alone: the parser built it from its schema's namespace, so even a namespace that is
    /// spelt like another schema's alias names its own schema there.
    mutating func resolveAnnotationTargets() {
        guard aliasLengths != 0 else { return }
        for s in schemas.indices {
            for b in schemas[s].annotationBlocks.indices {
                // Told apart without copying the path out (most blocks of a v4 document are inline members').
                if schemas[s].annotationBlocks[b].path.isMember { continue }
                guard case .text(let target) = schemas[s].annotationBlocks[b].path else { continue }
                if let resolved = dealiasedHead(target) { schemas[s].annotationBlocks[b].path = .text(resolved) }
            }
        }
    }

    /// `target` with the alias before the last "." ahead of any "/" replaced by its namespace; nil when that prefix
    /// is no alias.
    private func dealiasedHead(_ target: String) -> String? {
        var target = target
        return target.withUTF8 { bytes in
            // The head's namespace-or-alias prefix ends at the last "." ahead of any "/".
            let headEnd = bytes.firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
            return aliasPrefixLength(in: UnsafeBufferPointer(rebasing: bytes[..<headEnd])).flatMap {
                replacingAlias(in: bytes, prefixLength: $0)
            }
        }
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
        // Read in place (a set copied out went through its value witnesses).
        for i in container.entitySets.indices where !container.entitySets[i].navigationPropertyBindings.isEmpty {
            checkBindings(
                container.entitySets[i].navigationPropertyBindings, of: container.entitySets[i].name, in: container.name, sets: names,
                at: container.entitySets[i].location)
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
        for i in bindings.indices where !bindings[i].target.containsUTF8(UInt8(ascii: "/")) && !sets.contains(bindings[i].target) {
            report(
                .warning, "unresolved-entity-set",
                "the NavigationPropertyBinding \(bindings[i].path) of \(container)/\(source) has Target \(bindings[i].target), "
                    + "which is not an entity set or singleton of the container", at: location)
        }
    }
}
