import ODataMetadata

/// The pieces of a generated operation call shared by the container's imports and bound operations: the
/// arguments, the invocation and the runtime call for the result kind.
enum OperationCalls {
    /// `[(name: "P", value: p.edmValue), …]`, one entry per parameter.
    static func arguments(_ function: PlannedFunction) -> SwiftExpr {
        let entries = function.parameters.map { parameter -> SwiftExpr in
            let isOptional: Bool
            if case .optional = parameter.type { isOptional = true } else { isOptional = false }
            let value: SwiftExpr =
                isOptional
                ? .optionalMember(.identifier(parameter.name), "edmValue") : .member(.identifier(parameter.name), "edmValue")
            return .tuple([SwiftArgument("name", .string(parameter.edm.name)), SwiftArgument("value", value)])
        }
        return .array(entries, multiline: false)
    }

    /// `receiver.invokeX(Type.self, invocation, headers: headers, options: options)` and the Swift result type.
    static func call(_ receiver: SwiftExpr, _ function: PlannedFunction, invocation: SwiftExpr) -> (SwiftType?, SwiftExpr) {
        let standard: [(String?, SwiftExpr)] = [("headers", .identifier("headers")), ("options", .identifier("options"))]
        switch function.result {
        case .none:
            return (nil, Build.call(.member(receiver, "invokeVoid"), [(nil, invocation)] + standard))
        case .value(let type):
            return (
                type, Build.call(.member(receiver, "invokeValue"), [(nil, .member(.type(type), "self")), (nil, invocation)] + standard)
            )
        case .entity(let name):
            return (
                .named([name]),
                Build.call(
                    .member(receiver, "invokeEntity"), [(nil, .member(.type(.named([name])), "self")), (nil, invocation)] + standard)
            )
        case .entities(let name):
            return (
                .array(.named([name])),
                Build.call(
                    .member(receiver, "invokeEntities"), [(nil, .member(.type(.named([name])), "self")), (nil, invocation)] + standard)
            )
        }
    }

}

/// Translates the bound operations of one entity type into extensions: `extension Person { func getFriends(on:…) }`
/// for operations bound to one entity, `extension OData.TypedEntitySet where Entity == Person { … }` for those bound
/// to a set. Each method takes the service it is called through (`on service:`), then the parameters.
struct BoundOperationTranslator {
    let plan: ServicePlan
    let operations: [PlannedBoundOperation]
    let typeName: String

    private var access: AccessLevel { plan.access.declarationAccess }

    func declarations() -> [SwiftDecl] {
        var result: [SwiftDecl] = []
        let onEntity = operations.filter { !$0.isCollectionBound }.map(method)
        if !onEntity.isEmpty {
            result.append(
                .extension(
                    doc: ["The actions and functions bound to one \(DocComment.code(typeName))."], extendedType: .named([typeName]),
                    members: onEntity))
        }
        let onSet = operations.filter(\.isCollectionBound).map(method)
        if !onSet.isEmpty {
            result.append(
                .constrainedExtension(
                    doc: ["The actions and functions bound to a set of \(DocComment.code(typeName)) entities."],
                    extendedType: Build.type("OData.TypedEntitySet"), requirements: ["Entity == \(typeName)"], members: onSet))
        }
        return result
    }

    private func method(_ operation: PlannedBoundOperation) -> SwiftDecl {
        let function = operation.function
        let group = function.isAction ? "BoundActions" : "BoundFunctions"
        let handle = Build.member(.type(.named([plan.metadataName])), group, function.handleName)
        let binding: SwiftExpr =
            operation.isCollectionBound
            ? Build.call(.member(.type(Build.type("OData.OperationBinding")), "entitySet"), [(nil, .member(.self, "descriptor"))])
            : Build.call(.member(.type(Build.type("OData.OperationBinding")), "entity"), [(nil, .member(.self, "entityValue"))])
        let invocation = Build.call(
            .member(.identifier("query"), "invoke"), [(nil, handle), (nil, OperationCalls.arguments(function)), ("boundTo", binding)])
        let (result, body) = OperationCalls.call(.identifier("service"), function, invocation: invocation)
        let target = operation.isCollectionBound ? "this set" : "this entity"
        let name = function.operation?.qualifiedName ?? function.edm.name
        let kind = function.isAction ? "action" : "function"
        let doc = DocComment.lines(
            "Calls the bound \(kind) \(DocComment.code(name)) (HTTP \(function.httpMethod)) on \(target), through `service`.",
            annotations: function.edm.annotations, documentation: function.edm.documentation)
        let service = SwiftParameter(label: "on", name: "service", type: .generic(["OData", "DataService"], [.named(["Provider"])]))
        return .function(
            SwiftFunction(
                doc: doc, access: access, name: function.methodName,
                genericParameters: [SwiftGenericParameter(name: "Provider", constraint: Build.type("OData.DataServiceProvider"))],
                parameters: [service] + function.parameters.map { SwiftParameter(name: $0.name, type: $0.type) }
                    + [ServiceTranslator.queryParameter] + ServiceTranslator.standardParameters,
                isAsync: true, isThrowing: true, thrownType: .path("OData.ODataError"), result: result, body: [.expr(.tryAwait(body))]))
    }
}
