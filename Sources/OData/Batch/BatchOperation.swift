/// What one part of a batch does, so that a provider can run a batch without HTTP (an offline store,
/// an in-memory test provider). `OnlineODataProvider` sends the parts' requests instead.
public enum BatchOperation: Sendable {
    /// A read of a query (`RequestBatch.addQuery(_:)` with a `DataQuery`).
    case read(DataQuery)
    /// The creation of an entity in an entity set (`ChangeSet.createEntity`).
    case create(EntityValue, in: EntitySetDescriptor)
    /// An update of an entity (`ChangeSet.updateEntity`), addressed by its URI or its set and key.
    case update(EntityValue, in: EntitySetDescriptor?, mode: UpdateMode)
    /// The deletion of an entity (`ChangeSet.deleteEntity`), addressed by its URI or its set and key.
    case delete(EntityValue, in: EntitySetDescriptor?)
    /// A request added as it is (`ChangeSet.add(_:)`, `RequestBatch.addQuery(_:)` with a `BatchPartRequest`).
    case request(BatchPartRequest)
}
