import ODataMetadata

/// Planning of operations: v2/v3 function imports, v4 action and function imports (one method per overload of
/// the imported operation) and bound operations (on their binding type). Each is one `PlannedFunction`.
extension ServicePlanner {
    /// Where an operation's Swift names come from.
    struct OperationNaming {
        /// The lock key of the method (`FunctionImport C/Name`).
        var lockKey: String
        /// The configured-rename keys, most specific first.
        var renameKeys: [String]
        /// The prefix of its parameters' lock keys (`Parameter C/Name`).
        var parameterKeyPrefix: String
        /// What the diagnostics call it (`function import GetX`).
        var title: String
    }

    /// Names container-level operations (function and action imports) and resolves their types.
    mutating func planFunctions(
        _ imports: [FunctionImport], container: EntityContainer, scope: inout NameScope, memberReserved: Set<String>,
        resolver: TypeResolver
    ) -> [PlannedFunction] {
        var functionHandles = NameScope(reserved: memberReserved)
        var actionHandles = NameScope(reserved: memberReserved)
        var planned: [PlannedFunction] = []
        var overloadNames: [String: [Overload]] = [:]
        for function in imports {
            let naming = OperationNaming(
                lockKey: "FunctionImport \(container.name)/\(function.name)",
                renameKeys: ["\(container.name)/\(function.name)", function.name],
                parameterKeyPrefix: "Parameter \(container.name)/\(function.name)",
                title: function.function == nil ? "function import \(function.name)" : "\(describe(function)) import \(function.name)")
            guard
                var result = planOperation(
                    function, naming: naming, memberReserved: memberReserved, resolver: resolver)
            else { continue }
            let memberName = rename(naming.renameKeys) ?? names.memberName(function.name)
            result.handleName =
                result.isAction ? actionHandles.claim(memberName) : functionHandles.claim(memberName)
            result.methodName = methodName(
                for: result, naming: naming, memberName: memberName, overloads: &overloadNames, scope: &scope)
            planned.append(result)
        }
        return planned
    }

    /// The method name of an operation: the locked name, else the name of an earlier overload whose Swift signature
    /// differs (Swift overloads by labels and types), else a fresh name from `scope`.
    mutating func methodName(
        for function: PlannedFunction, naming: OperationNaming, memberName: String, overloads: inout [String: [Overload]],
        scope: inout NameScope
    ) -> String {
        let overloadKey = function.edm.name
        let earlier = overloads[overloadKey] ?? []
        let name: String
        if earlier.isEmpty, lockedServiceMembers.contains(naming.lockKey), let locked = lock[naming.lockKey] {
            name = locked
        } else if let first = earlier.first, !earlier.contains(where: { $0.signature == function.swiftSignature }) {
            name = first.methodName
        } else {
            name = scope.claim(memberName)
        }
        overloads[overloadKey, default: []].append(Overload(signature: function.swiftSignature, methodName: name))
        return name
    }

    /// An operation already named: its Swift signature and method name.
    struct Overload {
        var signature: String
        var methodName: String
    }

