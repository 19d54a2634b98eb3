import Foundation
import OData

extension OfflineStore {
    /// Empties the staging tables (a download starts clean, also after an interrupted one).
    func clearStaging() throws {
        var sql = "DELETE FROM staged_links; DELETE FROM staged_navs; DELETE FROM staged_deletes; DELETE FROM staged_full_sets;"
        for table in tables.values { sql += " DELETE FROM \(table.staged);" }
        try db.execute(sql)
    }

    /// Stages one downloaded page: the entities of `set`, and their expanded relations, recursively. Values
    /// are bound straight from the decoded entities into the staging table's prepared statement.
    func stage(_ entities: [EntityValue], set: EntitySetDescriptor) throws {
        let table = try self.table(set.name)
        try db.transaction {
            try db.withStatement(table.stagingSQL) { statement in
                for entity in entities { try stage(entity, set: set, table: table, statement: statement, depth: 0) }
            }
        }
    }

    /// A link made relative to the service root, nil when it is the canonical `Set(key)` (rebuilt when read).
    /// Compared byte for byte, in place: a link that differs in any byte is kept as it came.
    private func relativeLink(_ link: String?, set: String, key: String) -> String? {
        guard var link else { return nil }
        let root = serviceRoot.utf8.count
        let keyStart = root + set.utf8.count
        let isCanonical = link.withUTF8 { bytes in
            bytes.count == keyStart + key.utf8.count && Self.bytes(bytes, at: 0, are: serviceRoot)
                && Self.bytes(bytes, at: root, are: set) && Self.bytes(bytes, at: keyStart, are: key)
        }
        return isCanonical ? nil : relative(link)
    }

