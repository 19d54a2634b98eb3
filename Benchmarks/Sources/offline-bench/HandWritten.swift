import CSQLiteBench
import Foundation
import OData

/// The reference: the same pages decoded with the SDK's decoder and inserted with hand-written SQLite code
/// into a table with one typed column per property, in one transaction; and the same query as SQL.
struct HandWrittenStore {
    let db: OpaquePointer

    init(path: String) {
        var handle: OpaquePointer?
        sqlite3_open(path, &handle)
        db = handle!
        sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL", nil, nil, nil)
        sqlite3_exec(
            db,
            """
            CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT, category TEXT, quantity INTEGER, price TEXT, weight REAL,
              active INTEGER, created INTEGER, code TEXT, city TEXT, rank INTEGER, note TEXT, etag TEXT);
            CREATE INDEX items_category_name ON items(category, name);
            """, nil, nil, nil)
    }

    /// Decodes and inserts every page; returns the number of rows.
    func load(pages: [Data], type: EntityTypeDescriptor) throws -> Int {
        var statement: OpaquePointer?
        sqlite3_prepare_v2(db, "INSERT INTO items VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        sqlite3_exec(db, "BEGIN", nil, nil, nil)
        var rows = 0
        let decoder = ODataJSONDecoder()
        for page in pages {
            let list = try decoder.decodeEntityList(page, entityType: type)
            for entity in list.entities {
                for (offset, property) in type.properties.enumerated() {
                    let column = Int32(offset + 1)
                    switch entity[property] ?? .null {
                    case .int32(let value): sqlite3_bind_int64(statement, column, Int64(value))
                    case .string(let value): sqlite3_bind_text(statement, column, value, -1, csqlite_transient())
                    case .double(let value): sqlite3_bind_double(statement, column, value)
                    case .boolean(let value): sqlite3_bind_int64(statement, column, value ? 1 : 0)
                    case .null: sqlite3_bind_null(statement, column)
                    case let other: sqlite3_bind_text(statement, column, EdmJSONForm.format(other)?.text ?? "", -1, csqlite_transient())
                    }
                }
                sqlite3_bind_text(statement, 13, entity.metadata.etag ?? "", -1, csqlite_transient())
                sqlite3_step(statement)
                sqlite3_reset(statement)
                rows += 1
            }
        }
        sqlite3_exec(db, "COMMIT", nil, nil, nil)
        return rows
    }

    /// `WHERE category = ? ORDER BY name, id LIMIT 20`, each row made into an entity (as the store returns them).
    func query(category: String, type: EntityTypeDescriptor) -> [EntityValue] {
        var statement: OpaquePointer?
        sqlite3_prepare_v2(db, "SELECT * FROM items WHERE category = ? ORDER BY name, id LIMIT 20", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, category, -1, csqlite_transient())
        var entities: [EntityValue] = []
        let navigation: [NavigationValue?] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            var values: [EdmValue?] = []
            for (offset, property) in type.properties.enumerated() {
                let column = Int32(offset)
                if sqlite3_column_type(statement, column) == SQLITE_NULL {
                    values.append(.null)
                    continue
                }
                switch property.type.primitiveType {
                case .int32?: values.append(.int32(Int32(sqlite3_column_int64(statement, column))))
                case .double?: values.append(.double(sqlite3_column_double(statement, column)))
                case .boolean?: values.append(.boolean(sqlite3_column_int64(statement, column) != 0))
                default: values.append(.string(String(cString: sqlite3_column_text(statement, column))))
                }
            }
            let etag = String(cString: sqlite3_column_text(statement, 12))
            entities.append(
                EntityValue(type: type, loadedValues: values, navigationValues: navigation, metadata: EntityMetadata(etag: etag)))
        }
        return entities
    }

    /// Closes the database (checkpointing its WAL into the file).
    func close() { sqlite3_close(db) }
}
