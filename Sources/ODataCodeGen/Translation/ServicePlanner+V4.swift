import ODataMetadata

/// Planning of what OData v3 and v4 add: enum types, type definitions, singletons, action and function imports
/// over schema operations, and bound operations.
extension ServicePlanner {
    // MARK: Enum types and type definitions

    /// Names the enum types (module scope) and their members (one scope per enum).
    mutating func planEnumTypes(_ types: [EnumType], typeScope: inout NameScope) -> [PlannedEnumType] {
        let locked = reserveLocked(types.map { ("EnumType \($0.qualifiedName)", [$0.qualifiedName, $0.name]) }, in: &typeScope)
        var planned: [PlannedEnumType] = []
        for type in types {
            let key = "EnumType \(type.qualifiedName)"
            let name =
                locked.contains(key) ? lock[key]! : typeScope.claim(rename([type.qualifiedName, type.name]) ?? names.typeName(type.name))
            var scope = NameScope(reserved: ReservedNames.enumMembers(isFlags: type.isFlags).union([name]))
            let memberKey = { (member: EnumMember) in "EnumMember \(type.qualifiedName)/\(member.name)" }
            let lockedMembers = reserveLocked(type.members.map { (memberKey($0), []) }, in: &scope)
            let memberNames = type.members.map { member in
                lockedMembers.contains(memberKey(member)) ? lock[memberKey(member)]! : scope.claim(names.memberName(member.name))
            }
            planned.append(PlannedEnumType(edm: type, name: name, memberNames: memberNames))
        }
        return planned
    }

    /// Names the type definitions (module scope).
    mutating func planTypeDefinitions(_ types: [TypeDefinition], typeScope: inout NameScope) -> [PlannedTypeDefinition] {
        let locked = reserveLocked(
            types.map { ("TypeDefinition \($0.qualifiedName)", [$0.qualifiedName, $0.name]) }, in: &typeScope)
        return types.map { type in
            let key = "TypeDefinition \(type.qualifiedName)"
            let name =
                locked.contains(key) ? lock[key]! : typeScope.claim(rename([type.qualifiedName, type.name]) ?? names.typeName(type.name))
            return PlannedTypeDefinition(edm: type, name: name)
        }
    }

    // MARK: Singletons

    /// Names the singletons' handles and fetch methods (`fetchMe`).
    mutating func planSingletons(
        _ singletons: [Singleton], container: EntityContainer, entityTypes: [PlannedEntityType], scope: inout NameScope,
        memberReserved: Set<String>
    ) -> [PlannedSingleton] {
        var handles = NameScope(reserved: memberReserved)
        var planned: [PlannedSingleton] = []
        for singleton in singletons {
            guard let type = entityTypes.first(where: { $0.edm.qualifiedName == singleton.type }) else {
                warn("singleton \(singleton.name) skipped: its type \(singleton.type) is not generated", singleton.location)
                continue
            }
            let renamed = rename(["\(container.name)/\(singleton.name)", singleton.name])
            let lockKey = "Singleton \(container.name)/\(singleton.name)"
            let stem = renamed.map(NameTransformer.capitalizeFirst) ?? names.methodStem(singleton.name)
            let fetchName = lock[lockKey].flatMap { scope.isFree($0) ? $0 : nil } ?? "fetch" + stem
            planned.append(
                PlannedSingleton(
                    edm: singleton, typeName: type.name, handleName: handles.claim(renamed ?? names.memberName(singleton.name)),
                    fetchName: scope.claim(fetchName)))
        }
        return planned
    }

    // MARK: Imports of schema operations

    /// The operations that the container's imports call, one `FunctionImport` per unbound overload: v2/v3 function
    /// imports as they are (but v3 `IsBindable` ones, which `boundOperations` plans), v4 function imports and
    /// action imports expanded from their schema's functions and actions.
    mutating func importedOperations(_ subset: SubsetSelection) -> [FunctionImport] {
        var imports: [FunctionImport] = []
        for function in subset.functionImports where !function.isBindable {
            guard let name = function.function else {
                imports.append(function)
                continue
            }
            imports += overloads(
                of: name, kind: .function, importName: function.name, entitySet: function.entitySet,
                annotations: function.annotations, documentation: function.documentation, location: function.location)
        }
        for action in subset.actionImports {
            imports += overloads(
                of: action.action, kind: .action, importName: action.name, entitySet: action.entitySet,
                annotations: action.annotations, documentation: action.documentation, location: action.location)
        }
        return imports
    }

