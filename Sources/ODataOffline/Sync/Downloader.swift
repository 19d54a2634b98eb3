import Foundation
import OData

/// Runs the defining queries against the service and applies their results to the store atomically.
struct Downloader {
    let store: OfflineStore
    let online: OnlineODataProvider
    let headers: HTTPHeaders
    let pageSize: Int?
    let progress: (OfflineODataProgress) -> Void

    /// Downloads every defining query: server pages (`__next`) followed to the end, one page in memory at a
    /// time, staged, then applied in one transaction. Returns the number of entities written.
    func run() async throws -> Int {
        try store.clearStaging()
        var deltaLinks: [String: String] = [:]
        let queries = try store.definingQueries()
        for (index, (query, deltaLink)) in queries.enumerated() {
            try SyncCancellation.check("download", before: "defining query \(query.name)")
            progress(.downloading(definingQuery: query.name, step: index + 1, of: queries.count))
            let set = try store.entitySet(query.entitySetName)
            do {
                if let delta = try await read(query, set: set, deltaLink: deltaLink) { deltaLinks[query.name] = delta }
            } catch let error as ODataError where deltaLink != nil && Self.refusesDeltaToken(error) {
                // The service no longer takes the delta token (410 Gone when it expired): the query is read in full,
                // and its key diff removes what the service deleted meanwhile. The dead link is dropped now.
                try store.db.run("UPDATE defining_queries SET delta_link = NULL WHERE name = ?", [.text(query.name)])
                if let delta = try await read(query, set: set, deltaLink: nil) { deltaLinks[query.name] = delta }
            }
        }
        try SyncCancellation.check("download", before: "applying what was read (nothing applied)")
        progress(.applyingDownload)
        let count = try store.applyStaged(deltaLinks: deltaLinks)
        for (query, _) in queries where query.automaticallyRetrievesStreams {
            try await downloadStreams(of: try store.entitySet(query.entitySetName).name)
        }
        return count
    }

    /// Reads one defining query (from its delta link when given) into the staging tables, every page, and returns
    /// the delta link the service gave on the way.
    private func read(_ query: OfflineODataDefiningQuery, set: EntitySetDescriptor, deltaLink: String?) async throws -> String? {
        if deltaLink == nil && Self.readsWholeSet(query.query) { try store.stageFullRead(of: set.name) }
        let usesClientPaging = deltaLink == nil && pageSize != nil && !query.query.contains("$top")
        var next: String? = deltaLink ?? (usesClientPaging ? Self.paged(query.query, top: pageSize ?? 0, skip: 0) : query.query)
        var seen: Set<String> = []
        var skipped = 0
        var newDeltaLink: String?
        while let link = next {
            guard seen.insert(link).inserted else {
                throw ODataError(.decoding, "offline download: the server's next link repeats: \(link)")
            }
            let page = try await fetchPage(link, type: set.entityType)
            try store.stage(page.entities, set: set)
            try store.stageDeletes(page.deletedEntryIDs)
            if let delta = page.deltaLink { newDeltaLink = delta }
            next = page.nextLink
            skipped += page.entities.count
            if next == nil, usesClientPaging, let pageSize, page.entities.count == pageSize, pageSize > 0 {
                next = Self.paged(query.query, top: pageSize, skip: skipped)
            }
        }
        return newDeltaLink
    }

    /// Whether an error answering a delta link says the token is no longer taken: 410 Gone (expired), or another
    /// client error that is not about authorization or load (a service that refuses an unknown token with 400).
    static func refusesDeltaToken(_ error: ODataError) -> Bool {
        guard let status = error.statusCode, (400..<500).contains(status) else { return false }
        return ![401, 403, 407, 408, 429].contains(status)
    }

    /// Downloads the media resources of a set's media entities (one at a time) into the store, except those
    /// with a local media change not yet uploaded.
    private func downloadStreams(of set: String) async throws {
        let links = try store.db.query(
            """
            SELECT e.ekey, e.media_read FROM entities e WHERE e.eset = ? AND e.media_read IS NOT NULL AND e.deleted = 0
              AND NOT EXISTS (SELECT 1 FROM queue q WHERE q.eset = e.eset AND q.ekey = e.ekey AND q.kind = 'uploadMedia')
            """, [.text(set)])
        for link in links {
            guard let key = link[0].text, let path = link[1].text else { continue }
            var request = HTTPRequest(method: "GET", url: try online.url(for: path), headers: headers)
            request.headers["Accept"] = "*/*"
            let response = try await online.execute(request)
            try store.db.run(
                "INSERT OR REPLACE INTO media(eset, ekey, content_type, data) VALUES(?,?,?,?)",
                [.text(set), .text(key), .optional(response.headers["Content-Type"]), .blob(response.body)])
        }
    }

    /// Whether a defining query reads a whole entity set (no key, navigation or `$filter`/`$top`/`$skip`), so
    /// that entities it no longer returns were deleted on the server.
    static func readsWholeSet(_ query: String) -> Bool {
        let parts = query.split(separator: "?", maxSplits: 1)
        let path = parts.first.map(String.init) ?? ""
        guard !path.contains("("), !path.contains("/") else { return false }
        let options = parts.count > 1 ? String(parts[1]) : ""
        return !["$filter", "$top", "$skip", "%24filter", "%24top", "%24skip"].contains { options.contains($0) }
    }

    /// The query with `$top`/`$skip` for client-driven paging.
    static func paged(_ query: String, top: Int, skip: Int) -> String {
        query + (query.contains("?") ? "&" : "?") + "$top=\(top)&$skip=\(skip)"
    }

    /// One page of entities, as JSON.
    private func fetchPage(_ link: String, type: EntityTypeDescriptor) async throws -> EntityList {
        var request = HTTPRequest(method: "GET", url: try online.url(for: link), headers: headers)
        request.headers["Accept"] = store.jsonMediaType
        let response = try await online.execute(request)
        do {
            return try ODataJSONDecoder(typeResolver: store.typeResolver).decodeEntityList(response.body, entityType: type)
        } catch {
            throw ODataError(
                .decoding, "offline download: \(request.url.absoluteString) cannot be read: \(error)", method: "GET", url: request.url,
                statusCode: response.statusCode, responseBody: response.body, underlyingError: error)
        }
    }
}

/// How a sync stops when the task running it is cancelled: between its steps (a request, applying a download), with
/// `ODataError` `.cancelled`, leaving what it has not done undone (a download applies nothing, an upload keeps the
/// requests it did not send queued). A request in flight is cancelled by its transport, also as `.cancelled`.
enum SyncCancellation {
    /// Throws `.cancelled` when the current task is cancelled, naming the sync and the step it did not start.
    static func check(_ sync: String, before step: @autoclosure () -> String) throws(ODataError) {
        guard Task.isCancelled else { return }
        throw ODataError(.cancelled, "offline \(sync) cancelled before \(step())")
    }
}

/// What a sync is doing, for progress displays.
public enum OfflineODataProgress: Sendable, Hashable {
    /// The store is being opened (`creatingStore`: for the first time, fetching `$metadata`).
    case opening(creatingStore: Bool)
    /// A defining query is being downloaded (`step` of `of`).
    case downloading(definingQuery: String, step: Int, of: Int)
    /// The downloaded pages are being applied to the store.
    case applyingDownload
    /// Queued requests are being sent (`sent` of `of` so far).
    case uploading(sent: Int, of: Int)
    /// The operation finished.
    case finished
}
