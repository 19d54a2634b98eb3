/// The server's version of an entity after a write: one reading of a create's or an update's answer, for the single
/// calls and for the same requests inside a changeset.
extension EntityValue {
    /// After a create: the answer's entity (`decode` reads the body), with the answer's `ETag` where the entity
    /// has none; for an answer without a body (`204`, or a `201` with none), the sent entity with its changes
    /// accepted, the answer's `Location` as its URI and its `ETag`, each where the answer has one.
    func created<Failure: Error>(
        answeredBy status: Int, headers: HTTPHeaders, hasBody: Bool, decode: () throws(Failure) -> EntityValue
    ) throws(Failure) -> EntityValue {
        guard status != 204, hasBody else {
            var created = self
            created.acceptChanges()
            created.metadata.uri = headers["Location"] ?? created.metadata.uri
            created.metadata.etag = headers["ETag"] ?? created.metadata.etag
            return created
        }
        var created = try decode()
        created.takeETag(from: headers)
        return created
    }

    /// After an update: the sent entity with its changes accepted and the answer's new `ETag`, if it has one.
    func updated(answeredBy headers: HTTPHeaders) -> EntityValue {
        var updated = self
        updated.acceptChanges()
        if let etag = headers["ETag"] { updated.metadata.etag = etag }
        return updated
    }

    /// Takes the answer's `ETag` when the entity read from the answer's body has none.
    mutating func takeETag(from headers: HTTPHeaders) {
        if metadata.etag == nil, let etag = headers["ETag"] { metadata.etag = etag }
    }
}
