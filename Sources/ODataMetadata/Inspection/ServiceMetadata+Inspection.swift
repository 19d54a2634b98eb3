extension ServiceMetadata {
    /// The whole model as JSON, as `odata-gen inspect --json` prints it: every type name qualified by
    /// its namespace (aliases resolved), keys in a fixed order, foreign attributes sorted by name.
    public func inspectionJSON() -> JSONValue {
        .object([
            ("edmxVersion", .string(edmxVersion)),
            ("dataServiceVersion", .optional(dataServiceVersion)),
            ("maxDataServiceVersion", .optional(maxDataServiceVersion)),
            ("references", .array(references.map(Self.json))),
            ("schemas", .array(schemas.map(Self.json))),
            ("diagnostics", .array(diagnostics.map(Self.json))),
        ])
    }

    private static func json(_ reference: SchemaReference) -> JSONValue {
        .object([
            ("uri", .string(reference.uri)),
            (
                "includes",
                .array(reference.includes.map { .object([("namespace", .string($0.namespace)), ("alias", .optional($0.alias))]) })
            ),
        ])
    }

    private static func json(_ schema: Schema) -> JSONValue {
        .object([
            ("namespace", .string(schema.namespace)),
            ("alias", .optional(schema.alias)),
            ("entityTypes", .array(schema.entityTypes.map(json))),
            ("complexTypes", .array(schema.complexTypes.map(json))),
            ("associations", .array(schema.associations.map(json))),
            ("entityContainers", .array(schema.entityContainers.map(json))),
            ("annotationTargets", .array(schema.annotationBlocks.map { .string($0.target) })),
        ])
    }

    private static func json(_ type: EntityType) -> JSONValue {
        .object([
            ("name", .string(type.name)),
            ("qualifiedName", .string(type.qualifiedName)),
            ("baseType", .optional(type.baseType)),
            ("abstract", .bool(type.isAbstract)),
            ("hasStream", .bool(type.hasStream)),
            ("openType", .bool(type.isOpenType)),
            ("key", .array(type.key.map(JSONValue.string))),
            ("properties", .array(type.properties.map(json))),
            ("navigationProperties", .array(type.navigationProperties.map(json))),
            ("annotations", json(type.annotations)),
        ])
    }

    private static func json(_ type: ComplexType) -> JSONValue {
        .object([
            ("name", .string(type.name)),
            ("qualifiedName", .string(type.qualifiedName)),
            ("baseType", .optional(type.baseType)),
            ("properties", .array(type.properties.map(json))),
        ])
    }

    private static func json(_ property: Property) -> JSONValue {
        .object([
            ("name", .string(property.name)),
            ("type", .string(property.type.csdlName)),
            ("nullable", .bool(property.isNullable)),
            ("maxLength", json(property.maxLength)),
            ("precision", .optional(property.precision)),
            ("scale", .optional(property.scale)),
            ("fixedLength", property.isFixedLength.map(JSONValue.bool) ?? .null),
            ("unicode", property.isUnicode.map(JSONValue.bool) ?? .null),
            ("defaultValue", .optional(property.defaultValue)),
            ("concurrencyMode", .string(property.concurrencyMode.rawValue)),
            ("annotations", json(property.annotations)),
        ])
    }

    private static func json(_ navigation: NavigationProperty) -> JSONValue {
        .object([
            ("name", .string(navigation.name)),
            ("relationship", .string(navigation.relationship)),
            ("fromRole", .string(navigation.fromRole)),
            ("toRole", .string(navigation.toRole)),
            ("targetType", .optional(navigation.targetType)),
            ("multiplicity", .optional(navigation.multiplicity?.rawValue)),
        ])
    }

    private static func json(_ association: Association) -> JSONValue {
        let constraint: JSONValue =
            association.referentialConstraint.map { constraint in
                .object([
                    (
                        "principal",
                        .object([
                            ("role", .string(constraint.principalRole)),
                            ("properties", .array(constraint.principalProperties.map(JSONValue.string))),
                        ])
                    ),
                    (
                        "dependent",
                        .object([
                            ("role", .string(constraint.dependentRole)),
                            ("properties", .array(constraint.dependentProperties.map(JSONValue.string))),
                        ])
                    ),
                ])
            } ?? .null
        return .object([
            ("name", .string(association.name)),
            ("qualifiedName", .string(association.qualifiedName)),
            (
                "ends",
                .array(
                    association.ends.map { end in
                        .object([
                            ("role", .string(end.role)), ("type", .string(end.type)), ("multiplicity", .string(end.multiplicity.rawValue)),
                            ("onDeleteCascade", .bool(end.onDeleteCascade)),
                        ])
                    })
            ),
            ("referentialConstraint", constraint),
        ])
    }

    private static func json(_ container: EntityContainer) -> JSONValue {
        .object([
            ("name", .string(container.name)),
            ("isDefault", .bool(container.isDefault)),
            (
                "entitySets",
                .array(
                    container.entitySets.map { set in
                        .object([
                            ("name", .string(set.name)), ("entityType", .string(set.entityType)), ("annotations", json(set.annotations)),
                        ])
                    })
            ),
            (
                "associationSets",
                .array(
                    container.associationSets.map { set in
                        .object([
                            ("name", .string(set.name)), ("association", .string(set.association)),
                            ("ends", .array(set.ends.map { .object([("role", .string($0.role)), ("entitySet", .string($0.entitySet))]) })),
                        ])
                    })
            ),
            ("functionImports", .array(container.functionImports.map(json))),
        ])
    }

    private static func json(_ function: FunctionImport) -> JSONValue {
        .object([
            ("name", .string(function.name)),
            ("returnType", .optional(function.returnType?.csdlName)),
            ("entitySet", .optional(function.entitySet)),
            ("httpMethod", .optional(function.httpMethod)),
            (
                "parameters",
                .array(
                    function.parameters.map { parameter in
                        .object([
                            ("name", .string(parameter.name)), ("type", .string(parameter.type.csdlName)),
                            ("nullable", .bool(parameter.isNullable)), ("mode", .optional(parameter.mode?.rawValue)),
                        ])
                    })
            ),
        ])
    }

    private static func json(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("severity", .string(diagnostic.severity.rawValue)),
            ("code", .string(diagnostic.code)),
            ("message", .string(diagnostic.message)),
            ("line", .int(diagnostic.location.line)),
            ("column", .int(diagnostic.location.column)),
        ])
    }

    private static func json(_ maxLength: MaxLength?) -> JSONValue {
        switch maxLength {
        case .none: return .null
        case .max: return .string("Max")
        case .value(let value)?: return .int(value)
        }
    }

    private static func json(_ annotations: AnnotationSet) -> JSONValue {
        .object(annotations.byQualifiedName.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
    }
}
