import ODataMetadata

extension ServicePlanner {
    /// Notes each entity container of the document that is not generated: one service is generated, from the
    /// chosen container and those it extends (whose sets and imports it includes).
    mutating func noteOtherContainers(besides chosen: EntityContainer) {
        let included = Set([chosen.qualifiedName] + metadata.containers(extendedBy: chosen).map(\.qualifiedName))
        for other in metadata.entityContainers where !included.contains(other.qualifiedName) {
            warn(
                "entity container \(other.name) is not generated: the service generated is \(chosen.name) "
                    + "(give --container \(other.name), or \"container\" in the configuration, to generate \(other.name) instead)",
                other.location, severity: .note)
        }
    }

    /// Names the entity-set handles and fetch methods. Set methods are claimed before the single-entity
    /// methods, so a set named like its type keeps the plain name (`fetchStock`) and the single-entity
    /// pair takes the suffix (`fetchStock1`, `fetchStock1WithKey`), as SAP's generator does.
    mutating func planEntitySets(
        _ sets: [EntitySet], container: EntityContainer, entityTypes: [PlannedEntityType], scope: inout NameScope,
        memberReserved: Set<String>
    ) -> [PlannedEntitySet] {
        var handles = NameScope(reserved: memberReserved)
        let lockedHandles = reserveLocked(
            sets.map { ("EntitySetHandle \(container.name)/\($0.name)", ["\(container.name)/\($0.name)", $0.name]) }, in: &handles)
        var planned: [PlannedEntitySet] = []
        for set in sets {
            guard let typeIndex = entityTypes.firstIndex(where: { $0.edm.qualifiedName == set.entityType }) else {
                warn("entity set \(set.name) skipped: its type \(set.entityType) is not generated", set.location)
                continue
            }
            let renamed = rename(["\(container.name)/\(set.name)", set.name])
            let handleKey = "EntitySetHandle \(container.name)/\(set.name)"
            let handle = lockedHandles.contains(handleKey) ? lock[handleKey]! : handles.claim(renamed ?? names.memberName(set.name))
            let stem = renamed.map(NameTransformer.capitalizeFirst) ?? names.methodStem(set.name)
            let lockKey = "EntitySet \(container.name)/\(set.name)"
            let fetchName = lockedServiceMembers.contains(lockKey) ? lock[lockKey]! : scope.claim("fetch" + stem)
            planned.append(
                PlannedEntitySet(
                    edm: set, typeName: entityTypes[typeIndex].name, typeIndex: typeIndex, handleName: handle,
                    fetchName: fetchName, singleName: "", withKeyName: nil,
                    capabilities: metadata.capabilities(of: set, in: container)))
        }
        for i in planned.indices {
            let type = entityTypes[planned[i].typeIndex]
            let hasKey = !type.keys.isEmpty
            let stem = scope.claimGroup(NameTransformer.capitalizeFirst(type.name)) { stem in
                hasKey ? ["fetch" + stem, "fetch" + stem + "WithKey"] : ["fetch" + stem]
            }
            planned[i].singleName = "fetch" + stem
            planned[i].withKeyName = hasKey ? "fetch" + stem + "WithKey" : nil
        }
        return planned
    }
}