    /// Whether `text`'s UTF-8 bytes are those of `bytes` from `offset` on.
    private static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, are text: String) -> Bool {
        var text = text
        return text.withUTF8 { part in
            guard offset + part.count <= bytes.count, let base = bytes.baseAddress, let partBase = part.baseAddress else {
                return part.isEmpty && offset <= bytes.count
            }
            return memcmp(base + offset, partBase, part.count) == 0
        }
    }

    private func stage(_ entity: EntityValue, set: EntitySetDescriptor, table: EntityTable, statement: SQLStatement, depth: Int) throws {
        let key = entity.key.predicate
        let metadata = entity.metadata
        statement.bind(1, text: key)
        statement.bind(2, text: relativeLink(metadata.uri, set: set.name, key: key))
        statement.bind(3, text: metadata.editLink.flatMap { $0 == metadata.uri ? nil : relative($0) })
        statement.bind(4, text: metadata.etag)
        statement.bind(5, text: relative(metadata.mediaReadLink))
        statement.bind(6, text: relative(metadata.mediaEditLink))
        statement.bind(7, text: metadata.mediaContentType)
        statement.bind(8, text: metadata.mediaETag)
        statement.bind(9, text: metadata.typeName == table.type.qualifiedName ? nil : metadata.typeName)
        let (extra, unset) = table.bind(entity, to: statement, from: 10)
        let next = Int32(10 + table.columns.count)
        statement.bind(next, text: unset)
        statement.bind(next + 1, blob: extra)
        try statement.run()
        guard depth < 16 else { return }
        for navigation in entity.entityType.navigationProperties {
            let related: [EntityValue]
            switch entity[navigation] {
            case .entities(let list): related = list
            case .entity(let single): related = single.map { [$0] } ?? []
            case .deferred, nil: continue
            }
            guard let target = model.targetEntitySet(from: set, navigation: navigation.name) else { continue }
            let targetTable = try self.table(target.name)
            try db.run(
                "INSERT OR IGNORE INTO staged_navs(eset, ekey, nav) VALUES(?,?,?)", [.text(set.name), .text(key), .text(navigation.name)])
            for (position, child) in related.enumerated() {
                try db.withStatement(targetTable.stagingSQL) { childStatement in
                    try stage(child, set: target, table: targetTable, statement: childStatement, depth: depth + 1)
                }
                try db.run(
                    "INSERT OR IGNORE INTO staged_links(eset, ekey, nav, tset, tkey, pos) VALUES(?,?,?,?,?,?)",
                    [
                        .text(set.name), .text(key), .text(navigation.name), .text(target.name), .text(child.key.predicate),
                        .integer(Int64(position)),
                    ])
                try addReverseLink(set.name, key, navigation.name, target.name, child.key.predicate, staged: true)
            }
        }
    }

    /// Writes the typed rows of the staged entities just applied to `entities`. When the set was empty and every
    /// staged row became a new entity (no key staged twice), the new ids are `lastID` + 1, 2, … in staging order,
    /// so the rows are written without a lookup per row; otherwise each staged row finds its entity by key
    /// (skipping entities with pending local changes, the later row of a key staged twice winning).
    private func writeStagedColumns(_ table: EntityTable, wasEmpty: Bool, lastID: Int64) throws {
        let names = table.columns.map { ", " + $0.name }.joined()
        let values = table.columns.map { ", s." + $0.name }.joined()
        if wasEmpty,
            let counts = try db.query("SELECT count(*), min(rowid), max(rowid), (SELECT max(id) FROM entities) FROM \(table.staged)").first,
            let rows = counts[0].integer, let first = counts[1].integer, let last = counts[2].integer, let newLast = counts[3].integer,
            last - first + 1 == rows, newLast - lastID == rows
        {
            try db.run(
                "INSERT OR REPLACE INTO \(table.name)(id\(names)) SELECT ? + s.rowid\(values) FROM \(table.staged) s",
                [.integer(lastID - first + 1)])
            return
        }
        try db.run(
            """
            INSERT OR REPLACE INTO \(table.name)(id\(names))
              SELECT e.id\(values) FROM \(table.staged) s
              JOIN entities e ON e.eset = ? AND e.ekey = s.ekey WHERE e.pending = 0 ORDER BY s.rowid
            """, [.text(table.set)])
    }

    /// Stages the ids (URIs) of entries a delta response reports as deleted.
    func stageDeletes(_ ids: [String]) throws {
        guard !ids.isEmpty else { return }
        try db.transaction {
            for id in ids {
                let address = address(ofURI: id)
                try db.run(
                    "INSERT INTO staged_deletes(uri, eset, ekey) VALUES(?,?,?)",
                    [.optional(relative(id)), .optional(address?.set), .optional(address?.key)])
            }
        }
    }

    /// Records that a set was read in full, so that what the download did not see is removed.
    func stageFullRead(of set: String) throws {
        try db.run("INSERT OR IGNORE INTO staged_full_sets(eset) VALUES(?)", [.text(set)])
    }

    /// Applies the staged download in one transaction: removes what the server no longer has (key diff for
    /// sets read in full, tombstones of delta responses), writes the entities and relations except where
    /// local changes are pending, and keeps the delta links. Returns the number of entities written.
    @discardableResult
    func applyStaged(deltaLinks: [String: String]) throws -> Int {
        try db.transaction {
            if (try db.query("SELECT count(*) FROM staged_deletes").first?.first?.integer ?? 0) > 0 {
                try db.execute(
                    """
                    DELETE FROM entities WHERE pending = 0 AND (EXISTS (SELECT 1 FROM staged_deletes d
                        WHERE d.eset = entities.eset AND d.ekey = entities.ekey)
                      OR uri IN (SELECT uri FROM staged_deletes WHERE eset IS NULL)
                      OR (uri IS NULL AND eset || ekey IN (SELECT uri FROM staged_deletes WHERE eset IS NULL)))
                    """)
            }
            let fullSets = Set(try db.query("SELECT eset FROM staged_full_sets").compactMap { $0.first?.text })
            var count = 0
            for table in tables.values.sorted(by: { $0.set < $1.set }) {
                let set: [SQLValue] = [.text(table.set)]
                let staged = try db.query("SELECT EXISTS (SELECT 1 FROM \(table.staged))").first?.first?.integer == 1
                if fullSets.contains(table.set),
                    try db.query("SELECT EXISTS (SELECT 1 FROM entities WHERE eset = ?)", set).first?.first?.integer == 1
                {
                    // Key diff: one lookup table of the staged keys, not a scan of the (unindexed) staging per entity.
                    try db.run(
                        """
                        DELETE FROM entities WHERE eset = ? AND pending = 0 AND is_local = 0
                          AND ekey NOT IN (SELECT ekey FROM \(table.staged))
                        """, set)
                }
                guard staged else { continue }
                let wasEmpty = try db.query("SELECT EXISTS (SELECT 1 FROM entities WHERE eset = ?)", set).first?.first?.integer == 0
                let lastID = try db.query("SELECT coalesce(max(id), 0) FROM entities").first?.first?.integer ?? 0
                // Staged rows in the order they came (`rowid`): an entity staged twice takes its later row; an entity
                // with pending local changes keeps them.
                count += try db.run(
                    """
                    INSERT INTO entities(eset, ekey, body, uri, edit_link, etag, media_read, media_edit, media_type, media_etag,
                      type_name, unset)
                      SELECT ?, ekey, body, uri, edit_link, etag, media_read, media_edit, media_type, media_etag, type_name, unset
                      FROM \(table.staged) WHERE true ORDER BY rowid
                      ON CONFLICT(eset, ekey) DO UPDATE SET body = excluded.body, uri = excluded.uri, edit_link = excluded.edit_link,
                      etag = excluded.etag, media_read = excluded.media_read, media_edit = excluded.media_edit,
                      media_type = excluded.media_type, media_etag = excluded.media_etag, type_name = excluded.type_name,
                      unset = excluded.unset WHERE entities.pending = 0
                    """, set)
                try writeStagedColumns(table, wasEmpty: wasEmpty, lastID: lastID)
                // A downloaded entity's navigations follow its foreign keys again, unless this download expanded them
                // (driven by the set's `link_navs` rows, usually few, not by the staged rows).
                try db.run(
                    """
                    DELETE FROM link_navs WHERE eset = ?1
                      AND EXISTS (SELECT 1 FROM entities e WHERE e.eset = ?1 AND e.ekey = link_navs.ekey AND e.pending = 0)
                      AND ekey IN (SELECT ekey FROM \(table.staged))
                      AND NOT EXISTS (SELECT 1 FROM staged_navs n WHERE n.eset = link_navs.eset AND n.ekey = link_navs.ekey
                        AND n.nav = link_navs.nav)
                    """, set)
            }
            try db.execute(
                """
                DELETE FROM links WHERE EXISTS (SELECT 1 FROM staged_navs n
                    WHERE n.eset = links.eset AND n.ekey = links.ekey AND n.nav = links.nav)
                  AND NOT EXISTS (SELECT 1 FROM entities e WHERE e.eset = links.eset AND e.ekey = links.ekey AND e.pending = 1);
                INSERT OR IGNORE INTO links(eset, ekey, nav, tset, tkey, pos)
                  SELECT eset, ekey, nav, tset, tkey, pos FROM staged_links;
                INSERT OR IGNORE INTO link_navs(eset, ekey, nav) SELECT eset, ekey, nav FROM staged_navs;
                DELETE FROM links WHERE NOT EXISTS (SELECT 1 FROM entities e WHERE e.eset = links.eset AND e.ekey = links.ekey)
                  OR NOT EXISTS (SELECT 1 FROM entities e WHERE e.eset = links.tset AND e.ekey = links.tkey);
                """)
            for (name, link) in deltaLinks {
                try db.run("UPDATE defining_queries SET delta_link = ? WHERE name = ?", [.optional(relative(link)), .text(name)])
            }
            try clearStaging()
            return count
        }
    }

    // MARK: Defining queries

    /// Stores a defining query (replacing one of the same name).
    func save(_ query: OfflineODataDefiningQuery) throws {
        let position = try db.query("SELECT coalesce(max(pos), 0) + 1 FROM defining_queries").first?.first?.integer ?? 1
        try db.run(
            """
            INSERT INTO defining_queries(name, query, streams, pos) VALUES(?,?,?,?)
            ON CONFLICT(name) DO UPDATE SET query = excluded.query, streams = excluded.streams,
              delta_link = CASE WHEN defining_queries.query = excluded.query THEN defining_queries.delta_link END
            """,
            [.text(query.name), .text(query.query), .integer(query.automaticallyRetrievesStreams ? 1 : 0), .integer(position)])
    }

    /// The stored defining queries in the order they were added, with their delta links.
    func definingQueries() throws -> [(query: OfflineODataDefiningQuery, deltaLink: String?)] {
        try db.query("SELECT name, query, streams, delta_link FROM defining_queries ORDER BY pos").map { row in
            (
                OfflineODataDefiningQuery(
                    name: row[0].text ?? "", query: row[1].text ?? "", automaticallyRetrievesStreams: row[2].integer == 1),
                row[3].text
            )
        }
    }
}
