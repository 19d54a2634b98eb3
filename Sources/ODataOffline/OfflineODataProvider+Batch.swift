import Foundation
import OData

/// `$batch` against the store: reads answered locally, each changeset applied in one SQLite transaction (all
/// of it or nothing), its writes queued for upload like any other (applied at once in the in-process service).
extension OfflineODataProvider {
    /// Runs the batch's reads and changesets in order and records each outcome in the batch as a server's
    /// `$batch` answer would (decode a read with `entities(from:for:)`). Parts added as raw
    /// `BatchPartRequest`s fail with 501.
    func processBatch(_ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) {
        try await ODataError.converting {
            let store = try openStore()
            var responses: [BatchItemResponse] = []
            for part in batch.parts {
                switch part {
                case .read(.read(let query)):
                    do {
                        var list = try await fetchEntities(query, headers: headers, options: RequestOptions())
                        list.entities = list.entities.map(withoutNavigation)
                        responses.append(.query(BatchPartCodec.feed(list, serviceRoot: serviceRoot)))
                    } catch {
                        responses.append(.query(BatchPartCodec.failure(error)))
                    }
                case .read:
                    responses.append(.query(BatchPartCodec.failure(Self.rawPartError)))
                case .changes(let changeSet):
                    let operations = changeSet.operations
                    do {
                        let parts = try store.db.transaction { try operations.map { try apply($0, headers: headers) } }
                        responses.append(.changeSet(parts))
                    } catch {
                        responses.append(.changeSet([BatchPartCodec.failure(error)]))
                    }
                }
            }
            try batch.record(responses, serviceRoot: serviceRoot)

        }
    }

    /// Decodes the entities of a successful batch read of `query` with the shared batch-part codec, resolving
    /// derived types by the stored metadata; a failed read throws its error.
    public func entities(from part: BatchPartResponse, for query: DataQuery) throws(ODataError) -> EntityList {
        let resolver: (@Sendable (String) -> EntityTypeDescriptor?)?
        do { resolver = try openStore().typeResolver } catch { throw ODataError(wrapping: error) }
        return try BatchPartCodec.entities(from: part, for: query, serviceRoot: serviceRoot, typeResolver: resolver)
    }

    private func apply(_ operation: BatchOperation, headers: HTTPHeaders) throws -> BatchPartResponse {
        switch operation {
        case .create(let entity, let set):
            let created = try createNow(entity, in: set, headers: headers)
            return BatchPartCodec.created(withoutNavigation(created), serviceRoot: serviceRoot, location: false)
        case .update(let entity, let set, let mode):
            let updated = try updateNow(entity, in: set, headers: headers, options: RequestOptions(updateMode: mode))
            return BatchPartCodec.updated(etag: updated.metadata.etag)
        case .delete(let entity, let set):
            try deleteNow(entity, in: set, headers: headers)
            return BatchPartResponse(statusCode: 204)
        case .read, .request:
            throw Self.rawPartError
        }
    }

    private static var rawPartError: ODataError {
        ODataError(.unsupportedOperation, "offline store: a batch part given as a raw request cannot be run locally")
    }

    /// The entity with its values and metadata only: the store's answer to a batch part carries no navigation.
    private func withoutNavigation(_ entity: EntityValue) -> EntityValue {
        EntityValue(
            type: entity.entityType, loadedValues: entity.values,
            navigationValues: Array(repeating: nil, count: entity.entityType.navigationProperties.count), metadata: entity.metadata)
    }
}
