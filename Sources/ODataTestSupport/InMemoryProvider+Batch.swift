import Foundation
import OData

/// `$batch` in memory: reads of `DataQuery`s and changesets of entity operations, each changeset
/// applied to a copy of the store that replaces it only when every write succeeded.
extension InMemoryProvider {
    /// Runs the batch's reads and changesets in order and records each outcome in the batch, as a
    /// server's `$batch` answer would: a read's entities as a JSON feed (decode them with
    /// `entities(from:for:)`), a changeset's 201/204 responses, or one error response for a failed
    /// changeset. Parts added as raw `BatchPartRequest`s fail with 501.
    public func processBatch(_ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) {
        try await ODataError.converting {
            var responses: [BatchItemResponse] = []
            for part in batch.parts {
                switch part {
                case .read(.read(let query)):
                    do {
                        let list = try await fetchEntities(query)
                        responses.append(.query(BatchPartResponse(statusCode: 200, headers: Self.jsonHeaders, body: encodeFeed(list))))
                    } catch {
                        responses.append(.query(Self.errorResponse(error)))
                    }
                case .read:
                    responses.append(.query(Self.errorResponse(unsupported("run a batch read given as a raw request"))))
                case .changes(let changeSet):
                    let operations = changeSet.operations
                    do {
                        let parts = try atomically { store in try operations.map { try apply($0, to: &store) } }
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
        try part.jsonEntities(for: query, serviceRoot: serviceRoot)
    }

    private func apply(_ operation: BatchOperation, to store: inout InMemoryStore) throws -> BatchPartResponse {
        switch operation {
        case .create(let entity, let set):
            let created = try store.create(entity, in: set)
            var headers = Self.jsonHeaders
            headers["Location"] = serviceRoot.absoluteString + (created.metadata.uri ?? "")
            headers["ETag"] = created.metadata.etag
            return BatchPartResponse(statusCode: 201, headers: headers, body: Data("{\"d\":".utf8) + encodeEntity(created) + Data("}".utf8))
        case .update(let entity, let set, let mode):
            guard mode == .replace || entity.hasChanges else { return BatchPartResponse(statusCode: 204) }
            let updated = try store.update(entity, in: set, mode: mode)
            var headers = HTTPHeaders()
            headers["ETag"] = updated.metadata.etag
            return BatchPartResponse(statusCode: 204, headers: headers)
        case .delete(let entity, let set):
            try store.delete(entity, in: set)
            return BatchPartResponse(statusCode: 204)
        case .read, .request:
            throw unsupported("run a changeset part given as a raw request")
        }
    }

    private static var jsonHeaders: HTTPHeaders { ["Content-Type": "application/json"] }

    /// A failed part as a server would answer it: the status (400 when unknown, 501 for unsupported
    /// operations) and an OData JSON error body.
    static func errorResponse(_ error: any Error) -> BatchPartResponse {
        let odata = error as? ODataError
        let status = odata?.statusCode ?? (odata?.kind == .unsupportedOperation ? 501 : 400)
        let message = odata?.message ?? "\(error)"
        let object: [String: Any] = ["error": ["code": String(status), "message": ["lang": "en", "value": message]]]
        let body = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return BatchPartResponse(statusCode: status, headers: jsonHeaders, body: body)
    }

    /// `{"d":{"results":[…]}}`.
    func encodeFeed(_ list: EntityList) -> Data {
        var body = Data("{\"d\":{\"results\":[".utf8)
        for (index, entity) in list.entities.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += encodeEntity(entity)
        }
        body += Data("]}}".utf8)
        return body
    }

    /// An entity's JSON object with its `__metadata` (absolute URI, type, ETag).
    func encodeEntity(_ entity: EntityValue) -> Data {
        var metadata: [String: String] = ["type": entity.entityType.qualifiedName]
        if let uri = entity.metadata.uri { metadata["uri"] = serviceRoot.absoluteString + uri }
        if let etag = entity.metadata.etag { metadata["etag"] = etag }
        let head = (try? JSONSerialization.data(withJSONObject: ["__metadata": metadata])) ?? Data("{}".utf8)
        let properties = ODataJSONEncoder().encodeForCreate(entity)
        guard properties.count > 2 else { return head }
        return head.dropLast() + Data(",".utf8) + properties.dropFirst()
    }
}
