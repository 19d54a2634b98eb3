import Foundation
import OData

/// An entity as stored: its `entities` row (set, key, server facts, local flags, extra JSON) and its typed
/// columns in the set's table, with the conversions between them and `EntityValue`.
struct EntityRow {
    var set: String
    var key: String
    /// The typed column values, in the order of `table.columns`.
    var values: [SQLValue]
    /// The JSON of the values no column holds exactly (empty when none).
    var extra: Data
    /// The properties with a column that the entity did not have loaded (comma-separated; nil for none).
    var unset: String?
    var uri: String?
    var editLink: String?
    var etag: String?
    var mediaReadLink: String?
    var mediaEditLink: String?
    var mediaContentType: String?
    var mediaETag: String?
    var typeName: String?
    var isLocal = false
    var hasPendingChanges = false
    let table: EntityTable

    /// The `entities` columns read before the typed ones, in order.
    static let metadataColumns = [
        "eset", "ekey", "body", "uri", "edit_link", "etag", "media_read", "media_edit", "media_type", "media_etag", "type_name",
        "is_local", "pending", "unset",
    ]

    /// The select list of a row: `e.` metadata columns, then the `v.` typed columns of `table`.
    static func selectList(_ table: EntityTable) -> String { table.selectList }

    /// The row of an entity in a set: its typed values, the extra JSON and its metadata (links made relative
    /// by `relative`; the URI left out when it is the canonical `Set(key)`).
    init(_ entity: EntityValue, table: EntityTable, relative: (String?) -> String? = { $0 }) {
        self.table = table
        self.set = table.set
        self.key = entity.key.predicate
        (values, extra, unset) = table.values(of: entity)
        let metadata = entity.metadata
        uri = relative(metadata.uri)
        if uri == set + key { uri = nil }
        editLink = relative(metadata.editLink)
        etag = metadata.etag
        mediaReadLink = relative(metadata.mediaReadLink)
        mediaEditLink = relative(metadata.mediaEditLink)
        mediaContentType = metadata.mediaContentType
        mediaETag = metadata.mediaETag
        typeName = metadata.typeName == table.type.qualifiedName ? nil : metadata.typeName
    }

    /// A row as read with `selectList(table)`.
    init(columns row: [SQLValue], table: EntityTable) {
        self.table = table
        set = row[0].text ?? ""
        key = row[1].text ?? ""
        extra = row[2].data ?? Data()
        uri = row[3].text
        editLink = row[4].text
        etag = row[5].text
        mediaReadLink = row[6].text
        mediaEditLink = row[7].text
        mediaContentType = row[8].text
        mediaETag = row[9].text
        typeName = row[10].text
        isLocal = row[11].integer == 1
        hasPendingChanges = row[12].integer == 1
        unset = row[13].text
        values = Array(row[14...])
    }

    /// The values to bind after `eset, ekey, body, uri, …, type_name, unset` (12 columns).
    var parameters: [SQLValue] {
        [
            .text(set), .text(key), .blob(extra), .optional(uri), .optional(editLink), .optional(etag), .optional(mediaReadLink),
            .optional(mediaEditLink), .optional(mediaContentType), .optional(mediaETag), .optional(typeName), .optional(unset),
        ]
    }

    /// The JSON of an entity's property values (the verbose JSON the SDK writes; kept for undo and the archive).
    static func body(of entity: EntityValue) -> Data {
        let plain = EntityValue(
            type: entity.entityType, loadedValues: entity.values,
            navigationValues: Array(repeating: nil, count: entity.entityType.navigationProperties.count), metadata: EntityMetadata())
        return ODataJSONEncoder().encodeForCreate(plain)
    }

