import Foundation
import OData

/// `$batch` in memory (the batch itself runs in `LocalProvider`): changesets of entity operations, each applied
/// to a copy of the store that replaces it only when every write succeeded.
extension InMemoryProvider {
    /// Applies a changeset to a copy of the store that replaces it only when every write succeeded.
    package func applyChangeSet(_ operations: [BatchOperation], headers: HTTPHeaders) async throws -> [BatchPartResponse] {
        try atomically { store in try operations.map { try apply($0, to: &store) } }
    }

    /// Batch reads are decoded without a model (no derived types).
    package func batchTypeResolver() throws(ODataError) -> (@Sendable (String) -> EntityTypeDescriptor?)? { nil }

    private func apply(_ operation: BatchOperation, to store: inout InMemoryStore) throws -> BatchPartResponse {
        switch operation {
        case .create(let entity, let set):
            return BatchPartCodec.created(try store.create(entity, in: set), serviceRoot: serviceRoot, location: true)
        case .update(let entity, let set, let mode):
            guard mode == .replace || entity.hasChanges else { return BatchPartResponse(statusCode: 204) }
            return BatchPartCodec.updated(etag: try store.update(entity, in: set, mode: mode).metadata.etag)
        case .delete(let entity, let set):
            try store.delete(entity, in: set)
            return BatchPartResponse(statusCode: 204)
        case .read, .request:
            throw unsupported("run a changeset part given as a raw request")
        }
    }
}
