import Foundation
import OData

/// The columns an entity is stored in, and the conversions between them and `EntityValue`.
struct EntityRow {
    var set: String
    var key: String
    var body: Data
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

    /// The columns selected by `EntityRow.columns`, in order.
    static let columns = columns(prefix: "")

    /// The columns with a table prefix (`e.`).
    static func columns(prefix: String) -> String {
        [
            "eset", "ekey", "body", "uri", "edit_link", "etag", "media_read", "media_edit", "media_type", "media_etag", "type_name",
            "is_local", "pending",
        ].map { prefix + $0 }.joined(separator: ", ")
    }

    /// The row of an entity in a set: its property values (no navigation) as JSON, and its metadata (links
    /// made relative by `relative`).
    init(_ entity: EntityValue, set: String, relative: (String?) -> String? = { $0 }) {
        self.set = set
        self.key = entity.key.predicate
        self.body = Self.body(of: entity)
        let metadata = entity.metadata
        uri = relative(metadata.uri)
        editLink = relative(metadata.editLink)
        etag = metadata.etag
        mediaReadLink = relative(metadata.mediaReadLink)
        mediaEditLink = relative(metadata.mediaEditLink)
        mediaContentType = metadata.mediaContentType
        mediaETag = metadata.mediaETag
        typeName = metadata.typeName
    }

    /// A row as read with `EntityRow.columns`.
    init(columns row: [SQLValue]) {
        set = row[0].text ?? ""
        key = row[1].text ?? ""
        body = row[2].data ?? Data()
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
    }

    /// The values to bind after `eset, ekey, body, uri, …, type_name` (11 columns).
    var parameters: [SQLValue] {
        [
            .text(set), .text(key), .json(body), .optional(uri), .optional(editLink), .optional(etag), .optional(mediaReadLink),
            .optional(mediaEditLink), .optional(mediaContentType), .optional(mediaETag), .optional(typeName),
        ]
    }

    /// The JSON of an entity's property values.
    static func body(of entity: EntityValue) -> Data {
        let plain = EntityValue(
            type: entity.entityType, loadedValues: entity.values,
            navigationValues: Array(repeating: nil, count: entity.entityType.navigationProperties.count), metadata: EntityMetadata())
        return ODataJSONEncoder().encodeForCreate(plain)
    }

    /// The entity: its values decoded as `type` (or the derived type the row names), with its metadata.
    func entity(as type: EntityTypeDescriptor, resolver: @escaping @Sendable (String) -> EntityTypeDescriptor?) throws -> EntityValue {
        var entity: EntityValue
        do {
            entity = try ODataJSONDecoder(typeResolver: resolver).decodeEntity(body, entityType: type)
        } catch {
            throw ODataError(.decoding, "offline store: the stored \(set)\(key) cannot be read: \(error)", underlyingError: error)
        }
        var metadata = EntityMetadata(
            uri: uri ?? (set + key), editLink: editLink, etag: etag, mediaReadLink: mediaReadLink, mediaEditLink: mediaEditLink,
            mediaContentType: mediaContentType, mediaETag: mediaETag, typeName: typeName)
        metadata.inlineFeeds = [:]
        entity.metadata = metadata
        return entity
    }
}

extension OfflineStore {
    /// The row of one entity (deleted ones too when `includeDeleted`).
    func row(set: String, key: String, includeDeleted: Bool = false) throws -> EntityRow? {
        let sql = "SELECT \(EntityRow.columns) FROM entities WHERE eset = ? AND ekey = ?" + (includeDeleted ? "" : " AND deleted = 0")
        return try db.query(sql, [.text(set), .text(key)]).first.map(EntityRow.init(columns:))
    }

    /// The live rows of an entity set.
    func rows(set: String) throws -> [EntityRow] {
        try db.query("SELECT \(EntityRow.columns) FROM entities WHERE eset = ? AND deleted = 0", [.text(set)]).map(
            EntityRow.init(columns:))
    }

    /// Writes a row (insert or replace the entity's columns, keeping its local flags).
    func upsert(_ row: EntityRow, isLocal: Bool? = nil, pending: Bool? = nil) throws {
        try db.run(
            """
            INSERT INTO entities(eset, ekey, body, uri, edit_link, etag, media_read, media_edit, media_type, media_etag, type_name)
            VALUES(?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT(eset, ekey) DO UPDATE SET body = excluded.body, uri = excluded.uri,
            edit_link = excluded.edit_link, etag = excluded.etag, media_read = excluded.media_read,
            media_edit = excluded.media_edit, media_type = excluded.media_type, media_etag = excluded.media_etag,
            type_name = excluded.type_name, deleted = 0
            """, row.parameters)
        if let isLocal {
            try db.run(
                "UPDATE entities SET is_local = ? WHERE eset = ? AND ekey = ?", [.integer(isLocal ? 1 : 0), .text(row.set), .text(row.key)])
        }
        if let pending {
            try db.run(
                "UPDATE entities SET pending = ? WHERE eset = ? AND ekey = ?", [.integer(pending ? 1 : 0), .text(row.set), .text(row.key)])
        }
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
