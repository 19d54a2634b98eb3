import Foundation
import OData
import ODataMetadata
import Synchronization

/// The SQLite store behind an `OfflineODataProvider`: the service's metadata, the downloaded entities and
/// their relations, the defining queries, the request queue and the error archive.
///
/// Each entity has a row in `entities` keyed by entity set and key predicate (`Customers`, `('C1')`) with the
/// server facts (URI, edit link, ETag, media links), its local state and the JSON of whatever no typed column
/// holds, and a row in its set's typed table (`v_Customers`, see `EntityTable`) with one column per primitive
/// property, indexed on the key and the foreign keys. Relations from `$expand` are rows of `links`; relations
/// through referential constraints are read from the foreign-key columns. Downloads write to the staging
/// tables page by page and apply them in one transaction, so a reader sees a download all or not at all.
final class OfflineStore: @unchecked Sendable {
    /// The connection.
    let db: SQLiteDatabase
    /// The service's model, from the stored `$metadata`.
    let model: DataModel
    /// The JSON media type of the sync's requests to the service: `application/json;odata=verbose` for an OData 3.0
    /// one (whose plain `application/json` is JSON light), else `application/json` (`JSONPayloadCodec.mediaType(for:)`).
    var jsonMediaType: String { JSONPayloadCodec.mediaType(for: model.service.protocolVersion) }
    /// The service root the store syncs with (empty for the in-process service); stored links are kept
    /// relative to it, so that a copied store can sync with the same service at another address.
    let serviceRoot: String
    /// The expression indexes created (or found) since the store was opened, so that a query does not ask again.
    let knownIndexes = Mutex<Set<String>>([])
    /// The typed table of each entity set.
    let tables: [String: EntityTable]

    /// The version of the table layout; a store of another version is migrated (1: JSON bodies) or refused.
    static let schemaVersion = 2

    static let schema = """
        CREATE TABLE IF NOT EXISTS meta(name TEXT PRIMARY KEY, value BLOB);
        CREATE TABLE IF NOT EXISTS entities(
            id INTEGER PRIMARY KEY, eset TEXT NOT NULL, ekey TEXT NOT NULL, body BLOB NOT NULL,
            uri TEXT, edit_link TEXT, etag TEXT, media_read TEXT, media_edit TEXT, media_type TEXT, media_etag TEXT,
            type_name TEXT, unset TEXT, is_local INTEGER NOT NULL DEFAULT 0, pending INTEGER NOT NULL DEFAULT 0,
            deleted INTEGER NOT NULL DEFAULT 0, original BLOB, original_etag TEXT, has_original INTEGER NOT NULL DEFAULT 0,
            UNIQUE(eset, ekey));
        DROP INDEX IF EXISTS entities_uri;
        CREATE TABLE IF NOT EXISTS links(
            eset TEXT NOT NULL, ekey TEXT NOT NULL, nav TEXT NOT NULL, tset TEXT NOT NULL, tkey TEXT NOT NULL, pos INTEGER,
            PRIMARY KEY(eset, ekey, nav, tset, tkey));
        CREATE INDEX IF NOT EXISTS links_target ON links(tset, tkey);
        CREATE TABLE IF NOT EXISTS link_navs(eset TEXT NOT NULL, ekey TEXT NOT NULL, nav TEXT NOT NULL, PRIMARY KEY(eset, ekey, nav));
        CREATE TABLE IF NOT EXISTS media(eset TEXT NOT NULL, ekey TEXT NOT NULL, content_type TEXT, data BLOB,
            PRIMARY KEY(eset, ekey));
        CREATE TABLE IF NOT EXISTS defining_queries(
            name TEXT PRIMARY KEY, query TEXT NOT NULL, streams INTEGER NOT NULL, delta_link TEXT, pos INTEGER);
        CREATE TABLE IF NOT EXISTS queue(
            id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, method TEXT NOT NULL, eset TEXT NOT NULL,
            ekey TEXT NOT NULL, nav TEXT, tset TEXT, tkey TEXT, body BLOB, content_type TEXT, properties TEXT,
            headers TEXT, combinable INTEGER NOT NULL DEFAULT 1, inflight INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE IF NOT EXISTS archive(
            id INTEGER PRIMARY KEY AUTOINCREMENT, request_id INTEGER, kind TEXT, method TEXT NOT NULL, url TEXT NOT NULL,
            body BLOB, status INTEGER, code TEXT, message TEXT NOT NULL, eset TEXT, ekey TEXT, server_body BLOB);
        CREATE TABLE IF NOT EXISTS key_map(eset TEXT NOT NULL, local_key TEXT NOT NULL, server_key TEXT NOT NULL,
            PRIMARY KEY(eset, local_key));
        CREATE TABLE IF NOT EXISTS staged_links(
            eset TEXT NOT NULL, ekey TEXT NOT NULL, nav TEXT NOT NULL, tset TEXT NOT NULL, tkey TEXT NOT NULL, pos INTEGER,
            PRIMARY KEY(eset, ekey, nav, tset, tkey));
        CREATE TABLE IF NOT EXISTS staged_navs(eset TEXT NOT NULL, ekey TEXT NOT NULL, nav TEXT NOT NULL,
            PRIMARY KEY(eset, ekey, nav));
        CREATE TABLE IF NOT EXISTS staged_deletes(uri TEXT NOT NULL, eset TEXT, ekey TEXT);
        CREATE TABLE IF NOT EXISTS staged_full_sets(eset TEXT PRIMARY KEY);
        """

