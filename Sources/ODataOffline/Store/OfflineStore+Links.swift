import Foundation
import OData

extension OfflineStore {
    /// Changes a relation in the store and queues the `$links` request.
    func changeLink(
        _ kind: QueueEntry.Kind, set: String, key: String, navigation: String, isCollection: Bool, targetSet: String,
        targetKey: String?, headers: [String: String]
    ) throws {
        try db.transaction {
            guard try row(set: set, key: key) != nil else { throw Self.notFound("\(set)\(key) is not in the offline store") }
            let source: [SQLValue] = [.text(set), .text(key), .text(navigation)]
            var oldTargets: [String] = []
            for old in try db.query("SELECT tset, tkey FROM links WHERE eset = ? AND ekey = ? AND nav = ?", source)
            where kind == .setLink || (kind == .removeLink && (targetKey == nil || old[1].text == targetKey)) {
                try removeReverseLink(set, key, navigation, old[0].text ?? "", old[1].text ?? "")
                oldTargets.append(old[1].text ?? "")
            }
            if kind == .removeLink, let targetKey, !oldTargets.contains(targetKey) { oldTargets.append(targetKey) }
            switch kind {
            case .setLink:
                try db.run("DELETE FROM links WHERE eset = ? AND ekey = ? AND nav = ?", source)
                fallthrough
            case .addLink:
                if let targetKey { try addLinkRow(set, key, navigation, targetSet, targetKey, position: Int(Int32.max)) }
            default:
                if let targetKey, isCollection {
                    try db.run("DELETE FROM links WHERE eset = ? AND ekey = ? AND nav = ? AND tkey = ?", source + [.text(targetKey)])
                } else {
                    try db.run("DELETE FROM links WHERE eset = ? AND ekey = ? AND nav = ?", source)
                }
            }
            if kind == .removeLink {
                let removed = isCollection ? targetKey : nil
                let applied = try applyForeignKey(
                    linked: false, set: set, key: key, navigation: navigation, targetSet: targetSet, targetKey: removed)
                if !applied { try markLinked(set, key, navigation, targetSet: targetSet, targetKeys: oldTargets) }
            }
            let methods: [QueueEntry.Kind: String] = [.addLink: "POST", .setLink: "PUT", .removeLink: "DELETE"]
            var entry = QueueEntry(kind: kind, method: methods[kind] ?? "POST", set: set, key: key)
            entry.navigation = navigation
            entry.targetSet = targetSet
            entry.targetKey = isCollection || kind != .removeLink ? targetKey : nil
            entry.headers = headers
            entry.combinable = false
            try enqueue(entry)
            try db.run("UPDATE entities SET pending = 1 WHERE eset = ? AND ekey = ?", [.text(set), .text(key)])
        }
    }

    /// Stores an entity's media resource and queues its upload (`PUT …/$value`).
    func storeMedia(set: String, key: String, data: Data, contentType: String, headers: [String: String]) throws {
        try db.transaction {
            guard try row(set: set, key: key) != nil else { throw Self.notFound("\(set)\(key) is not in the offline store") }
            try db.run(
                "INSERT OR REPLACE INTO media(eset, ekey, content_type, data) VALUES(?,?,?,?)",
                [.text(set), .text(key), .text(contentType), .blob(data)])
            var entry = QueueEntry(kind: .uploadMedia, method: "PUT", set: set, key: key)
            entry.body = data
            entry.contentType = contentType
            entry.headers = headers
            entry.combinable = false
            try enqueue(entry)
            try db.run("UPDATE entities SET pending = 1 WHERE eset = ? AND ekey = ?", [.text(set), .text(key)])
        }
    }

    /// Creates a media entity locally (with a local key) from its media resource and queues the `POST` of the bytes.
    func createMediaLocal(
        _ entity: EntityValue, in set: EntitySetDescriptor, data: Data, contentType: String, headers: [String: String]
    ) throws -> EntityValue {
        try db.transaction {
            var entity = entity
            try assignLocalKey(&entity)
            let key = entity.key.predicate
            if try row(set: set.name, key: key, includeDeleted: true) != nil {
                throw ODataError(.httpStatus, "offline store: \(set.name)\(key) already exists", statusCode: 409)
            }
            var row = try makeRow(entity, set: set.name)
            row.uri = nil
            row.mediaContentType = contentType
            try upsert(row, isLocal: true, pending: true)
            try db.run(
                "INSERT OR REPLACE INTO media(eset, ekey, content_type, data) VALUES(?,?,?,?)",
                [.text(set.name), .text(key), .text(contentType), .blob(data)])
            var entry = QueueEntry(kind: .createMedia, method: "POST", set: set.name, key: key)
            entry.body = data
            entry.contentType = contentType
            entry.headers = headers
            try enqueue(entry)
            return try self.row(set: set.name, key: key).map { try $0.entity(as: entity.entityType, resolver: typeResolver) } ?? entity
        }
    }

    /// In the in-process service every write is final: the queue is dropped, deleted rows go, flags clear and
    /// changed entities get a new ETag.
    func settleService() throws {
        try db.transaction {
            try db.execute(
                """
                UPDATE entities SET etag = 'W/"' || (SELECT coalesce(max(id), 0) FROM queue) || '-' || id || '"'
                  WHERE pending = 1 AND deleted = 0;
                DELETE FROM links WHERE EXISTS (SELECT 1 FROM entities e WHERE e.deleted = 1 AND
                  ((e.eset = links.eset AND e.ekey = links.ekey) OR (e.eset = links.tset AND e.ekey = links.tkey)));
                DELETE FROM entities WHERE deleted = 1;
                UPDATE entities SET pending = 0, is_local = 0, has_original = 0, original = NULL WHERE pending = 1 OR is_local = 1;
                DELETE FROM queue;
                """)
        }
    }

    /// Drops the pending changes of one entity: its queued requests go, a local entity disappears, a changed
    /// or deleted one gets its state from before the first pending change back.
    func undo(set: String, key: String) throws {
        try db.transaction {
            guard let row = try row(set: set, key: key, includeDeleted: true) else { return }
            try db.run("DELETE FROM queue WHERE eset = ? AND ekey = ?", [.text(set), .text(key)])
            if row.isLocal {
                try db.run("DELETE FROM queue WHERE tset = ? AND tkey = ?", [.text(set), .text(key)])
                try removeEntity(set: set, key: key)
                return
            }
            let address: [SQLValue] = [.text(set), .text(key)]
            if let original = try db.query("SELECT original FROM entities WHERE eset = ? AND ekey = ? AND has_original = 1", address)
                .first?.first?.data
            {
                let type = try self.table(set).type
                let entity: EntityValue
                do {
                    entity = try ODataJSONDecoder(typeResolver: typeResolver).decodeEntity(original, entityType: type)
                } catch {
                    throw ODataError(
                        .decoding, "offline store: the original of \(set)\(key) cannot be read: \(error)", underlyingError: error)
                }
                try writeValues(entity, set: set, key: key)
            }
            try db.run(
                """
                UPDATE entities SET etag = CASE WHEN has_original = 1 THEN original_etag ELSE etag END, deleted = 0, has_original = 0,
                  original = NULL WHERE eset = ? AND ekey = ?
                """, address)
            try refreshPendingFlag(set: set, key: key)
        }
    }

    /// Drops every pending change.
    func undoAll() throws {
        try db.transaction {
            let pending = try db.query("SELECT eset, ekey FROM entities WHERE pending = 1 OR is_local = 1 OR deleted = 1")
            for row in pending { try undo(set: row[0].text ?? "", key: row[1].text ?? "") }
            try db.run("DELETE FROM queue")
        }
    }
}