    /// The unbound overloads of a v4 operation, each as the import that calls it.
    private mutating func overloads(
        of name: String, kind: OperationKind, importName: String, entitySet: String?, annotations: AnnotationSet,
        documentation: Documentation?, location: SourceLocation
    ) -> [FunctionImport] {
        let kindName = kind == .action ? "action" : "function"
        let operations = metadata.operations(named: name).filter { !$0.isBound && $0.kind == kind }
        if operations.isEmpty {
            warn("\(kindName) import \(importName) skipped: the document declares no unbound \(kindName) \(name)", location)
        }
        return operations.map { operation in
            FunctionImport(
                name: importName, returnType: operation.returnType?.type, entitySet: entitySet, parameters: operation.parameters,
                kind: kind, function: operation.qualifiedName, isComposable: operation.isComposable, annotations: annotations,
                documentation: documentation ?? operation.documentation, location: location)
        }
    }

    // MARK: Bound operations

    /// Plans the bound operations (v4 `IsBound`, v3 `IsBindable` function imports) on their binding entity type
    /// or its sets. Operations bound to anything else are reported and left out.
    mutating func planBoundOperations(
        subset: SubsetSelection, entityTypes: [PlannedEntityType], memberReserved: Set<String>, resolver: TypeResolver
    ) -> [PlannedBoundOperation] {
        var candidates: [(binding: FunctionImportParameter, function: FunctionImport, key: String)] = []
        for operation in metadata.operations where operation.isBound {
            guard let binding = operation.bindingParameter else { continue }
            let function = FunctionImport(
                name: operation.name, returnType: operation.returnType?.type, parameters: Array(operation.nonBindingParameters),
                kind: operation.kind, function: operation.qualifiedName, isComposable: operation.isComposable,
                annotations: operation.annotations, documentation: operation.documentation, location: operation.location)
            candidates.append((binding, function, "\(operation.qualifiedName)(\(binding.type.csdlName))"))
        }
        for function in subset.functionImports where function.isBindable {
            guard let binding = function.parameters.first else {
                warn("bound function import \(function.name) skipped: it has no binding parameter", function.location)
                continue
            }
            var unbound = function
            unbound.parameters.removeFirst()
            candidates.append((binding, unbound, "\(function.name)(\(binding.type.csdlName))"))
        }
        var functionHandles = NameScope(reserved: memberReserved)
        var actionHandles = NameScope(reserved: memberReserved)
        var scopes: [String: NameScope] = [:]
        var overloads: [String: [String: [Overload]]] = [:]
        var planned: [PlannedBoundOperation] = []
        for (binding, function, key) in candidates {
            let title = "bound \(describe(function)) \(function.function ?? function.name)"
            let isCollection = binding.type.isCollection
            guard case .entity(let bindingType) = binding.type.elementType,
                let type = entityTypes.first(where: { $0.edm.qualifiedName == bindingType })
            else {
                warn(
                    "\(title) skipped: it is bound to \(binding.type.csdlName), which is not a generated entity type "
                        + "(operations are generated on entity types and their sets)", function.location)
                continue
            }
            let naming = OperationNaming(
                lockKey: "BoundOperation \(key)", renameKeys: [key, function.function ?? function.name],
                parameterKeyPrefix: "Parameter \(key)", title: title)
            guard
                var result = planOperation(
                    function, naming: naming, memberReserved: memberReserved, resolver: resolver, parameterReserved: ["service"])
            else {
                continue
            }
            let memberName = rename(naming.renameKeys) ?? names.memberName(function.name)
            result.handleName = result.isAction ? actionHandles.claim(memberName) : functionHandles.claim(memberName)
            let scopeKey = (isCollection ? "Collection " : "") + type.edm.qualifiedName
            var scope = scopes[scopeKey] ?? NameScope(reserved: bindingReserved(type, isCollection: isCollection))
            var targetOverloads = overloads[scopeKey] ?? [:]
            // The lock's name for the method is used when its scope still has it free (as for the container's members).
            var lockUsable = false
            if let locked = lock[naming.lockKey], targetOverloads[function.name] == nil, scope.isFree(locked) {
                scope.reserve(locked)
                lockUsable = true
            }
            let savedLock = lockedServiceMembers
            lockedServiceMembers = lockUsable ? [naming.lockKey] : []
            result.methodName = methodName(
                for: result, naming: naming, memberName: memberName, overloads: &targetOverloads, scope: &scope)
            lockedServiceMembers = savedLock
            scopes[scopeKey] = scope
            overloads[scopeKey] = targetOverloads
            planned.append(
                PlannedBoundOperation(
                    function: result, bindingTypeName: type.name, isCollectionBound: isCollection,
                    bindingCSDLName: binding.type.csdlName))
        }
        return planned
    }

    /// The names a bound operation's method may not take: the entity type's members (for an entity-bound one) or
    /// `TypedEntitySet`'s (for a set-bound one).
    private func bindingReserved(_ type: PlannedEntityType, isCollection: Bool) -> Set<String> {
        if isCollection { return ReservedNames.typedSetMembers }
        return ReservedNames.entityMembers.union(ReservedNames.shadowableEntityMembers).union([type.name])
            .union(type.properties.map(\.name)).union(type.navigations.map(\.name))
    }
}
