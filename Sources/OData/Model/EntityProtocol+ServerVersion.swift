extension EntityProtocol {
    /// This entity with the server's version of its state (after a create, update or read by key): a new value
    /// for a struct entity, as `Self(entityValue:)` gives; for a ``ReferenceEntity``, this same object, updated
    /// in place, so that every reference to it sees the key, ETag and server-computed values, as SAP's
    /// `updateEntity`/`createEntity`/`loadEntity` update the object they are given.
    package func adopting(_ serverVersion: consuming EntityValue) -> Self {
        var entity = self
        entity.entityValue = serverVersion
        return entity
    }
}
