import Foundation
import OData

extension OfflineStore {
    /// Puts requests the service refused as a whole back as they were queued (not sent: their bodies are built
    /// again when they are sent, from the keys and links of that moment).
    func unmarkSending(_ entries: [QueueEntry]) throws {
        try db.transaction {
            for entry in entries {
                try updateQueued(entry)
                try db.run("UPDATE queue SET inflight = 0 WHERE id = ?", [.integer(entry.id)])
            }
        }
    }

    /// Records requests as sent, before they go out, with exactly what is sent: the body is kept (a local change
    /// made meanwhile is queued apart, not folded into a request the server may have applied) and so are its
    /// repeatable-request headers (the same id and first-sent time on every attempt, also after a restart).
    func markSending(_ requests: [(entry: QueueEntry, prepared: PreparedRequest)]) throws {
        try db.transaction {
            for (entry, prepared) in requests {
                var sent = entry
                sent.body = prepared.body
                for field in prepared.headers.fields
                where ["requestid", "repeatabilitycreation"].contains(field.name.lowercased())
                    || field.name.lowercased().hasPrefix("repeatability-")
                {
                    sent.headers[field.name] = field.value
                }
                try updateQueued(sent)
                try db.run("UPDATE queue SET inflight = 1 WHERE id = ?", [.integer(entry.id)])
            }
        }
    }

    /// Records the service's answer to a request in one transaction with its removal from the queue: a created
    /// entity takes the server's key (every stored reference and queued request follows), values and ETag; an
    /// update its new ETag; a delete removes the entity.
    func applySuccess(_ entry: QueueEntry, status: Int, headers: HTTPHeaders, body: Data) throws {
        try db.transaction {
            var set = entry.set
            var key = entry.key
            switch entry.kind {
            case .create, .createRelated, .createMedia:
                let type = try entitySet(entry.set).entityType
                if !body.isEmpty, let created = try? ODataJSONDecoder(typeResolver: typeResolver).decodeEntity(body, entityType: type) {
                    if !created.key.isIncomplete { key = try replaceKey(set: set, from: entry.key, to: created.key.predicate) }
                    var row = try makeRow(created, set: set)
                    row.key = key
                    if row.etag == nil { row.etag = headers["ETag"] }
                    let remaining = try queued(set: set, key: key).contains { $0.id != entry.id && $0.set == set && $0.key == key }
                    if remaining, let local = try self.row(set: set, key: key) {
                        // Later local changes wait in the queue: the stored values stay, with the server's key.
                        var kept = try local.entity(as: type, resolver: typeResolver)
                        for property in type.keyProperties { try kept.set(property, to: created[property] ?? .null) }
                        (row.values, row.extra, row.unset) = row.table.values(of: kept)
                    }
                    try upsert(row, isLocal: false)
                } else {
                    if let location = headers["Location"], let address = address(ofURI: location) {
                        set = address.set
                        // The Location writes the key as a URL does: the key the entity was created with keeps its
                        // stored form (an enum-typed key is `NS.Kind'A'` there, `'A'` here).
                        let createdKey = try urlPredicate(set: entry.set, key: entry.key)
                        if address.set != entry.set || address.key != createdKey {
                            key = try replaceKey(set: set, from: entry.key, to: address.key)
                        }
                        try db.run(
                            "UPDATE entities SET uri = ? WHERE eset = ? AND ekey = ?",
                            [.optional(relative(location)), .text(set), .text(key)])
                    }
                    try db.run(
                        "UPDATE entities SET is_local = 0, etag = coalesce(?, etag) WHERE eset = ? AND ekey = ?",
                        [.optional(headers["ETag"]), .text(set), .text(key)])
                }
            case .update:
                if let etag = headers["ETag"] ?? Self.etag(inBody: body) {
                    try db.run("UPDATE entities SET etag = ? WHERE eset = ? AND ekey = ?", [.text(etag), .text(set), .text(key)])
                }
            case .delete:
                try removeEntity(set: set, key: key)
            case .uploadMedia:
                if let etag = headers["ETag"] {
                    try db.run("UPDATE entities SET media_etag = ? WHERE eset = ? AND ekey = ?", [.text(etag), .text(set), .text(key)])
                }
            case .addLink, .setLink, .removeLink:
                break
            }
            try dequeue(entry.id)
            try refreshPendingFlag(set: set, key: key)
            if let targetSet = entry.targetSet, let targetKey = entry.targetKey { try refreshPendingFlag(set: targetSet, key: targetKey) }
        }
    }

    /// The `__metadata.etag` of a JSON entity body, if any.
    static func etag(inBody body: Data) -> String? {
        guard !body.isEmpty, let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        let entity = (root["d"] as? [String: Any]) ?? root
        return (entity["__metadata"] as? [String: Any])?["etag"] as? String
    }

    /// Replaces a local key with the server's everywhere: the entity, relations, media, queued requests and
    /// archive; the old key keeps pointing to the new one. Returns the new key.
    func replaceKey(set: String, from old: String, to new: String) throws -> String {
        guard old != new else { return new }
        let change: [SQLValue] = [.text(new), .text(set), .text(old)]
        try db.run("DELETE FROM entities WHERE eset = ? AND ekey = ? AND pending = 0", [.text(set), .text(new)])
        try db.run("UPDATE entities SET ekey = ? WHERE eset = ? AND ekey = ?", change)
        try db.run("UPDATE OR REPLACE links SET ekey = ? WHERE eset = ? AND ekey = ?", change)
        try db.run("UPDATE OR REPLACE links SET tkey = ? WHERE tset = ? AND tkey = ?", change)
        try db.run("UPDATE OR REPLACE media SET ekey = ? WHERE eset = ? AND ekey = ?", change)
        try db.run("UPDATE OR REPLACE link_navs SET ekey = ? WHERE eset = ? AND ekey = ?", change)
        try db.run("UPDATE queue SET ekey = ? WHERE eset = ? AND ekey = ?", change)
        try db.run("UPDATE queue SET tkey = ? WHERE tset = ? AND tkey = ?", change)
        try db.run("UPDATE archive SET ekey = ? WHERE eset = ? AND ekey = ?", change)
        try db.run("UPDATE key_map SET server_key = ? WHERE eset = ? AND server_key = ?", change)
        try db.run("INSERT OR REPLACE INTO key_map(eset, local_key, server_key) VALUES(?,?,?)", [.text(set), .text(old), .text(new)])
        return new
    }

    /// Moves a request to the error archive (out of the queue).
    func archive(
        _ entry: QueueEntry, request: PreparedRequest?, status: Int?, code: String?, message: String, serverBody: Data?
    ) throws {
        try db.transaction {
            let prepared = request ?? (try? PreparedRequest(entry, store: self, serviceRoot: URL(fileURLWithPath: "/")))
            try db.run(
                """
                INSERT INTO archive(request_id, kind, method, url, body, status, code, message, eset, ekey, server_body)
                VALUES(?,?,?,?,?,?,?,?,?,?,?)
                """,
                [
                    .integer(entry.id), .text(entry.kind.rawValue), .text(prepared?.method ?? entry.method),
                    .text(prepared?.path ?? (entry.set + entry.key)), prepared?.body.map(SQLValue.blob) ?? .null,
                    status.map { .integer(Int64($0)) } ?? .null, .optional(code), .text(message), .text(entry.set), .text(entry.key),
                    serverBody.map(SQLValue.blob) ?? .null,
                ])
            try dequeue(entry.id)
            try refreshPendingFlag(set: entry.set, key: entry.key)
        }
    }
}
