import Foundation

/// `$batch` over any provider.
extension DataService {
    /// Sends a batch of reads and changesets as one request.
    public func processBatch(_ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) {
        try await ODataError.converting {
            // Creates added without their set (`ChangeSet.createEntity(_:)`) get the one set of their type here;
            // a write that could not be added (SAP's non-throwing forms) fails the batch before it is sent.
            for case .changes(let changeSet) in batch.parts {
                if let error = changeSet.deferredError { throw error }
                try changeSet.resolveEntitySets { type in try self.entitySet(for: type) }
            }
            // A value its property cannot hold (an `Int` beyond Edm.Int32) fails the batch before it is sent.
            for case .changes(let changeSet) in batch.parts {
                for operation in changeSet.operations {
                    switch operation {
                    case .create(let entity, _), .update(let entity, _, _):
                        do { try entity.checkWritableValues() } catch { throw ODataError(wrapping: error) }
                    default: continue
                    }
                }
            }
            try await provider.send(.processBatch(batch), headers: headers)
            try recordServerVersions(in: batch)
        }
    }

    /// Sends a change set as a batch of its own (as ``processBatch(_:headers:)`` does:
    /// creates added without their set get it, and the server's version of each created or updated entity is
    /// recorded); throws the change set's error when the service rejected it.
    public func applyChanges(_ changes: ChangeSet, headers: HTTPHeaders? = nil, options: RequestOptions? = nil) async throws(ODataError) {
        let batch = RequestBatch()
        batch.addChanges(changes)
        try await processBatch(batch, headers: headers ?? HTTPHeaders())
        if let error = changes.error { throw error }
    }

    /// Reads the server's version of each entity that a successful changeset request created or updated into its
    /// changeset (`ChangeSet.serverVersion(forContentID:)`), and so into the objects of reference entities, as the
    /// single `createEntity`/`updateEntity` calls do. An answer that cannot be read is an error naming the
    /// request: the server applied the change, and its version of the entity would otherwise be lost.
    private func recordServerVersions(in batch: RequestBatch) throws(ODataError) {
        for case .changes(let changeSet) in batch.parts {
            let requests = changeSet.requests
            for (index, (operation, result)) in zip(changeSet.operations, changeSet.results).enumerated() {
                guard case .success(let part) = result else { continue }
                switch operation {
                case .create(let entity, let entitySet):
                    do {
                        changeSet.recordServerVersion(try created(entity, in: entitySet, answeredBy: part, of: batch), at: index)
                    } catch {
                        let unread = ODataError(
                            error.kind, "the server applied it, but its answer cannot be read: \(error.message)",
                            statusCode: part.statusCode, responseHeaders: part.headers, responseBody: part.body, underlyingError: error)
                        throw ChangeSet.naming(unread, request: requests[index], index: index, of: requests.count)
                    }
                case .update(let entity, _, _):
                    changeSet.recordServerVersion(entity.updated(answeredBy: part.headers), at: index)
                default:
                    continue
                }
            }
        }
    }

    /// The server's version of an entity created in a changeset, read from its part by the provider's codec.
    private func created(
        _ entity: EntityValue, in entitySet: EntitySetDescriptor, answeredBy part: BatchPartResponse, of batch: RequestBatch
    ) throws(ODataError)
        -> EntityValue
    {
        try entity.created(answeredBy: part.statusCode, headers: part.headers, hasBody: !part.body.isEmpty) { () throws(ODataError) in
            let entities = try batch.entities(from: part, for: DataQuery().from(entitySet)).entities
            guard entities.count == 1, let created = entities.first else {
                throw ODataError(.decoding, "expected the created \(entity.entityType.name), found \(entities.count) entities")
            }
            return created
        }
    }

}

/// The entity sets of a container, for calls that take the set from the entity's type.
extension DataService {
    /// The entity set of this container that holds `type`: the one set whose entity type is `type`.
    /// Throws `ODataError` `.invalidRequest` when no set or more than one holds it.
    public func entitySet(for type: EntityTypeDescriptor) throws -> EntitySetDescriptor {
        let sets = entitySets.filter { $0.entityType == type }
        guard sets.count == 1, let set = sets.first else {
            let found = sets.isEmpty ? "no entity set" : "\(sets.count) entity sets (\(sets.map(\.name).joined(separator: ", ")))"
            throw ODataError(
                .invalidRequest, "\(Self.self) has \(found) of type \(type.qualifiedName); pass the set: createEntity(_:in:)")
        }
        return set
    }
}

extension DataService {
    /// The typed entities of a successful batch read of `query` in `batch` (see `RequestBatch.addQuery(_:)`).
    public func entities<Entity: EntityProtocol>(
        _ type: Entity.Type, from part: BatchPartResponse, for query: DataQuery, in batch: RequestBatch
    ) throws(ODataError) -> [Entity] {
        Entity.array(from: try batch.entities(from: part, for: query).entities)
    }
}
