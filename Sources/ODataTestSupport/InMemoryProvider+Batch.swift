import Foundation
import OData

/// `$batch` in memory: reads of `DataQuery`s and changesets of entity operations, each changeset
/// applied to a copy of the store that replaces it only when every write succeeded.
extension InMemoryProvider {
    /// Runs the batch's reads and changesets in order and records each outcome in the batch, as a
    /// server's `$batch` answer would: a read's entities as a JSON feed (decode them with
    /// `entities(from:for:)`), a changeset's 201/204 responses, or one error response for a failed
    /// changeset. Parts added as raw `BatchPartRequest`s fail with 501.
    func processBatch(_ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) {
        try await ODataError.converting {
            var responses: [BatchItemResponse] = []
            for part in batch.parts {
                switch part {
                case .read(.read(let query)):
                    do {
                        let list = try await fetchEntities(query)
                        responses.append(.query(BatchPartCodec.feed(list, serviceRoot: serviceRoot)))
                    } catch {
                        responses.append(.query(BatchPartCodec.failure(error)))
                    }
                case .read:
                    responses.append(.query(BatchPartCodec.failure(unsupported("run a batch read given as a raw request"))))
                case .changes(let changeSet):
                    let operations = changeSet.operations
                    do {
                        let parts = try atomically { store in try operations.map { try apply($0, to: &store) } }
                        responses.append(.changeSet(parts))
                    } catch {
                        responses.append(.changeSet([BatchPartCodec.failure(error)]))
                    }
                }
            }
            try batch.record(responses, serviceRoot: serviceRoot)

        }
    }

    /// Decodes the entities of a successful batch read of `query` with the shared batch-part codec; a failed read
    /// throws its error.
    public func entities(from part: BatchPartResponse, for query: DataQuery) throws(ODataError) -> EntityList {
        try BatchPartCodec.entities(from: part, for: query, serviceRoot: serviceRoot, typeResolver: nil)
    }

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
