import ODataMetadata

/// Translates the plan into `enum <Service>Metadata` with the runtime descriptors of the entity types,
/// entity sets, complex types, function imports (GET) and action imports (other methods).
struct MetadataTranslator {
    let plan: ServicePlan
    /// The model the code is generated from, embedded for `checkMetadata()`.
    let summary: ModelSummary

    private var access: AccessLevel { plan.access.declarationAccess }

    func declaration() -> SwiftDecl {
        let groups: [SwiftDecl] = [
            group(
                "EntityTypes", "The entity types' descriptors.",
                plan.entityTypes.map { type in
                    Build.constant(
                        ["\(DocComment.code(type.edm.qualifiedName))."], access, type.handleName,
                        .path("OData.EntityTypeDescriptor"), TypeMapping.entityDescriptor(type.name))
                }),
            group(
                "ComplexTypes", "The complex types' descriptors.",
                plan.complexTypes.map { type in
                    Build.constant(
                        ["\(DocComment.code(type.edm.qualifiedName))."], access, type.handleName,
                        .path("OData.ComplexTypeDescriptor"), TypeMapping.complexDescriptor(type.name))
                }),
            group("EntitySets", "The entity sets' descriptors.", plan.entitySets.map(entitySet)),
            group(
                "Sets", "The entity sets' typed handles: whether the service allows creates, updates and deletes is part of the type.",
                plan.entitySets.map(typedSet)),
            group("FunctionImports", "The function imports called with GET.", plan.functions.filter { !$0.isAction }.map { function($0) }),
            group(
                "ActionImports", "The function imports called with another method (POST, PUT, MERGE, DELETE).",
                plan.functions.filter(\.isAction).map { function($0) }),
        ]
        var v4Groups: [SwiftDecl] = []
        if !plan.singletons.isEmpty {
            v4Groups.append(
                group("Singletons", "The singletons' descriptors (read like a set without a key).", plan.singletons.map(singleton)))
        }
        let bound = plan.boundOperations
        if bound.contains(where: { !$0.function.isAction }) {
            v4Groups.append(
                group(
                    "BoundFunctions", "The bound functions (called with GET on an entity or a set).",
                    bound.filter { !$0.function.isAction }.map { function($0.function, binding: $0.bindingCSDLName) }))
        }
        if bound.contains(where: \.function.isAction) {
            v4Groups.append(
                group(
                    "BoundActions", "The bound actions (called with POST on an entity or a set).",
                    bound.filter(\.function.isAction).map { function($0.function, binding: $0.bindingCSDLName) }))
        }
        let summaryGroups: [SwiftDecl] = [
            Build.constant(
                ["The fingerprint of the model this code was generated from (sets, types, keys, properties, function imports)."],
                access, "modelFingerprint", .path("Swift.String"), .string(summary.fingerprint)),
            Build.constant(
                [
                    "The model this code was generated from, with the generated Swift names (`ODataMetadata.ModelSummary` text);",
                    "`checkMetadata()` compares the served `$metadata` with it.",
                ],
                access, "modelSummary", .path("Swift.String"), .string(summary.text())),
        ]
        return .nominal(
            SwiftNominal(
                doc: ["The runtime descriptors of \(DocComment.code(plan.container.name)), for queries and the dynamic API."],
                access: access, kind: .enum, name: plan.metadataName, genericParameters: [], inheritance: [],
                members: serviceDescriptor + groups + v4Groups + summaryGroups))
    }

    /// Whether the service is told apart from an OData 2.0 one (the default of every descriptor): from OData 3.0 on.
    private var namesItsVersion: Bool { plan.protocolVersion > .v2 }

    /// `static let service`: the one service-level descriptor the sets, singletons and operations refer to, with the
    /// protocol version (OData 3.0 and later; an OData 1.0/2.0 service's descriptors keep the default).
    private var serviceDescriptor: [SwiftDecl] {
        guard namesItsVersion else { return [] }
        return [
            Build.constant(
                ["The service: its protocol version, read once, for every set, singleton and operation below."], access, "service",
                Build.type("OData.ServiceDescriptor"), Build.new("OData.ServiceDescriptor", [("protocolVersion", version)]))
        ]
    }

    /// `("service", <Service>Metadata.service)` for a descriptor of a service from OData 3.0 on, else nothing.
    private var serviceArgument: [(String?, SwiftExpr)] {
        namesItsVersion ? [("service", .member(.type(.named([plan.metadataName])), "service"))] : []
    }

    private func group(_ name: String, _ doc: String, _ members: [SwiftDecl]) -> SwiftDecl {
        .nominal(
            SwiftNominal(
                doc: [doc], access: access, kind: .enum, name: name, genericParameters: [], inheritance: [],
                members: members))
    }

