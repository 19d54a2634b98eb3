import Foundation

/// `$batch` over any provider.
extension DataService {
    /// Sends a batch of reads and changesets as one request.
    public func processBatch(_ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) {
        try await ODataError.converting {
            // Creates added without their set (`ChangeSet.createEntity(_:)`) get the one set of their type here.
            for case .changes(let changeSet) in batch.parts {
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
            let provider = self.provider
            batch.decoder = { part, query in try provider.entities(from: part, for: query) }
            try await provider.processBatch(batch, headers: headers)
        }
    }

    /// Completion-handler form of `processBatch(_:headers:)`: the handler gets `nil` on success (each
    /// part's outcome is in the batch), else the error.
    @discardableResult
    public func processBatch(
        _ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders(), completionHandler: @escaping @MainActor ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        let handler: @MainActor (Bool?, (any Error)?) -> Void = { _, error in completionHandler(error) }
        return complete(handler) {
            try await self.processBatch(batch, headers: headers)
            return true
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
    /// The typed entities of a successful batch read of `query` (see `RequestBatch.addQuery(_:)`).
    public func entities<Entity: EntityProtocol>(_ type: Entity.Type, from part: BatchPartResponse, for query: DataQuery) throws(ODataError)
        -> [Entity]
    {
        Entity.array(from: try provider.entities(from: part, for: query).entities)
    }
}
