extension ServiceMetadata {
    /// The containers `container` extends (`Extends`, followed from one to the next: CSDL 4.01 §13.1.2, [MC-CSDL]
    /// 2.1.14), nearest first, looked for in the document and the supplied referenced documents. One found in neither
    /// ends the chain (the parser reported it as `unresolved-container` or `reference-not-given`), and so does a
    /// container met again (a cycle).
    public func containers(extendedBy container: EntityContainer) -> [EntityContainer] {
        guard container.extends != nil else { return [] }
        let declared = (schemas + referencedSchemas).flatMap(\.entityContainers)
        var visited: Set<String> = [container.qualifiedName]
        var chain: [EntityContainer] = []
        var next = container.extends
        while let name = next, visited.insert(name).inserted, let extended = declared.first(where: { $0.qualifiedName == name }) {
            chain.append(extended)
            next = extended.extends
        }
        return chain
    }

    /// `container` with the children of the containers it extends (see `containers(extendedBy:)`) after its own,
    /// where their names are not taken: they are the service's too.
    func withExtendedChildren(_ container: EntityContainer) -> EntityContainer {
        var merged = container
        for extended in containers(extendedBy: container) {
            let taken = Set(
                merged.entitySets.map(\.name) + merged.singletons.map(\.name) + merged.functionImports.map(\.name)
                    + merged.actionImports.map(\.name) + merged.associationSets.map(\.name))
            merged.entitySets += extended.entitySets.filter { !taken.contains($0.name) }
            merged.associationSets += extended.associationSets.filter { !taken.contains($0.name) }
            merged.functionImports += extended.functionImports.filter { !taken.contains($0.name) }
            merged.singletons += extended.singletons.filter { !taken.contains($0.name) }
            merged.actionImports += extended.actionImports.filter { !taken.contains($0.name) }
        }
        return merged
    }
}
