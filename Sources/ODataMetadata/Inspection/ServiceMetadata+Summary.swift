extension ServiceMetadata {
    /// A readable summary: versions, counts per kind, and every diagnostic on its own line.
    public func inspectionSummary(title: String) -> String {
        let types = entityTypes
        let containers = entityContainers
        let severities = Dictionary(grouping: diagnostics, by: \.severity).mapValues(\.count)
        var lines = [
            "\(title): EDMX \(edmxVersion), DataServiceVersion \(dataServiceVersion ?? "(none)")",
            "  schemas:           \(schemas.count) (\(schemas.map(\.namespace).joined(separator: ", ")))",
            "  entity types:      \(types.count) (\(types.filter { $0.key.count > 1 }.count) with composite keys, \(types.filter { $0.baseType != nil }.count) derived)",
            "  complex types:     \(complexTypes.count)",
            "  associations:      \(associations.count)",
            "  entity containers: \(containers.count)" + (defaultContainer.map { " (default \($0.name))" } ?? ""),
            "  entity sets:       \(containers.reduce(0) { $0 + $1.entitySets.count })",
            "  association sets:  \(containers.reduce(0) { $0 + $1.associationSets.count })",
            "  function imports:  \(containers.reduce(0) { $0 + $1.functionImports.count })",
            "  annotation blocks: \(schemas.reduce(0) { $0 + $1.annotationBlocks.count })",
            "  references:        \(references.count)",
            "  diagnostics:       \(severities[.error] ?? 0) errors, \(severities[.warning] ?? 0) warnings, \(severities[.note] ?? 0) notes",
        ]
        lines += diagnostics.map { "    \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