    /// The entity: the typed columns and the extra JSON as `type` (or the derived type the row names), with
    /// its metadata.
    func entity(as type: EntityTypeDescriptor, resolver: @escaping @Sendable (String) -> EntityTypeDescriptor?) throws -> EntityValue {
        let metadata = EntityMetadata(
            uri: uri, editLink: editLink, etag: etag, mediaReadLink: mediaReadLink, mediaEditLink: mediaEditLink,
            mediaContentType: mediaContentType, mediaETag: mediaETag, typeName: typeName)
        return try Self.entity(
            table: table, set: set, key: key, extra: extra, unset: unset, metadata: metadata, as: type, resolver: resolver
        ) { index, edmType in EntityTable.edmValue(values[index], edmType) }
    }

    /// The entity of a row read with `selectList(table)`, straight from the statement (the query path).
    static func entity(
        _ row: SQLRow, table: EntityTable, as type: EntityTypeDescriptor, resolver: @escaping @Sendable (String) -> EntityTypeDescriptor?
    ) throws -> EntityValue {
        let metadata = EntityMetadata(
            uri: row.text(3), editLink: row.text(4), etag: row.text(5), mediaReadLink: row.text(6), mediaEditLink: row.text(7),
            mediaContentType: row.text(8), mediaETag: row.text(9), typeName: row.text(10))
        let first = Int32(metadataColumns.count)
        return try entity(
            table: table, set: table.set, key: row.text(1) ?? "", extra: row.data(2), unset: row.text(13), metadata: metadata, as: type,
            resolver: resolver
        ) { index, edmType in EntityTable.edmValue(row, first + Int32(index), edmType) }
    }

    /// Builds an entity: the extra JSON's values, then each column's value (`value(column, type)`) where the
    /// JSON has none, less the unloaded properties; the metadata's URI defaults to `Set(key)`.
    private static func entity(
        table: EntityTable, set: String, key: String, extra: Data, unset: String?, metadata: EntityMetadata, as type: EntityTypeDescriptor,
        resolver: @escaping @Sendable (String) -> EntityTypeDescriptor?, value: (Int, EdmType) -> EdmValue?
    ) throws -> EntityValue {
        let actual = metadata.typeName.flatMap(resolver) ?? type
        var loaded: [EdmValue?]
        if extra.isEmpty {
            loaded = Array(repeating: nil, count: actual.properties.count)
        } else {
            do {
                loaded = try ODataJSONDecoder(typeResolver: resolver).decodeEntity(extra, entityType: actual).values
            } catch {
                throw ODataError(.decoding, "offline store: the stored \(set)\(key) cannot be read: \(error)", underlyingError: error)
            }
        }
        let slots = table.slots(in: actual)
        for (index, column) in table.columns.enumerated() {
            guard let slot = slots[index], loaded[slot] == nil else { continue }
            guard let decoded = value(index, column.type) else {
                throw ODataError(.decoding, "offline store: the stored \(set)\(key) has a bad \(column.property.name) value")
            }
            loaded[slot] = decoded
        }
        for name in unset?.split(separator: ",") ?? [] {
            if let property = actual.property(named: String(name)) { loaded[property.index] = nil }
        }
        var full = metadata
        if full.uri == nil { full.uri = set + key }
        if full.typeName == nil { full.typeName = actual.qualifiedName }
        return EntityValue(
            type: actual, loadedValues: loaded, navigationValues: Array(repeating: nil, count: actual.navigationProperties.count),
            metadata: full)
    }
}

extension OfflineStore {
    /// The key predicate a request URL addresses a stored entity by: its key written by `EntityKey.predicate(for:)`,
    /// as the online provider writes it, so an enum-typed key part is an enum literal (`(NS.Kind'A')`). The stored
    /// key (`EntityKey.predicate`, an enum member as a string) identifies the row in the store only.
    func urlPredicate(of row: EntityRow) throws -> String {
        let entity = try row.entity(as: row.table.type, resolver: typeResolver)
        return entity.key.predicate(for: entity.entityType)
    }

    /// `urlPredicate(of:)` of the entity stored under `key` in `set` (deleted ones too); the stored key when there
    /// is no such row.
    func urlPredicate(set: String, key: String) throws -> String {
        try row(set: set, key: key, includeDeleted: true).map(urlPredicate(of:)) ?? key
    }

