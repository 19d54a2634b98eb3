import Foundation

/// Changesets and batch reads with generated (typed) entities.
extension ChangeSet {
    /// Adds the creation of a typed entity (`POST` to its entity set); returns its `Content-ID`.
    @discardableResult
    public func createEntity<Entity: EntityProtocol>(_ entity: Entity, in entitySet: EntitySetDescriptor, contentID: String? = nil)
        -> String
    {
        createEntity(entity.entityValue, in: entitySet, contentID: contentID)
    }

    /// SAP's `createEntity(_:)`: adds the creation of a typed entity in the one entity set of its type, which
    /// the `DataService` that runs the batch finds (`processBatch`; the set is resolved then, as
    /// `DataService.createEntity(_:)` resolves it). Returns its `Content-ID`. A batch run without a
    /// `DataService`, or by one with no single set of the type, fails with `.invalidRequest` before it is sent.
    @discardableResult
    public func createEntity<Entity: EntityProtocol>(_ entity: Entity, contentID: String? = nil) -> String {
        addCreateWithoutSet(entity.entityValue, contentID: contentID)
    }

    /// Adds an update of a typed entity (`MERGE` with its changed properties by default) with `If-Match`
    /// from its ETag; returns its `Content-ID`.
    @discardableResult
    public func updateEntity<Entity: EntityProtocol>(
        _ entity: Entity, in entitySet: EntitySetDescriptor? = nil, mode: UpdateMode = .merge, contentID: String? = nil
    ) throws -> String {
        try updateEntity(entity.entityValue, in: entitySet, mode: mode, contentID: contentID)
    }

    /// Adds the deletion of a typed entity with `If-Match` from its ETag; returns its `Content-ID`.
    @discardableResult
    public func deleteEntity<Entity: EntityProtocol>(_ entity: Entity, in entitySet: EntitySetDescriptor? = nil, contentID: String? = nil)
        throws -> String
    {
        try deleteEntity(entity.entityValue, in: entitySet, contentID: contentID)
    }
}
