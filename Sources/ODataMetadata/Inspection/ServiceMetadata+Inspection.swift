extension ServiceMetadata {
    /// The whole model as JSON, as `odata-gen inspect --json` prints it: every type name qualified by
    /// its namespace (aliases resolved), keys in a fixed order, foreign attributes sorted by name.
    ///
    /// Documents of OData 3.0 and later also get what those versions add (a top-level `version`; per schema
    /// `enumTypes`, `typeDefinitions`, `actions`, `functions`; per container `singletons`, `actionImports`;
    /// bindings, partners, containment, abstract and open types); OData 1.0 and 2.0 documents print exactly
    /// the fields they always had.
    public func inspectionJSON() -> JSONValue {
        let extended = version >= .v3
        return .object(
            (extended ? [("version", JSONValue.string(version.rawValue))] : []) + [
                ("edmxVersion", .string(edmxVersion)),
                ("dataServiceVersion", .optional(dataServiceVersion)),
                ("maxDataServiceVersion", .optional(maxDataServiceVersion)),
                ("references", .array(references.map { Self.json($0, extended: extended) })),
                ("schemas", .array(schemas.map { Self.json($0, extended: extended) })),
                ("diagnostics", .array(diagnostics.map(Self.json))),
            ])
    }

    private static func json(_ reference: SchemaReference, extended: Bool) -> JSONValue {
        let includeAnnotations = reference.includeAnnotations.map { include in
            JSONValue.object([
                ("termNamespace", .string(include.termNamespace)), ("qualifier", .optional(include.qualifier)),
                ("targetNamespace", .optional(include.targetNamespace)),
            ])
        }
        return .object(
            [
                ("uri", .string(reference.uri)),
                (
                    "includes",
                    .array(reference.includes.map { .object([("namespace", .string($0.namespace)), ("alias", .optional($0.alias))]) })
                ),
            ] + (extended ? [("includeAnnotations", .array(includeAnnotations))] : []))
    }

    private static func json(_ schema: Schema, extended: Bool) -> JSONValue {
        .object(
            [
                ("namespace", .string(schema.namespace)),
                ("alias", .optional(schema.alias)),
                ("entityTypes", .array(schema.entityTypes.map { json($0, extended: extended) })),
                ("complexTypes", .array(schema.complexTypes.map { json($0, extended: extended) })),
                ("associations", .array(schema.associations.map(json))),
            ] + (extended ? extendedJSON(schema) : []) + [
                ("entityContainers", .array(schema.entityContainers.map { json($0, extended: extended) })),
                ("annotationTargets", .array(schema.annotationBlocks.map { .string($0.target) })),
            ])
    }

    private static func json(_ type: EntityType, extended: Bool) -> JSONValue {
        let aliases = type.keyAliases.map { JSONValue.object([("path", .string($0.path)), ("alias", .string($0.alias))]) }
        return .object(
            [
                ("name", .string(type.name)),
                ("qualifiedName", .string(type.qualifiedName)),
                ("baseType", .optional(type.baseType)),
                ("abstract", .bool(type.isAbstract)),
                ("hasStream", .bool(type.hasStream)),
                ("openType", .bool(type.isOpenType)),
                ("key", .array(type.key.map(JSONValue.string))),
            ] + (extended ? [("keyAliases", .array(aliases))] : []) + [
                ("properties", .array(type.properties.map(json))),
                ("navigationProperties", .array(type.navigationProperties.map { json($0, extended: extended) })),
                ("annotations", json(type.annotations)),
            ])
    }

    private static func json(_ type: ComplexType, extended: Bool) -> JSONValue {
        .object(
            [
                ("name", .string(type.name)),
                ("qualifiedName", .string(type.qualifiedName)),
                ("baseType", .optional(type.baseType)),
            ]
                + (extended
                    ? [
                        ("abstract", .bool(type.isAbstract)), ("openType", .bool(type.isOpenType)),
                        ("navigationProperties", .array(type.navigationProperties.map { json($0, extended: true) })),
                    ] : []) + [("properties", .array(type.properties.map(json)))])
    }

    private static func json(_ property: Property) -> JSONValue {
        .object([
            ("name", .string(property.name)),
            ("type", .string(property.type.csdlName)),
            ("nullable", .bool(property.isNullable)),
            ("maxLength", json(property.maxLength)),
            ("precision", .optional(property.precision)),
            ("scale", scale(property.scale, property.variableScale)),
            ("fixedLength", property.isFixedLength.map(JSONValue.bool) ?? .null),
            ("unicode", property.isUnicode.map(JSONValue.bool) ?? .null),
            ("defaultValue", .optional(property.defaultValue)),
            ("concurrencyMode", .string(property.concurrencyMode.rawValue)),
            ("annotations", json(property.annotations)),
        ])
    }

    private static func json(_ navigation: NavigationProperty, extended: Bool) -> JSONValue {
        let constraints = navigation.referentialConstraints.map {
            JSONValue.object([("property", .string($0.property)), ("referencedProperty", .string($0.referencedProperty))])
        }
        return .object(
            [
                ("name", .string(navigation.name)),
                ("relationship", .string(navigation.relationship)),
                ("fromRole", .string(navigation.fromRole)),
                ("toRole", .string(navigation.toRole)),
                ("targetType", .optional(navigation.targetType)),
                ("multiplicity", .optional(navigation.multiplicity?.rawValue)),
            ]
                + (extended
                    ? [
                        ("partner", .optional(navigation.partner)), ("containsTarget", .bool(navigation.containsTarget)),
                        ("onDelete", .optional(navigation.onDelete?.rawValue)), ("referentialConstraints", .array(constraints)),
                    ] : []))
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

    private static func json(_ container: EntityContainer, extended: Bool) -> JSONValue {
        .object(
            [
                ("name", .string(container.name)),
                ("isDefault", .bool(container.isDefault)),
                (
                    "entitySets",
                    .array(
                        container.entitySets.map { set in
                            .object(
                                [("name", .string(set.name)), ("entityType", .string(set.entityType))]
                                    + (extended ? [("navigationPropertyBindings", json(set.navigationPropertyBindings))] : [])
                                    + [("annotations", json(set.annotations))])
                        })
                ),
                (
                    "associationSets",
                    .array(
                        container.associationSets.map { set in
                            .object([
                                ("name", .string(set.name)), ("association", .string(set.association)),
                                (
                                    "ends",
                                    .array(set.ends.map { .object([("role", .string($0.role)), ("entitySet", .string($0.entitySet))]) })
                                ),
                            ])
                        })
                ),
                ("functionImports", .array(container.functionImports.map { json($0, extended: extended) })),
            ] + (extended ? extendedJSON(container) : []))
    }

    private static func json(_ function: FunctionImport, extended: Bool) -> JSONValue {
        .object(
            [
                ("name", .string(function.name)),
                ("returnType", .optional(function.returnType?.csdlName)),
                ("entitySet", .optional(function.entitySet)),
                ("httpMethod", .optional(function.httpMethod)),
                ("parameters", .array(function.parameters.map(json))),
            ]
                + (extended
                    ? [
                        ("function", .optional(function.function)), ("kind", .string(function.kind.rawValue)),
                        ("effectiveHTTPMethod", .string(function.effectiveHTTPMethod)), ("isBound", .bool(function.isBound)),
                        ("isAlwaysBindable", .bool(function.isAlwaysBindable)), ("isComposable", .bool(function.isComposable)),
                    ] : []))
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

    private static func json(_ annotations: AnnotationSet) -> JSONValue {
        .object(annotations.byQualifiedName.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
    }
}