    /// The row of one entity (deleted ones too when `includeDeleted`).
    func row(set: String, key: String, includeDeleted: Bool = false) throws -> EntityRow? {
        let table = try self.table(set)
        let sql =
            "SELECT \(EntityRow.selectList(table)) FROM entities e JOIN \(table.name) v ON v.id = e.id WHERE e.eset = ? AND e.ekey = ?"
            + (includeDeleted ? "" : " AND e.deleted = 0")
        return try db.query(sql, [.text(set), .text(key)]).first.map { EntityRow(columns: $0, table: table) }
    }

    /// The live rows of an entity set.
    func rows(set: String) throws -> [EntityRow] {
        let table = try self.table(set)
        return try db.query(
            "SELECT \(EntityRow.selectList(table)) FROM entities e JOIN \(table.name) v ON v.id = e.id WHERE e.eset = ? AND e.deleted = 0",
            [.text(set)]
        ).map { EntityRow(columns: $0, table: table) }
    }

    /// A row for an entity of a set (its typed values and extra JSON), with links made relative.
    func makeRow(_ entity: EntityValue, set: String) throws -> EntityRow {
        EntityRow(entity, table: try table(set), relative: relative)
    }

    /// Writes a row (insert or replace the entity's columns, keeping its local flags).
    func upsert(_ row: EntityRow, isLocal: Bool? = nil, pending: Bool? = nil) throws {
        try db.run(
            """
            INSERT INTO entities(eset, ekey, body, uri, edit_link, etag, media_read, media_edit, media_type, media_etag, type_name,
              unset)
            VALUES(?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT(eset, ekey) DO UPDATE SET body = excluded.body, uri = excluded.uri,
            edit_link = excluded.edit_link, etag = excluded.etag, media_read = excluded.media_read,
            media_edit = excluded.media_edit, media_type = excluded.media_type, media_etag = excluded.media_etag,
            type_name = excluded.type_name, unset = excluded.unset, deleted = 0
            """, row.parameters)
        try writeColumns(row.values, table: row.table, key: row.key)
        if let isLocal {
            try db.run(
                "UPDATE entities SET is_local = ? WHERE eset = ? AND ekey = ?", [.integer(isLocal ? 1 : 0), .text(row.set), .text(row.key)])
        }
        if let pending {
            try db.run(
                "UPDATE entities SET pending = ? WHERE eset = ? AND ekey = ?", [.integer(pending ? 1 : 0), .text(row.set), .text(row.key)])
        }
    }

    /// Writes the typed columns of a stored entity.
    func writeColumns(_ values: [SQLValue], table: EntityTable, key: String) throws {
        let marks = String(repeating: ", ?", count: table.columns.count)
        let names = table.columns.map { ", " + $0.name }.joined()
        try db.run(
            "INSERT OR REPLACE INTO \(table.name)(id\(names)) SELECT id\(marks) FROM entities WHERE eset = ? AND ekey = ?",
            values + [.text(table.set), .text(key)])
    }

    /// Replaces the property values of a stored entity (typed columns and extra JSON).
    func writeValues(_ entity: EntityValue, set: String, key: String) throws {
        let table = try self.table(set)
        let (values, extra, unset) = table.values(of: entity)
        try db.run(
            "UPDATE entities SET body = ?, unset = ? WHERE eset = ? AND ekey = ?", [.blob(extra), .optional(unset), .text(set), .text(key)])
        try writeColumns(values, table: table, key: key)
    }

    /// The entity set name and key predicate an entity URI (absolute or relative) addresses: `Customers('1')`.
    func address(ofURI uri: String) -> (set: String, key: String)? {
        var path = uri
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        guard let last = path.split(separator: "/").last, let open = last.firstIndex(of: "("), last.hasSuffix(")") else { return nil }
        let set = String(last[..<open])
        guard model.entitySet(named: set) != nil else { return nil }
        return (set, String(last[open...]))
    }
}