    init(db: SQLiteDatabase, model: DataModel, serviceRoot: String) {
        self.db = db
        self.model = model
        self.serviceRoot = serviceRoot
        var tables: [String: EntityTable] = [:]
        for set in model.entitySets { tables[set.name] = EntityTable(set: set.name, type: set.entityType) }
        self.tables = tables
    }

    /// The typed table of an entity set, as a typed error when the model has no such set.
    func table(_ set: String) throws -> EntityTable {
        guard let table = tables[set] else { throw ODataError(.invalidRequest, "offline store: the service has no entity set \(set)") }
        return table
    }

    /// A link relative to the service root when it is under it.
    func relative(_ link: String?) -> String? {
        guard let link, !serviceRoot.isEmpty, link.hasPrefix(serviceRoot) else { return link }
        return String(link.dropFirst(serviceRoot.count))
    }

    /// Opens the store at `file` (in memory when nil): creates the schema, and reads the stored metadata, or
    /// stores the one `fetchMetadata` gives when there is none yet (only then is it called); `noteMetadata` sees
    /// the parsed document.
    static func open(
        file: URL?, key: String?, serviceRoot: String, noteMetadata: (ServiceMetadata) -> Void = { _ in },
        fetchMetadata: () async throws -> Data
    ) async throws -> OfflineStore {
        let db = try SQLiteDatabase(path: file?.path ?? ":memory:", key: key)
        do {
            try db.execute(schema)
            let stored = try db.query("SELECT value FROM meta WHERE name = 'metadata'").first?.first?.data
            let metadata: Data
            if let stored {
                metadata = stored
            } else {
                metadata = try await fetchMetadata()
                try db.run("INSERT OR REPLACE INTO meta(name, value) VALUES('metadata', ?)", [.blob(metadata)])
            }
            let parsed = try parse(metadata)
            let store = OfflineStore(db: db, model: parsed.model, serviceRoot: serviceRoot)
            noteMetadata(parsed.metadata)
            try store.prepareTables()
            return store
        } catch {
            db.close()
            throw error
        }
    }

    /// A `$metadata` document and its model, as a typed error when it cannot be read.
    static func parse(_ data: Data) throws -> (metadata: ServiceMetadata, model: DataModel) {
        do {
            let metadata = try MetadataParser.parse(data)
            return (metadata, try DataModel(metadata: metadata))
        } catch {
            throw ODataError(.decoding, "offline store: the stored $metadata cannot be read: \(error)", underlyingError: error)
        }
    }

    /// A value of the `meta` table.
    func meta(_ name: String) throws -> Data? {
        try db.query("SELECT value FROM meta WHERE name = ?", [.text(name)]).first?.first?.data
    }

    /// Sets a value of the `meta` table.
    func setMeta(_ name: String, _ value: Data) throws {
        try db.run("INSERT OR REPLACE INTO meta(name, value) VALUES(?, ?)", [.text(name), .blob(value)])
    }

    /// The entity set with this name, as a typed error when the model has none.
    func entitySet(_ name: String) throws -> EntitySetDescriptor {
        guard let set = model.entitySet(named: name) else {
            throw ODataError(.invalidRequest, "offline store: the service has no entity set \(name)")
        }
        return set
    }

    /// Resolves derived types named in stored bodies.
    var typeResolver: @Sendable (String) -> EntityTypeDescriptor? {
        let model = self.model
        return { model.entityType(named: $0) }
    }
}