    /// Plans one operation's parameters and result; nil (with a warning saying why) when it cannot be generated.
    mutating func planOperation(
        _ function: FunctionImport, naming: OperationNaming, memberReserved: Set<String>, resolver: TypeResolver,
        parameterReserved: Set<String> = []
    ) -> PlannedFunction? {
        guard let result = resolver.functionReturn(function.returnType) else {
            warn(
                "\(naming.title) skipped: return type \(function.returnType?.csdlName ?? "?") is not generated",
                function.location)
            return nil
        }
        var parameterScope = NameScope(reserved: memberReserved.union(ReservedNames.methodParameters).union(parameterReserved))
        let parameterKey = { (name: String) in "\(naming.parameterKeyPrefix)/\(name)" }
        let lockedParameters = reserveLocked(function.parameters.map { (parameterKey($0.name), []) }, in: &parameterScope)
        var parameters: [PlannedParameter] = []
        for parameter in function.parameters {
            guard var planned = planParameter(parameter, resolver: resolver) else {
                warn(
                    "\(naming.title) skipped: parameter \(parameter.name) has \(parameterProblem(parameter.type, resolver))",
                    function.location)
                return nil
            }
            planned.name =
                lockedParameters.contains(parameterKey(parameter.name))
                ? lock[parameterKey(parameter.name)]! : parameterScope.claim(names.memberName(parameter.name))
            parameters.append(planned)
        }
        let operation = function.function.flatMap { name in
            metadata.operations(named: name).first { $0.qualifiedName == name }
        }
        return PlannedFunction(
            edm: function, handleName: "", methodName: "", httpMethod: function.effectiveHTTPMethod.uppercased(),
            parameters: parameters, result: result.planned, returnType: result.runtimeType, operation: operation)
    }

    /// A parameter's Swift and runtime types: primitives in every version; enums in v3 and v4 (the runtime writes
    /// them as enum literals, `NS.Color'Red'`, in a URL and as member names in a body); type definitions, complex
    /// values and collections in v4, whose wire names their types (a v3 URL carries no complex values).
    private func planParameter(_ parameter: FunctionImportParameter, resolver: TypeResolver) -> PlannedParameter? {
        let optional = { (type: SwiftType) in parameter.isNullable ? SwiftType.optional(type) : type }
        if case .primitive(let primitive) = parameter.type {
            let swiftType = TypeMapping.swiftType(primitive)
            return PlannedParameter(edm: parameter, name: "", type: optional(swiftType), edmType: TypeMapping.edmType(primitive))
        }
        var isEnum = false
        if case .enumeration = parameter.type { isEnum = true }
        guard metadata.version.isV4 || isEnum else { return nil }
        if let swiftType = resolver.scalarSwiftType(parameter.type), let edm = resolver.scalarEdmType(parameter.type) {
            var enumName: String?
            if case .enumeration(let name) = parameter.type { enumName = resolver.enumNames[name] }
            let typeName = resolver.rowTypeName(parameter.type)
            return PlannedParameter(
                edm: parameter, name: "", type: optional(swiftType), edmType: TypeMapping.edmType(edm),
                typeName: typeName == edm.qualifiedName ? nil : typeName, enumName: enumName)
        }
        guard let mapped = resolver.propertyType(parameter.type) else { return nil }
        var enumName: String?
        if case .enumeration(let name) = parameter.type.elementType { enumName = resolver.enumNames[name] }
        return PlannedParameter(
            edm: parameter, name: "", type: optional(mapped.swiftType), edmType: TypeMapping.edmType(.untyped),
            typeName: resolver.rowTypeName(parameter.type), enumName: enumName)
    }

    /// Why a parameter's type cannot be generated, for the warning.
    private func parameterProblem(_ type: TypeReference, _ resolver: TypeResolver) -> String {
        // A v2/v3 URL carries primitive and (v3) enum values only (see `planParameter`).
        guard metadata.version.isV4 else { return "non-primitive type \(type.csdlName)" }
        switch type.elementType {
        case .entity: return "entity type \(type.csdlName) (entity-valued parameters are not generated)"
        case .unresolved: return "type \(type.csdlName), which does not resolve"
        case .complex(let name) where resolver.complexNames[name] == nil: return "type \(type.csdlName), which is not generated"
        default: return "type \(type.csdlName), which is not generated"
        }
    }

    /// `action` or `function`.
    func describe(_ function: FunctionImport) -> String { function.kind == .action ? "action" : "function" }
}

extension PlannedFunction {
    /// The Swift signature that overloads must differ in: parameter labels and types.
    var swiftSignature: String {
        let renderer = SwiftRenderer()
        return parameters.map { "\($0.name):\(renderer.typeText($0.type))" }.joined(separator: ",")
    }
}
