import Foundation
import OData

/// `$batch` against the store (the batch itself runs in `LocalProvider`): reads answered locally, each changeset
/// applied in one SQLite transaction (all of it or nothing), its writes queued for upload like any other (applied at
/// once in the in-process service).
extension OfflineODataProvider {
    /// A batch read's entities with their values and metadata only: the store's answer carries no navigation.
    package func batchRead(_ query: DataQuery, headers: HTTPHeaders) async throws(ODataError) -> EntityList {
        var list = try await fetchEntities(query, headers: headers, options: RequestOptions())
        list.entities = list.entities.map(withoutNavigation)
        return list
    }

    /// Applies a changeset in one SQLite transaction (all of it or nothing).
    package func applyChangeSet(_ operations: [BatchOperation], headers: HTTPHeaders) async throws -> [BatchPartResponse] {
        try openStore().db.transaction { try operations.map { try apply($0, headers: headers) } }
    }

    /// Batch reads resolve derived types by the stored metadata.
    package func batchTypeResolver() throws(ODataError) -> (@Sendable (String) -> EntityTypeDescriptor?)? {
        do { return try openStore().typeResolver } catch { throw ODataError(wrapping: error) }
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
            throw rawPartError
        }
    }

    /// The entity with its values and metadata only: the store's answer to a batch part carries no navigation.
    private func withoutNavigation(_ entity: EntityValue) -> EntityValue {
        EntityValue(
            type: entity.entityType, loadedValues: entity.values,
            navigationValues: Array(repeating: nil, count: entity.entityType.navigationProperties.count), metadata: entity.metadata)
    }
}
