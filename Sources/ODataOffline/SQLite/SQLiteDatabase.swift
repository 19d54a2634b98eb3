import CSQLCipher
import Foundation
import OData

/// One value bound to or read from SQLite.
enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// The text, or nil for another kind.
    var text: String? { if case .text(let value) = self { return value } else { return nil } }
    /// The integer, or nil for another kind.
    var integer: Int64? { if case .integer(let value) = self { return value } else { return nil } }
    /// The bytes of a blob (or of a text), nil otherwise.
    var data: Data? {
        switch self {
        case .blob(let value): return value
        case .text(let value): return Data(value.utf8)
        default: return nil
        }
    }
    /// JSON bytes as text (so that SQLite's JSON functions read them).
    static func json(_ data: Data) -> SQLValue { .text(String(decoding: data, as: UTF8.self)) }
    /// A text or null.
    static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
}

/// A SQLite connection (SQLCipher's SQLite, encrypted when opened with a key) used by one store. Every call holds a recursive lock, so the connection is used by
/// one thread at a time and a transaction's body may call the other methods. Prepared statements are cached.
final class SQLiteDatabase: @unchecked Sendable {
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    let lock = NSRecursiveLock()
    private var transactionDepth = 0
    /// The file path, or `:memory:`.
    let path: String

    /// Opens (creating when missing) the database at `path` (`:memory:` for a private in-memory one).
    /// A new file is created with mode 0600. With `key` the file is encrypted with it (a new file) or must have
    /// been (an existing one): a key that does not open it is `ODataError.Kind.wrongStoreEncryptionKey` and
    /// leaves the file as it was. The key is handed to SQLCipher directly, never through SQL text.
    init(path: String, key: String? = nil) throws {
        self.path = path
        if path != ":memory:" {
            let manager = FileManager.default
            if !manager.fileExists(atPath: path) {
                guard manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                    throw ODataError(.invalidRequest, "offline store: cannot create the database file \(path)")
                }
            }
            try? manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        }
        handle = try Self.connect(path)
        try checkEngine()
        if path != ":memory:" { try unlock(with: key) }
        // Temporary tables (a download's staging) in a temporary file, not in memory: memory stays bounded by
        // SQLite's page cache whatever the size of a download.
        if path != ":memory:" { try execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA temp_store=FILE") }
    }

    deinit { closeHandle() }

    /// A new connection to `path`, with the store's SQL functions and collations (registered before any key:
    /// migrating a SQLCipher 3 store re-creates its tables, whose columns use the collations).
    private static func connect(_ path: String) throws -> OpaquePointer {
        var db: OpaquePointer?
        // No SQLite mutex per call: every use of the connection holds `lock` already.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw ODataError(.invalidRequest, "offline store: cannot open \(path): \(message) (SQLite code \(code))")
        }
        sqlite3_busy_timeout(db, 10_000)
        SQLiteFunctions.register(db)
        return db
    }

    /// Replaces the connection with a new one to the same file (for `unlock(with:)`: SQLCipher migrates a store
    /// only as the first thing a connection does after its key).
    func reconnect() throws {
        lock.lock()
        defer { lock.unlock() }
        closeHandle()
        handle = try Self.connect(path)
    }

    /// The raw handle while the connection is being opened (for `unlock(with:)`).
    var handleForKeying: OpaquePointer? { handle }

    /// Closes the connection; later calls throw.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        closeHandle()
    }

    private func closeHandle() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements = [:]
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    func failure(_ what: String, _ code: Int32) -> ODataError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "the store is closed"
        return ODataError(.invalidRequest, "offline store \(path): \(what) failed: \(message) (SQLite code \(code))")
    }

    private func open() throws -> OpaquePointer {
        guard let handle else { throw ODataError(.invalidRequest, "offline store \(path) is closed: call open() first") }
        return handle
    }

    /// Runs one or more statements without parameters.
    func execute(_ sql: String) throws {
        lock.lock()
        defer { lock.unlock() }
        let db = try open()
        let code = sqlite3_exec(db, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure("'\(sql.prefix(60))'", code) }
    }

    /// Runs a statement with parameters; returns the number of rows changed.
    @discardableResult
    func run(_ sql: String, _ parameters: [SQLValue] = []) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        try forEachRow(sql, parameters) { _ in }
        return Int(sqlite3_changes(try open()))
    }

    /// The rowid of the last insert.
    var lastInsertRowID: Int64 {
        lock.lock()
        defer { lock.unlock() }
        return handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// The rows of a query.
    func query(_ sql: String, _ parameters: [SQLValue] = []) throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        try forEachRow(sql, parameters) { rows.append($0) }
        return rows
    }

    /// Calls `body` with each row of a query, one at a time.
    func forEachRow(_ sql: String, _ parameters: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws {
        try readRows(sql, parameters) { row in
            try body((0..<sqlite3_column_count(row.handle)).map(row.value))
        }
    }

    /// Runs `body` in a transaction (a savepoint when nested): committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let name = "sp\(transactionDepth)"
        try execute(transactionDepth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT \(name)")
        transactionDepth += 1
        do {
            let result = try body()
            transactionDepth -= 1
            try execute(transactionDepth == 0 ? "COMMIT" : "RELEASE \(name)")
            return result
        } catch {
            transactionDepth -= 1
            if transactionDepth == 0 {
                try? execute("ROLLBACK")
            } else {
                try? execute("ROLLBACK TO \(name); RELEASE \(name)")
            }
            throw error
        }
    }

    func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        let db = try open()
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure("preparing '\(sql.prefix(80))'", code) }
        statements[sql] = statement
        return statement
    }
}
