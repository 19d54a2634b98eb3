import Foundation
import OData

/// One queued request. Paths are built when the request is sent, from the current keys, so a request that
/// depends on a locally created entity uses the server's key once that entity has been uploaded.
struct QueueEntry: Sendable {
    /// What the request does.
    enum Kind: String, Sendable {
        case create, createRelated, update, delete, addLink, setLink, removeLink, uploadMedia, createMedia
    }

    var id: Int64 = 0
    var kind: Kind
    var method: String
    /// The entity the request is about (for links: the source; for a related create: the new entity).
    var set: String
    var key: String
    /// The navigation property (links, related create).
    var navigation: String?
    /// The other entity (link target, or the parent of a related create).
    var targetSet: String?
    var targetKey: String?
    var body: Data?
    var contentType: String?
    /// The properties an update sends (comma-separated names).
    var properties: [String] = []
    /// Extra request headers (`Name: value` lines).
    var headers: [String: String] = [:]
    /// Whether the entry may be combined with later changes of the same entity.
    var combinable = true
    /// Whether an upload sent the request and stopped before recording the answer.
    var wasInFlight = false

    static let columns = "id, kind, method, eset, ekey, nav, tset, tkey, body, content_type, properties, headers, combinable, inflight"

    init(kind: Kind, method: String, set: String, key: String) {
        self.kind = kind
        self.method = method
        self.set = set
        self.key = key
    }

    init(columns row: [SQLValue]) throws {
        guard let kind = row[1].text.flatMap(Kind.init(rawValue:)) else {
            throw ODataError(.decoding, "offline store: queued request \(row[0].integer ?? 0) has an unknown kind")
        }
        self.id = row[0].integer ?? 0
        self.kind = kind
        method = row[2].text ?? "GET"
        set = row[3].text ?? ""
        key = row[4].text ?? ""
        navigation = row[5].text
        targetSet = row[6].text
        targetKey = row[7].text
        body = row[8].data
        contentType = row[9].text
        properties = (row[10].text ?? "").split(separator: ",").map(String.init)
        var headers: [String: String] = [:]
        for line in (row[11].text ?? "").split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        combinable = row[12].integer != 0
        wasInFlight = row[13].integer == 1
    }

    /// The entities the request is about, as `set|key` (the subject, and the other end when there is one).
    var addresses: [String] {
        var result = [set + "|" + key]
        if let targetSet, let targetKey { result.append(targetSet + "|" + targetKey) }
        return result
    }

    /// The values bound after `kind, method, …, combinable` (12 columns, without the id).
    var parameters: [SQLValue] {
        [
            .text(kind.rawValue), .text(method), .text(set), .text(key), .optional(navigation), .optional(targetSet),
            .optional(targetKey), body.map(SQLValue.blob) ?? .null, .optional(contentType), .text(properties.joined(separator: ",")),
            .text(headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")),
            .integer(combinable ? 1 : 0),
        ]
    }
}

extension OfflineStore {
    /// Appends a request to the queue and returns its id.
    @discardableResult
    func enqueue(_ entry: QueueEntry) throws -> Int64 {
        try db.run(
            "INSERT INTO queue(kind, method, eset, ekey, nav, tset, tkey, body, content_type, properties, headers, combinable) "
                + "VALUES(?,?,?,?,?,?,?,?,?,?,?,?)", entry.parameters)
        return db.lastInsertRowID
    }

    /// Rewrites a queued request.
    func updateQueued(_ entry: QueueEntry) throws {
        try db.run(
            "UPDATE queue SET kind=?, method=?, eset=?, ekey=?, nav=?, tset=?, tkey=?, body=?, content_type=?, properties=?, "
                + "headers=?, combinable=? WHERE id = ?", entry.parameters + [.integer(entry.id)])
    }

    /// The queued requests in order.
    func queued() throws -> [QueueEntry] {
        try db.query("SELECT \(QueueEntry.columns) FROM queue ORDER BY id").map(QueueEntry.init(columns:))
    }

    /// The queued requests about one entity (as subject or as the other end), in order.
    func queued(set: String, key: String) throws -> [QueueEntry] {
        try db.query(
            "SELECT \(QueueEntry.columns) FROM queue WHERE (eset = ? AND ekey = ?) OR (tset = ? AND tkey = ?) ORDER BY id",
            [.text(set), .text(key), .text(set), .text(key)]
        ).map(QueueEntry.init(columns:))
    }

    /// Removes a queued request.
    func dequeue(_ id: Int64) throws {
        try db.run("DELETE FROM queue WHERE id = ?", [.integer(id)])
    }

    /// Whether requests wait for upload.
    func hasPendingRequests() throws -> Bool {
        (try db.query("SELECT count(*) FROM queue").first?.first?.integer ?? 0) > 0
    }

    /// Clears the pending flag of an entity that no queued request is about any more.
    func refreshPendingFlag(set: String, key: String) throws {
        try db.run(
            """
            UPDATE entities SET pending = EXISTS (SELECT 1 FROM queue q WHERE q.eset = entities.eset AND q.ekey = entities.ekey)
                OR EXISTS (SELECT 1 FROM archive a WHERE a.eset = entities.eset AND a.ekey = entities.ekey),
              has_original = CASE WHEN EXISTS (SELECT 1 FROM queue q WHERE q.eset = entities.eset AND q.ekey = entities.ekey)
                OR EXISTS (SELECT 1 FROM archive a WHERE a.eset = entities.eset AND a.ekey = entities.ekey)
                THEN has_original ELSE 0 END
            WHERE eset = ? AND ekey = ?
            """, [.text(set), .text(key)])
    }
}
