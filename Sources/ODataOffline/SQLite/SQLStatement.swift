import CSQLCipher
import Foundation

/// A cached prepared statement used directly, for bulk writes: values are bound one by one (no parameter
/// array) and the statement is stepped and reset for each row. Only valid inside `withStatement`.
struct SQLStatement {
    let handle: OpaquePointer
    let database: SQLiteDatabase

    /// Binds text (NULL for nil) to the 1-based parameter `index`.
    func bind(_ index: Int32, text: String?) {
        guard let text else {
            sqlite3_bind_null(handle, index)
            return
        }
        sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
    }

    /// Binds a value to the 1-based parameter `index`.
    func bind(_ index: Int32, _ value: SQLValue) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let number): sqlite3_bind_int64(handle, index, number)
        case .real(let number): sqlite3_bind_double(handle, index, number)
        case .text(let text): sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
        case .blob(let data): bind(index, blob: data)
        }
    }

    /// Binds an integer.
    func bind(_ index: Int32, integer: Int64) { sqlite3_bind_int64(handle, index, integer) }

    /// Binds a double.
    func bind(_ index: Int32, real: Double) { sqlite3_bind_double(handle, index, real) }

    /// Binds NULL.
    func bindNull(_ index: Int32) { sqlite3_bind_null(handle, index) }

    /// Binds bytes (an empty blob, not NULL, for no bytes).
    func bind(_ index: Int32, blob: Data) {
        blob.withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob(
                handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), csqlite_transient())
        }
    }

    /// Steps the statement once (a write) and resets it for the next row.
    func run() throws {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw database.failure("a bulk write", code) }
    }
}

extension SQLiteDatabase {
    /// Runs `body` with the cached statement of `sql`, holding the connection's lock; its bindings are cleared after.
    func withStatement<T>(_ sql: String, _ body: (SQLStatement) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        return try body(SQLStatement(handle: statement, database: self))
    }
}

/// The current row of a stepping statement, read column by column without making `SQLValue`s (the query path).
struct SQLRow {
    let handle: OpaquePointer

    /// Whether column `index` (0-based) is NULL.
    func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// The text of a column, nil for NULL.
    func text(_ index: Int32) -> String? {
        guard !isNull(index), let text = sqlite3_column_text(handle, index) else { return nil }
        return String(cString: text)
    }

    /// The integer of a column.
    func integer(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// The double of a column.
    func real(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// The bytes of a column (empty for NULL).
    func data(_ index: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// The value of a column as stored (the generic form).
    func value(_ index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(integer(index))
        case SQLITE_FLOAT: return .real(real(index))
        case SQLITE_TEXT: return text(index).map(SQLValue.text) ?? .text("")
        case SQLITE_BLOB: return .blob(data(index))
        default: return .null
        }
    }
}

extension SQLiteDatabase {
    /// Calls `body` with each row of a query as an `SQLRow` (valid only during the call).
    func readRows(_ sql: String, _ parameters: [SQLValue], _ body: (SQLRow) throws -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        let binder = SQLStatement(handle: statement, database: self)
        for (offset, value) in parameters.enumerated() { binder.bind(Int32(offset + 1), value) }
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw failure("'\(sql.prefix(60))'", code) }
            try body(SQLRow(handle: statement))
        }
    }
}
