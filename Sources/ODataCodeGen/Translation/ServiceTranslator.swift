import ODataMetadata

/// Translates the plan's container into the service class: per entity set a collection fetch, per element
/// type a single fetch and a fetch by key, per function import one method; each `async throws(OData.ODataError)`
/// and with a completion handler (and, under `sapCompatibility`, synchronous).
struct ServiceTranslator {
    let plan: ServicePlan
    /// Whether each operation also gets SAP's synchronous twin (`sapCompatibility`), which resolves to the
    /// `ODataSAPCompatibility` product's synchronous runtime forms.
    var synchronousForms = false

    private var access: AccessLevel { plan.access.overridableAccess }

    func declaration() -> SwiftDecl {
        var members: [SwiftDecl] = [entitySetsMember()]
        for set in plan.entitySets {
            members += collectionMethods(set)
            members += singleMethods(set)
        }
        for singleton in plan.singletons { members += singletonMethods(singleton) }
        for function in plan.functions { members += functionMethods(function) }
        members += checkMetadataMethods()
        let doc = [
            "The \(DocComment.code(plan.container.name)) entity container: typed reads of its entity sets and calls of",
            "its function imports over a data-service provider (`init(provider:)` is inherited from `OData.DataService`).",
        ]
        return .nominal(
            SwiftNominal(
                doc: doc, access: plan.access == .public ? .open : plan.access.declarationAccess, kind: .class,
                name: plan.serviceName, genericParameters: [(name: "Provider", constraint: Build.type("OData.DataServiceProvider"))],
                inheritance: [
                    .generic(["OData", "DataService"], [.named(["Provider"])]),
                    .attributed("@unchecked", Build.type("Swift.Sendable")),
                ],
                members: members))
    }

    /// `override var entitySets`: the container's sets, for `createEntity(_:)` (set taken from the type).
    private func entitySetsMember() -> SwiftDecl {
        .property(
            SwiftProperty(
                doc: ["The entity sets of this container (`createEntity(_:)` finds an entity's set here)."],
                access: access, isStatic: false, isLet: false, name: "entitySets", type: .array(.path("OData.EntitySetDescriptor")),
                initializer: nil, getter: [.expr(.array(plan.entitySets.map(setHandle), multiline: true))], setter: nil,
                isOverride: true))
    }

    // MARK: Shared pieces

    static let standardParameters: [SwiftParameter] = [
        SwiftParameter(name: "headers", type: .optional(.path("OData.HTTPHeaders")), defaultValue: .nil),
        SwiftParameter(name: "options", type: .optional(.path("OData.RequestOptions")), defaultValue: .nil),
    ]

    static let queryParameter = SwiftParameter(
        name: "query", type: .path("OData.DataQuery"), defaultValue: Build.new("OData.DataQuery", []))

    static let forwardedStandard: [(String?, SwiftExpr)] = [("headers", .identifier("headers")), ("options", .identifier("options"))]

    private func setHandle(_ set: PlannedEntitySet) -> SwiftExpr {
        Build.member(.type(.named([plan.metadataName])), "EntitySets", set.handleName)
    }

