extension ServiceMetadata {
    /// The JSON of what OData 3.0 and 4.0 add to a schema: enum types, type definitions, actions and functions
    /// (each overload its own entry).
    static func extendedJSON(_ schema: Schema) -> [(String, JSONValue)] {
        [
            ("enumTypes", .array(schema.enumTypes.map(json))),
            ("typeDefinitions", .array(schema.typeDefinitions.map(json))),
            ("actions", .array(schema.actions.map(json))),
            ("functions", .array(schema.functions.map(json))),
        ]
    }

    /// The JSON of what OData 4.0 adds to a container: singletons, action and function imports.
    static func extendedJSON(_ container: EntityContainer) -> [(String, JSONValue)] {
        [
            (
                "singletons",
                .array(
                    container.singletons.map { singleton in
                        .object([
                            ("name", .string(singleton.name)), ("type", .string(singleton.type)),
                            ("navigationPropertyBindings", json(singleton.navigationPropertyBindings)),
                        ])
                    })
            ),
            (
                "actionImports",
                .array(
                    container.actionImports.map { actionImport in
                        .object([
                            ("name", .string(actionImport.name)), ("action", .string(actionImport.action)),
                            ("entitySet", .optional(actionImport.entitySet)),
                        ])
                    })
            ),
        ]
    }

    /// The JSON of navigation property bindings.
    static func json(_ bindings: [NavigationPropertyBinding]) -> JSONValue {
        .array(bindings.map { .object([("path", .string($0.path)), ("target", .string($0.target))]) })
    }

    private static func json(_ type: EnumType) -> JSONValue {
        .object([
            ("name", .string(type.name)),
            ("qualifiedName", .string(type.qualifiedName)),
            ("underlyingType", .string(type.underlyingType.rawValue)),
            ("isFlags", .bool(type.isFlags)),
            ("members", .array(type.members.map { .object([("name", .string($0.name)), ("value", .int(Int($0.value)))]) })),
        ])
    }

    private static func json(_ type: TypeDefinition) -> JSONValue {
        .object([
            ("name", .string(type.name)),
            ("qualifiedName", .string(type.qualifiedName)),
            ("underlyingType", .string(type.underlyingType.rawValue)),
            ("maxLength", json(type.maxLength)),
            ("precision", .optional(type.precision)),
            ("scale", scale(type.scale, type.variableScale)),
        ])
    }

    private static func json(_ operation: Operation) -> JSONValue {
        .object([
            ("name", .string(operation.name)),
            ("qualifiedName", .string(operation.qualifiedName)),
            ("isBound", .bool(operation.isBound)),
            ("isComposable", .bool(operation.isComposable)),
            ("entitySetPath", .optional(operation.entitySetPath)),
            ("parameters", .array(operation.parameters.map(json))),
            (
                "returnType",
                operation.returnType.map { returnType in
                    .object([
                        ("type", .string(returnType.type.csdlName)), ("nullable", .bool(returnType.isNullable)),
                        ("precision", .optional(returnType.precision)), ("scale", scale(returnType.scale, returnType.variableScale)),
                    ])
                } ?? .null
            ),
        ])
    }

    /// A parameter of a function import or an operation.
    static func json(_ parameter: FunctionImportParameter) -> JSONValue {
        .object([
            ("name", .string(parameter.name)), ("type", .string(parameter.type.csdlName)),
            ("nullable", .bool(parameter.isNullable)), ("mode", .optional(parameter.mode?.rawValue)),
        ])
    }

    /// `Scale` as a number, `"variable"`/`"floating"`, or null.
    static func scale(_ scale: Int?, _ variable: VariableScale?) -> JSONValue {
        if let variable { return .string(variable.rawValue) }
        return .optional(scale)
    }

    /// A `MaxLength` as a number, `"Max"`, or null.
    static func json(_ maxLength: MaxLength?) -> JSONValue {
        switch maxLength {
        case .none: return .null
        case .max: return .string("Max")
        case .value(let value)?: return .int(value)
        }
    }
}