    private func entitySet(_ set: PlannedEntitySet) -> SwiftDecl {
        var arguments: [(String?, SwiftExpr)] = [
            ("name", .string(set.edm.name)), ("entityType", TypeMapping.entityDescriptor(set.typeName)),
        ]
        if !set.capabilities.isCreatable { arguments.append(("isCreatable", .bool(false))) }
        if !set.capabilities.isUpdatable { arguments.append(("isUpdatable", .bool(false))) }
        if !set.capabilities.isDeletable { arguments.append(("isDeletable", .bool(false))) }
        if set.capabilities.requiresFilter { arguments.append(("requiresFilter", .bool(true))) }
        arguments += serviceArgument
        let doc =
            DocComment.lines(
                "The \(DocComment.code(set.edm.name)) entity set.", annotations: set.edm.annotations,
                documentation: set.edm.documentation) + DocComment.restrictions(set.edm)
        return Build.constant(
            doc, access, set.handleName, .path("OData.EntitySetDescriptor"),
            Build.new("OData.EntitySetDescriptor", arguments))
    }

    /// `OData.TypedEntitySet<Entity, Create, Update, Delete>` over the set's descriptor.
    private func typedSet(_ set: PlannedEntitySet) -> SwiftDecl {
        func permission(_ allowed: Bool) -> SwiftType { .path(allowed ? "OData.SetPermissions.Allowed" : "OData.SetPermissions.Forbidden") }
        let type = SwiftType.generic(
            ["OData", "TypedEntitySet"],
            [
                .named([set.typeName]), permission(set.capabilities.isCreatable), permission(set.capabilities.isUpdatable),
                permission(set.capabilities.isDeletable),
            ])
        var allowed: [String] = []
        if set.capabilities.isCreatable { allowed.append("create") }
        if set.capabilities.isUpdatable { allowed.append("update") }
        if set.capabilities.isDeletable { allowed.append("delete") }
        let doc =
            "The \(DocComment.code(set.edm.name)) entity set; allows \(allowed.isEmpty ? "no writes" : allowed.joined(separator: ", "))."
        return Build.computedStatic(
            [doc], access, set.handleName, type,
            Build.new(type, [(nil, Build.member(.type(.named([plan.metadataName, "EntitySets"])), set.handleName))]))
    }

    /// `OData.ODataVersion.v3` (`.v4`, `.v401`: the case's name).
    private var version: SwiftExpr {
        Build.member(.type(Build.type("OData.ODataVersion")), String(describing: plan.protocolVersion))
    }

    private func singleton(_ singleton: PlannedSingleton) -> SwiftDecl {
        Build.constant(
            ["The \(DocComment.code(singleton.edm.name)) singleton."], access, singleton.handleName, .path("OData.EntitySetDescriptor"),
            Build.new(
                "OData.EntitySetDescriptor",
                [
                    ("name", .string(singleton.edm.name)), ("entityType", TypeMapping.entityDescriptor(singleton.typeName)),
                    ("isSingleton", .bool(true)),
                ] + serviceArgument))
    }

    private func function(_ function: PlannedFunction, binding: String? = nil) -> SwiftDecl {
        var arguments: [(String?, SwiftExpr)] = [
            ("name", .string(function.edm.name)), ("httpMethod", .string(function.httpMethod)),
        ]
        let parameters = function.parameters.map { parameter -> SwiftExpr in
            var fields: [(String?, SwiftExpr)] = [("name", .string(parameter.edm.name)), ("type", parameter.edmType)]
            if !parameter.edm.isNullable { fields.append(("isNullable", .bool(false))) }
            if let typeName = parameter.typeName { fields.append(("typeName", .string(typeName))) }
            if let enumName = parameter.enumName { fields.append(("enumType", TypeMapping.enumDescriptor(enumName))) }
            return Build.new("OData.FunctionParameterDescriptor", fields)
        }
        if !parameters.isEmpty { arguments.append(("parameters", .array(parameters, multiline: true))) }
        arguments.append(("returnType", function.returnType))
        if let set = function.edm.entitySet { arguments.append(("entitySetName", .string(set))) }
        if function.edm.passesParametersInBody {
            arguments.append(("parameterLocation", Build.member(.type(Build.type("OData.OperationParameterLocation")), "body")))
        }
        arguments += serviceArgument
        if let name = function.edm.function { arguments.append(("operationName", .string(name))) }
        if let binding { arguments.append(("bindingTypeName", .string(binding))) }
        if function.edm.isComposable { arguments.append(("isComposable", .bool(true))) }
        return Build.constant(
            ["\(DocComment.code(function.edm.name)) (HTTP \(function.httpMethod))."], access,
            function.handleName, .path("OData.FunctionImportDescriptor"),
            Build.new("OData.FunctionImportDescriptor", arguments))
    }
}
