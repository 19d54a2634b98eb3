import Foundation
import OData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an upload did.
public struct OfflineODataUploadResult: Sendable, Hashable {
    /// Requests the service applied.
    public var succeeded: Int
    /// Requests the service refused (now in the error archive).
    public var failed: Int
    /// Requests held back because an earlier request of the same entity failed (also archived).
    public var notSent: Int

    /// A result.
    public init(succeeded: Int = 0, failed: Int = 0, notSent: Int = 0) {
        self.succeeded = succeeded
        self.failed = failed
        self.notSent = notSent
    }
}

/// Sends the request queue in order: as `$batch` changesets when the service takes them, one by one otherwise.
struct Uploader {
    let store: OfflineStore
    let online: OnlineODataProvider
    let headers: HTTPHeaders
    /// Whether `$batch` is used: nil detects it on the first batch.
    var usesBatch: Bool?
    let progress: (OfflineODataProgress) -> Void
    var result = OfflineODataUploadResult()
    var blocked: Set<String> = []

    /// Sends every queued request; throws only when the service cannot be reached (the queue keeps what is unsent).
    mutating func run() async throws -> OfflineODataUploadResult {
        let total = try store.queued().count
        while let first = try store.queued().first {
            progress(.uploading(sent: result.succeeded + result.failed + result.notSent, of: total))
            if first.addresses.contains(where: blocked.contains) {
                try store.archive(first, request: nil, status: nil, code: nil, message: heldBackMessage(first), serverBody: nil)
                result.notSent += 1
                continue
            }
            if usesBatch != false {
                let group = batchGroup(try store.queued())
                if group.count > 1 {
                    do {
                        try await sendBatch(group)
                        usesBatch = true
                        continue
                    } catch let error as ODataError where usesBatch == nil && (Self.wasAnswered(error) || error.kind == .wrongContentType) {
                        try store.unmarkSending(group)
                        usesBatch = false
                    }
                }
            }
            try await sendSingle(first)
        }
        progress(.finished)
        return result
    }

    private func heldBackMessage(_ entry: QueueEntry) -> String {
        "held back: an earlier request for \(entry.addresses.first { blocked.contains($0) }?.replacingOccurrences(of: "|", with: "") ?? "") failed"
    }

    /// The next requests that can go in one `$batch`: each about entities no earlier request of the group touches
    /// (so a failure can hold back the entity's later requests, and a local key is replaced before it is used).
    private func batchGroup(_ entries: [QueueEntry]) -> [QueueEntry] {
        var group: [QueueEntry] = []
        var touched: Set<String> = []
        for entry in entries {
            if entry.wasInFlight || entry.addresses.contains(where: { blocked.contains($0) || touched.contains($0) }) { break }
            group.append(entry)
            touched.formUnion(entry.addresses)
            if group.count == 50 { break }
        }
        return group
    }

    private mutating func sendSingle(_ entry: QueueEntry) async throws {
        if entry.wasInFlight, try await settleUnanswered(entry) { return }
        let prepared = try PreparedRequest(
            entry, store: store, serviceRoot: online.serviceRoot, repeatable: online.repeatableRequests)
        var request = HTTPRequest(
            method: prepared.method, url: try online.url(for: prepared.path), headers: headers,
            body: prepared.body.map(HTTPBody.data) ?? .none)
        for field in prepared.headers.fields { request.headers[field.name] = field.value }
        try SyncCancellation.check("upload", before: "sending \(prepared.method) \(prepared.path) (it and the later requests stay queued)")
        try store.markSending([(entry, prepared)])
        do {
            let response = try await online.execute(request)
            try store.applySuccess(entry, status: response.statusCode, headers: response.headers, body: response.body)
            result.succeeded += 1
        } catch let error as ODataError where Self.neverReachedService(error) {
            try store.unmarkSending([entry])
            throw error
        } catch let error as ODataError where Self.wasAnswered(error) {
            if entry.wasInFlight, entry.kind == .delete, error.statusCode == 404 {
                try store.applySuccess(entry, status: 204, headers: HTTPHeaders(), body: Data())
                result.succeeded += 1
                return
            }
            try await fail(entry, prepared, error)
        }
    }

    /// Whether the service answered: a status arrived with the whole answer. An answer whose body ended early
    /// (`.truncatedBody`, the connection closed) is no answer, even with its status line: a create may have been
    /// applied, so the request stays in flight and the next upload settles it.
    static func wasAnswered(_ error: ODataError) -> Bool {
        error.statusCode != nil && error.kind != .truncatedBody
    }

    /// Whether a request surely did not reach the service (no connection was made), so it is not in flight.
    static func neverReachedService(_ error: ODataError) -> Bool {
        guard error.kind == .transport, let code = (error.underlyingError as? URLError)?.code else { return false }
        return [.cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet].contains(code)
    }

    private mutating func sendBatch(_ group: [QueueEntry]) async throws {
        let batch = RequestBatch()
        var parts: [(QueueEntry, PreparedRequest, ChangeSet)] = []
        for entry in group {
            let prepared = try PreparedRequest(
                entry, store: store, serviceRoot: online.serviceRoot, repeatable: online.repeatableRequests)
            let changeSet = ChangeSet()
            changeSet.add(
                BatchPartRequest(method: prepared.method, url: prepared.path, headers: prepared.headers, body: prepared.body ?? Data()))
            batch.addChanges(changeSet)
            parts.append((entry, prepared, changeSet))
        }
        try SyncCancellation.check("upload", before: "sending a $batch of \(parts.count) requests (they stay queued)")
        try store.markSending(parts.map { ($0.0, $0.1) })
        do {
            try await online.send(.processBatch(batch), headers: headers)
        } catch {
            if Self.neverReachedService(error) { try store.unmarkSending(group) }
            throw error
        }
        for (entry, prepared, changeSet) in parts {
            if changeSet.isSuccess, let response = changeSet.responses.first {
                try store.applySuccess(entry, status: response.statusCode, headers: response.headers, body: response.body)
                result.succeeded += 1
            } else {
                let error = changeSet.error ?? ODataError(.httpStatus, "$batch changeset failed without an answer")
                try await fail(entry, prepared, error)
            }
        }
    }

    /// Archives a refused request (with the server's current entity for a 412) and holds back its entity.
    mutating func fail(_ entry: QueueEntry, _ prepared: PreparedRequest, _ error: ODataError) async throws {
        var serverBody: Data?
        if error.statusCode == 412 {
            var read = HTTPRequest(method: "GET", url: try online.url(for: prepared.path), headers: headers)
            read.headers["Accept"] = store.jsonMediaType
            if let response = try? await online.execute(read),
                let entity = try? ODataJSONDecoder(typeResolver: store.typeResolver).decodeEntity(
                    response.body, entityType: try store.entitySet(entry.set).entityType)
            {
                var withETag = entity
                if withETag.metadata.etag == nil { withETag.metadata.etag = response.headers["ETag"] }
                serverBody = try JSONSerialization.data(withJSONObject: [
                    "body": String(decoding: EntityRow.body(of: entity), as: UTF8.self), "etag": withETag.metadata.etag ?? "",
                ])
            }
        }
        let message = error.serviceError?.message ?? error.message
        try store.archive(
            entry, request: prepared, status: error.statusCode, code: error.serviceError?.code, message: message, serverBody: serverBody)
        blocked.insert(entry.set + "|" + entry.key)
        result.failed += 1
    }
}