    /// The async method (`throws(OData.ODataError)`), its completion-handler twin and, under `sapCompatibility`,
    /// its synchronous (`noasync`) twin. All call the same runtime function; the completion twin passes
    /// `completionHandler` as its last argument (the runtime's completion-handler overload, one generic adapter
    /// behind it), the synchronous one runs the async call through `ODataSAPCompatibility`'s one blocking adapter
    /// (`try self.blocking { try await … }`). The synchronous twin keeps an untyped `throws`, as SAP's do, so that
    /// ported `catch let error as DataServiceError` clauses draw no "always true" warning.
    private func pair(
        doc: [String], name: String, parameters: [SwiftParameter], result: SwiftType?, body: SwiftExpr
    ) -> [SwiftDecl] {
        let asyncMethod = SwiftFunction(
            doc: doc, access: access, name: name, parameters: parameters, isAsync: true, isThrowing: true,
            thrownType: .path("OData.ODataError"), result: result, body: [.expr(.tryAwait(body))])
        guard case .call(let callee, let arguments, _) = body else { return [.function(asyncMethod)] }
        let withHandler = SwiftExpr.call(
            callee, arguments + [SwiftArgument("completionHandler", .identifier("completionHandler"))], trailingClosure: nil)
        let error = SwiftType.optional(.existential(.path("Swift.Error")))
        let handlerParameters: [SwiftType] = result.map { [.optional($0), error] } ?? [error]
        let handlerType = SwiftType.function(
            attributes: ["@escaping", "@MainActor"], parameters: handlerParameters, result: .path("Swift.Void"))
        let handlerDoc = doc + ["", "The completion handler is called on the main actor with the result or the error."]
        let handlerMethod = SwiftFunction(
            doc: handlerDoc, access: access, name: name,
            parameters: parameters + [SwiftParameter(name: "completionHandler", type: handlerType)],
            body: [.expr(withHandler)])
        guard synchronousForms else { return [.function(asyncMethod), .function(handlerMethod)] }
        let syncMethod = SwiftFunction(
            doc: doc + ["", "Synchronous: blocks the calling thread (SAP's form, for background queues); not for async contexts."],
            attributes: ["@available(*, noasync, message: \"use the async form in an async context\")"], access: access, name: name,
            parameters: parameters, isThrowing: true, result: result,
            body: [.expr(.tryExpr(.call(.member(.self, "blocking"), [], trailingClosure: [.expr(.tryAwait(body))])))])
        return [.function(asyncMethod), .function(handlerMethod), .function(syncMethod)]
    }

    // MARK: Entity sets

    private func collectionMethods(_ set: PlannedEntitySet) -> [SwiftDecl] {
        let doc =
            DocComment.lines(
                "Reads entities of the \(DocComment.code(set.edm.name)) entity set.", annotations: set.edm.annotations,
                documentation: set.edm.documentation) + DocComment.restrictions(set.edm)
        let matching = SwiftParameter(
            label: "matching", name: "query", type: .path("OData.DataQuery"), defaultValue: Build.new("OData.DataQuery", []))
        // A `sap:requires-filter` set is read with a filter the caller must give.
        let requiresFilter = set.capabilities.requiresFilter
        let filter = SwiftParameter(name: "filter", type: .path("OData.QueryFilter"))
        let query: SwiftExpr =
            requiresFilter ? Build.call(.member(.identifier("query"), "filter"), [(nil, .identifier("filter"))]) : .identifier("query")
        let body = Build.call(
            .member(.self, "fetch"),
            [
                (nil, .member(.type(.named([set.typeName])), "self")),
                ("matching", Build.call(.member(query, "fromDefault"), [(nil, setHandle(set))])),
            ] + Self.forwardedStandard)
        let note = requiresFilter ? ["", "- Note: The service reads this set only with a filter (`sap:requires-filter=\"true\"`)."] : []
        return pair(
            doc: doc + note, name: set.fetchName, parameters: (requiresFilter ? [filter] : []) + [matching] + Self.standardParameters,
            result: .array(.named([set.typeName])), body: body)
    }

