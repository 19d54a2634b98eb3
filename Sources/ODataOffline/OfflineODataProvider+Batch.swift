import Foundation
import OData

/// `$batch` against the store: reads answered locally, each changeset applied in one SQLite transaction (all
/// of it or nothing), its writes queued for upload like any other (applied at once in the in-process service).
extension OfflineODataProvider {
    /// Runs the batch's reads and changesets in order and records each outcome in the batch as a server's
    /// `$batch` answer would (decode a read with `entities(from:for:)`). Parts added as raw
    /// `BatchPartRequest`s fail with 501.
    public func processBatch(_ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) {
        try await ODataError.converting {
            let store = try openStore()
            var responses: [BatchItemResponse] = []
            for part in batch.parts {
                switch part {
                case .read(.read(let query)):
                    do {
                        let list = try await fetchEntities(query, headers: headers, options: RequestOptions())
                        var body = Data("{\"d\":{\"results\":[".utf8)
                        for (index, entity) in list.entities.enumerated() {
                            if index > 0 { body.append(UInt8(ascii: ",")) }
                            body += encodeEntity(entity)
                        }
                        responses.append(
                            .query(BatchPartResponse(statusCode: 200, headers: Self.jsonHeaders, body: body + Data("]}}".utf8))))
                    } catch {
                        responses.append(.query(Self.errorResponse(error)))
                    }
                case .read:
                    responses.append(.query(Self.errorResponse(Self.rawPartError)))
                case .changes(let changeSet):
                    let operations = changeSet.operations
                    do {
                        let parts = try store.db.transaction { try operations.map { try apply($0, headers: headers) } }
                        responses.append(.changeSet(parts))
                    } catch {
                        responses.append(.changeSet([Self.errorResponse(error)]))
                    }
                }
            }
            try batch.record(responses, serviceRoot: serviceRoot)

        }
    }

    /// Decodes the entities of a successful batch read of `query`; a failed read throws its error.
    public func entities(from part: BatchPartResponse, for query: DataQuery) throws(ODataError) -> EntityList {
        try part.jsonEntities(for: query, serviceRoot: serviceRoot) { try openStore().typeResolver }
    }

    private func apply(_ operation: BatchOperation, headers: HTTPHeaders) throws -> BatchPartResponse {
        switch operation {
        case .create(let entity, let set):
            let created = try createNow(entity, in: set, headers: headers)
            var responseHeaders = Self.jsonHeaders
            responseHeaders["ETag"] = created.metadata.etag
            return BatchPartResponse(
                statusCode: 201, headers: responseHeaders, body: Data("{\"d\":".utf8) + encodeEntity(created) + Data("}".utf8))
        case .update(let entity, let set, let mode):
            let updated = try updateNow(entity, in: set, headers: headers, options: RequestOptions(updateMode: mode))
            var responseHeaders = HTTPHeaders()
            responseHeaders["ETag"] = updated.metadata.etag
            return BatchPartResponse(statusCode: 204, headers: responseHeaders)
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

    private static var jsonHeaders: HTTPHeaders { ["Content-Type": "application/json"] }

    /// A failed part as a server answers it: the status (400 when unknown, 501 when unsupported) and an
    /// OData JSON error body.
    static func errorResponse(_ error: any Error) -> BatchPartResponse {
        let odata = error as? ODataError
        let status = odata?.statusCode ?? (odata?.kind == .unsupportedOperation ? 501 : 400)
        let object: [String: Any] = ["error": ["code": String(status), "message": ["lang": "en", "value": odata?.message ?? "\(error)"]]]
        return BatchPartResponse(
            statusCode: status, headers: jsonHeaders, body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    /// An entity's JSON object with its `__metadata` (URI, type, ETag).
    func encodeEntity(_ entity: EntityValue) -> Data {
        var metadata: [String: String] = ["type": entity.entityType.qualifiedName]
        if let uri = entity.metadata.uri { metadata["uri"] = uri.contains("://") ? uri : serviceRoot.absoluteString + uri }
        if let etag = entity.metadata.etag { metadata["etag"] = etag }
        let head = (try? JSONSerialization.data(withJSONObject: ["__metadata": metadata])) ?? Data("{}".utf8)
        let plain = EntityValue(
            type: entity.entityType, loadedValues: entity.values,
            navigationValues: Array(repeating: nil, count: entity.entityType.navigationProperties.count), metadata: EntityMetadata())
        let properties = ODataJSONEncoder().encodeForCreate(plain)
        guard properties.count > 2 else { return head }
        return head.dropLast() + Data(",".utf8) + properties.dropFirst()
    }
}
