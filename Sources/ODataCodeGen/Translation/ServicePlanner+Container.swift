import ODataMetadata

extension ServicePlanner {
    /// Names the entity-set handles and fetch methods. Set methods are claimed before the single-entity
    /// methods, so a set named like its type keeps the plain name (`fetchStock`) and the single-entity
    /// pair takes the suffix (`fetchStock1`, `fetchStock1WithKey`), as SAP's generator does.
    mutating func planEntitySets(
        _ sets: [EntitySet], container: EntityContainer, entityTypes: [PlannedEntityType], scope: inout NameScope,
        memberReserved: Set<String>
    ) -> [PlannedEntitySet] {
        var handles = NameScope(reserved: memberReserved)
        let lockedHandles = reserveLocked(
            sets.map { ("EntitySetHandle \(container.name)/\($0.name)", ["\(container.name)/\($0.name)", $0.name]) }, in: &handles)
        var planned: [PlannedEntitySet] = []
        for set in sets {
            guard let typeIndex = entityTypes.firstIndex(where: { $0.edm.qualifiedName == set.entityType }) else {
                warn("entity set \(set.name) skipped: its type \(set.entityType) is not generated", set.location)
                continue
            }
            let renamed = rename(["\(container.name)/\(set.name)", set.name])
            let handleKey = "EntitySetHandle \(container.name)/\(set.name)"
            let handle = lockedHandles.contains(handleKey) ? lock[handleKey]! : handles.claim(renamed ?? names.memberName(set.name))
            let stem = renamed.map(NameTransformer.capitalizeFirst) ?? names.methodStem(set.name)
            let lockKey = "EntitySet \(container.name)/\(set.name)"
            let fetchName = lockedServiceMembers.contains(lockKey) ? lock[lockKey]! : scope.claim("fetch" + stem)
            planned.append(
                PlannedEntitySet(
                    edm: set, typeName: entityTypes[typeIndex].name, typeIndex: typeIndex, handleName: handle,
                    fetchName: fetchName, singleName: "", withKeyName: nil,
                    capabilities: SetCapabilities(set: set, container: container, metadata: metadata)))
        }
        for i in planned.indices {
            let type = entityTypes[planned[i].typeIndex]
            let hasKey = !type.keys.isEmpty
            let stem = scope.claimGroup(NameTransformer.capitalizeFirst(type.name)) { stem in
                hasKey ? ["fetch" + stem, "fetch" + stem + "WithKey"] : ["fetch" + stem]
            }
            planned[i].singleName = "fetch" + stem
            planned[i].withKeyName = hasKey ? "fetch" + stem + "WithKey" : nil
        }
        return planned
    }

    /// Names function-import methods and their parameters and resolves their types.
    mutating func planFunctions(
        _ imports: [FunctionImport], container: EntityContainer, scope: inout NameScope, memberReserved: Set<String>,
        resolver: TypeResolver
    ) -> [PlannedFunction] {
        var functionHandles = NameScope(reserved: memberReserved)
        var actionHandles = NameScope(reserved: memberReserved)
        var planned: [PlannedFunction] = []
        outer: for function in imports {
            guard let result = resolver.functionReturn(function.returnType) else {
                warn(
                    "function import \(function.name) skipped: return type \(function.returnType?.csdlName ?? "?") is not generated",
                    function.location)
                continue
            }
            var parameterScope = NameScope(reserved: memberReserved.union(ReservedNames.methodParameters))
            let parameterKey = { (name: String) in "Parameter \(container.name)/\(function.name)/\(name)" }
            let lockedParameters = reserveLocked(function.parameters.map { (parameterKey($0.name), []) }, in: &parameterScope)
            var parameters: [PlannedParameter] = []
            for parameter in function.parameters {
                guard case .primitive(let primitive) = parameter.type, let swiftType = TypeMapping.swiftType(primitive) else {
                    warn(
                        "function import \(function.name) skipped: parameter \(parameter.name) has non-primitive type "
                            + parameter.type.csdlName, function.location)
                    continue outer
                }
                parameters.append(
                    PlannedParameter(
                        edm: parameter,
                        name: lockedParameters.contains(parameterKey(parameter.name))
                            ? lock[parameterKey(parameter.name)]! : parameterScope.claim(names.memberName(parameter.name)),
                        type: parameter.isNullable ? .optional(swiftType) : swiftType,
                        edmType: TypeMapping.edmType(primitive)))
            }
            let httpMethod = function.effectiveHTTPMethod.uppercased()
            let renamed = rename(["\(container.name)/\(function.name)", function.name])
            let memberName = renamed ?? names.memberName(function.name)
            let handle = httpMethod == "GET" ? functionHandles.claim(memberName) : actionHandles.claim(memberName)
            planned.append(
                PlannedFunction(
                    edm: function, handleName: handle,
                    methodName: lockedServiceMembers.contains("FunctionImport \(container.name)/\(function.name)")
                        ? lock["FunctionImport \(container.name)/\(function.name)"]! : scope.claim(memberName),
                    httpMethod: httpMethod,
                    parameters: parameters, result: result.planned, returnType: result.runtimeType))
        }
        return planned
    }
}