    private func singleMethods(_ set: PlannedEntitySet) -> [SwiftDecl] {
        let type = plan.entityTypes[set.typeIndex]
        let matching = SwiftParameter(label: "matching", name: "query", type: .path("OData.DataQuery"))
        let body = Build.call(
            .member(.self, "fetchOne"),
            [
                (nil, .member(.type(.named([set.typeName])), "self")),
                ("matching", Build.call(.member(.identifier("query"), "fromDefault"), [(nil, setHandle(set))])),
            ] + Self.forwardedStandard)
        var methods = pair(
            doc: ["Reads the one entity of \(DocComment.code(set.edm.name)) that the query addresses (by key or filter)."],
            name: set.singleName, parameters: [matching] + Self.standardParameters, result: .named([set.typeName]), body: body)
        guard let withKeyName = set.withKeyName else { return methods }
        let keyParameters = zip(type.keys, type.keyLabels).map { key, label in
            SwiftParameter(name: label, type: .optional(key.valueType))
        }
        let key = Build.call(.member(.type(.named([set.typeName])), "key"), keyParameters.map { ($0.name, .identifier($0.name)) })
        let keyed = Build.call(.member(.identifier("query"), "withKey"), [(nil, key)])
        let byKey = Build.call(
            .member(.self, "fetchOne"),
            [
                (nil, .member(.type(.named([set.typeName])), "self")),
                ("matching", Build.call(.member(keyed, "fromDefault"), [(nil, setHandle(set))])),
            ] + Self.forwardedStandard)
        let names = type.keys.map { DocComment.code($0.path) }.joined(separator: ", ")
        methods += pair(
            doc: ["Reads the entity of \(DocComment.code(set.edm.name)) with this key (\(names))."], name: withKeyName,
            parameters: keyParameters + [Self.queryParameter] + Self.standardParameters, result: .named([set.typeName]),
            body: byKey)
        return methods
    }

    // MARK: Drift check

    /// `checkMetadata()`: the served `$metadata` compared with the model this code was generated from.
    private func checkMetadataMethods() -> [SwiftDecl] {
        let headers = SwiftParameter(name: "headers", type: .path("OData.HTTPHeaders"), defaultValue: Build.new("OData.HTTPHeaders", []))
        let body = Build.call(
            .member(.self, "checkMetadata"),
            [
                ("generatedModel", Build.member(.type(.named([plan.metadataName])), "modelSummary")),
                ("headers", .identifier("headers")),
            ])
        return pair(
            doc: [
                "Fetches the served `$metadata` and reports what changed since this code was generated that can break it",
                "(missing sets, types, properties, keys or function imports, changed types, new required properties or parameters).",
            ],
            name: "checkMetadata", parameters: [headers], result: .path("OData.MetadataDriftReport"), body: body)
    }

    // MARK: Function imports

    private func functionMethods(_ function: PlannedFunction) -> [SwiftDecl] {
        let group = function.isAction ? "ActionImports" : "FunctionImports"
        let handle = Build.member(.type(.named([plan.metadataName])), group, function.handleName)
        let invocation = Build.call(
            .member(.identifier("query"), "invoke"), [(nil, handle), (nil, OperationCalls.arguments(function))])
        let (result, body) = OperationCalls.call(.self, function, invocation: invocation)
        let kind = function.operation == nil ? "function" : (function.isAction ? "action" : "function")
        let doc = DocComment.lines(
            "Calls the \(DocComment.code(function.edm.name)) \(kind) import (HTTP \(function.httpMethod)).",
            annotations: function.edm.annotations, documentation: function.edm.documentation)
        let parameters = function.parameters.map { SwiftParameter(name: $0.name, type: $0.type) }
        return pair(
            doc: doc, name: function.methodName, parameters: parameters + [Self.queryParameter] + Self.standardParameters,
            result: result, body: body)
    }

    // MARK: Singletons

    private func singletonMethods(_ singleton: PlannedSingleton) -> [SwiftDecl] {
        let handle = Build.member(.type(.named([plan.metadataName])), "Singletons", singleton.handleName)
        let body = Build.call(
            .member(.self, "fetchOne"),
            [
                (nil, .member(.type(.named([singleton.typeName])), "self")),
                ("matching", Build.call(.member(.identifier("query"), "fromDefault"), [(nil, handle)])),
            ] + Self.forwardedStandard)
        let doc = DocComment.lines(
            "Reads the \(DocComment.code(singleton.edm.name)) singleton.", annotations: singleton.edm.annotations,
            documentation: singleton.edm.documentation)
        return pair(
            doc: doc, name: singleton.fetchName, parameters: [Self.queryParameter] + Self.standardParameters,
            result: .named([singleton.typeName]), body: body)
    }
}
