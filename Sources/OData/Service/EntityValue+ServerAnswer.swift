/// The server's version of an entity after a write that the server answered without the entity: what a single
/// create or update and the same request inside a changeset both make of the answer's headers.
extension EntityValue {
    /// After a create answered without a body (`204`, or a `201` with none): the sent entity with its changes
    /// accepted, the answer's `Location` as its URI and its `ETag`, each where the answer has one.
    func created(answeredBy headers: HTTPHeaders) -> EntityValue {
        var created = self
        created.acceptChanges()
        created.metadata.uri = headers["Location"] ?? created.metadata.uri
        created.metadata.etag = headers["ETag"] ?? created.metadata.etag
        return created
    }

    /// After an update: the sent entity with its changes accepted and the answer's new `ETag`, if it has one.
    func updated(answeredBy headers: HTTPHeaders) -> EntityValue {
        var updated = self
        updated.acceptChanges()
        if let etag = headers["ETag"] { updated.metadata.etag = etag }
        return updated
    }
}
