extension ServiceMetadata {
    /// A readable summary: versions, counts per kind, and every diagnostic on its own line.
    public func inspectionSummary(title: String) -> String {
        // Counted in place, schema by schema: the flattened `entityTypes` and `entityContainers` would copy
        // every type and container of a large document just to count them.
        func perSchema(_ items: (Schema) -> Int) -> Int { schemas.reduce(0) { $0 + items($1) } }
        func perContainer(_ items: (EntityContainer) -> Int) -> Int {
            schemas.reduce(0) { total, schema in schema.entityContainers.reduce(total) { $0 + items($1) } }
        }
        func severityCount(_ severity: DiagnosticSeverity) -> Int { diagnostics.reduce(0) { $1.severity == severity ? $0 + 1 : $0 } }
        let composite = perSchema { schema in schema.entityTypes.reduce(0) { $1.key.count > 1 ? $0 + 1 : $0 } }
        let derived = perSchema { schema in schema.entityTypes.reduce(0) { $1.baseType != nil ? $0 + 1 : $0 } }
        let heading =
            version.isV4
            ? "\(title): OData \(version.rawValue) (EDMX \(edmxVersion))"
            : "\(title): EDMX \(edmxVersion), DataServiceVersion \(dataServiceVersion ?? "(none)")"
        var lines = [
            heading,
            "  schemas:           \(schemas.count) (\(schemas.map(\.namespace).joined(separator: ", ")))",
            "  entity types:      \(perSchema { $0.entityTypes.count }) (\(composite) with composite keys, \(derived) derived)",
            "  complex types:     \(perSchema { $0.complexTypes.count })",
            "  associations:      \(perSchema { $0.associations.count })",
            "  entity containers: \(perSchema { $0.entityContainers.count })" + (defaultContainer.map { " (default \($0.name))" } ?? ""),
            "  entity sets:       \(perContainer { $0.entitySets.count })",
            "  association sets:  \(perContainer { $0.associationSets.count })",
            "  function imports:  \(perContainer { $0.functionImports.count })",
        ]
        // What OData 3.0 and 4.0 add; OData 1.0 and 2.0 documents print the lines they always had.
        if version >= .v3 {
            let operations = perSchema { $0.operations.count }
            let actions = perSchema { schema in schema.operations.reduce(0) { $1.kind == .action ? $0 + 1 : $0 } }
            let bound = perSchema { schema in schema.operations.reduce(0) { $1.isBound ? $0 + 1 : $0 } }
            lines += [
                "  enum types:        \(perSchema { $0.enumTypes.count })",
                "  type definitions:  \(perSchema { $0.typeDefinitions.count })",
                "  actions:           \(actions)",
                "  functions:         \(operations - actions) (\(bound) operations bound)",
                "  singletons:        \(perContainer { $0.singletons.count })",
                "  action imports:    \(perContainer { $0.actionImports.count })",
            ]
        }
        lines += [
            "  annotation blocks: \(perSchema { $0.annotationBlocks.count })",
            "  references:        \(references.count)",
            "  diagnostics:       \(severityCount(.error)) errors, \(severityCount(.warning)) warnings, \(severityCount(.note)) notes",
        ]
        lines += diagnostics.map { "    \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
