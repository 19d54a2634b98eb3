import OData

/// SAP's `ChangeSet` writes as SAP declares them: they do not throw. A write that cannot be added (an entity
/// without a key or edit link) is recorded in the changeset, and `DataService.applyChanges`/`processBatch` throw
/// its `ODataError` before anything is sent, so nothing is lost and nothing is half-applied. For reference
/// entities (the generator's `sapCompatibility`), which SAP code uses; struct entities keep the runtime's throwing
/// forms, which report the error where the write is added.
extension ChangeSet {
    /// SAP's `updateEntity(_:)`: adds an update of `entity` (`MERGE` with its changed properties, `If-Match` from
    /// its ETag); an error surfaces when the batch runs.
    public func updateEntity<Entity: ReferenceEntity>(_ entity: Entity) {
        deferring("updateEntity", Entity.self) { try self.updateEntity(entity, in: nil, mode: .merge, contentID: nil) }
    }

    /// SAP's `deleteEntity(_:)`: adds the deletion of `entity` (`If-Match` from its ETag); an error surfaces when
    /// the batch runs.
    public func deleteEntity<Entity: ReferenceEntity>(_ entity: Entity) {
        deferring("deleteEntity", Entity.self) { try self.deleteEntity(entity, in: nil, contentID: nil) }
    }

    /// SAP's `createLink(from:property:to:)`: adds `target` to a to-many navigation property of `source`; an error
    /// surfaces when the batch runs.
    public func createLink<Source: ReferenceEntity, Target: EntityProtocol>(
        from source: Source, property: TypedNavigationProperty<Target>, to target: Target
    ) {
        deferring("createLink", Source.self) {
            try self.createLink(from: source, property: property, to: target, sourceSet: nil, targetSet: nil, contentID: nil)
        }
    }

    /// SAP's `updateLink(from:property:to:)`: sets a to-one navigation property of `source` to `target`; an error
    /// surfaces when the batch runs.
    public func updateLink<Source: ReferenceEntity, Target: EntityProtocol>(
        from source: Source, property: TypedNavigationProperty<Target>, to target: Target
    ) {
        deferring("updateLink", Source.self) {
            try self.updateLink(from: source, property: property, to: target, sourceSet: nil, targetSet: nil, contentID: nil)
        }
    }

    /// SAP's `deleteLink(from:property:to:)`: removes `target` from a to-many navigation property of `source`, or
    /// clears a to-one property when `target` is nil; an error surfaces when the batch runs.
    public func deleteLink<Source: ReferenceEntity, Target: EntityProtocol>(
        from source: Source, property: TypedNavigationProperty<Target>, to target: Target? = nil
    ) {
        deferring("deleteLink", Source.self) {
            try self.deleteLink(from: source, property: property, to: target, sourceSet: nil, contentID: nil)
        }
    }

    /// Adds a write with `add`, or records why it could not be added, naming the call and the entity type.
    private func deferring<Entity: EntityProtocol>(_ call: String, _ type: Entity.Type, _ add: () throws -> String) {
        do {
            _ = try add()
        } catch {
            let failure = ODataError(wrapping: error)
            deferError(
                ODataError(
                    failure.kind, "ChangeSet.\(call) of a \(Entity.entityType.name) could not be added: \(failure.message)",
                    underlyingError: failure))
        }
    }
}
