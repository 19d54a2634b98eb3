extension ServiceMetadata {
    /// `container` with the children of the containers it extends (`Extends`, followed from one to the next: CSDL
    /// 4.01 §13.1.2, [MC-CSDL] 2.1.14) after its own, where their names are not taken: they are the service's too.
    /// Containers are looked for in the document and the supplied referenced documents; one found in neither ends
    /// the chain (the parser reported it as `unresolved-container` or `reference-not-given`).
    func withExtendedChildren(_ container: EntityContainer) -> EntityContainer {
        guard container.extends != nil else { return container }
        var merged = container
        var visited: Set<String> = [container.qualifiedName]
        var next = container.extends
        let declared = (schemas + referencedSchemas).flatMap(\.entityContainers)
        while let name = next, visited.insert(name).inserted, let extended = declared.first(where: { $0.qualifiedName == name }) {
            let taken = Set(
                merged.entitySets.map(\.name) + merged.singletons.map(\.name) + merged.functionImports.map(\.name)
                    + merged.actionImports.map(\.name) + merged.associationSets.map(\.name))
            merged.entitySets += extended.entitySets.filter { !taken.contains($0.name) }
            merged.associationSets += extended.associationSets.filter { !taken.contains($0.name) }
            merged.functionImports += extended.functionImports.filter { !taken.contains($0.name) }
            merged.singletons += extended.singletons.filter { !taken.contains($0.name) }
            merged.actionImports += extended.actionImports.filter { !taken.contains($0.name) }
            next = extended.extends
        }
        return merged
    }
}
