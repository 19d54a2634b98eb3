import CSQLCipher
import Foundation
import OData
import Synchronization

extension ODataError.Kind {
    /// The offline store's file does not open with `OfflineODataParameters.storeEncryptionKey`: the key is wrong,
    /// or the store is encrypted and no key was given, or it is not encrypted and a key was given. The file is
    /// left as it was.
    public static let wrongStoreEncryptionKey = ODataError.Kind(rawValue: "wrongStoreEncryptionKey")
}

extension SQLiteDatabase {
    /// Hands the key (if any) to SQLCipher and reads the schema, which is where a wrong key shows: SQLCipher
    /// reads nothing until then, so a refused key has written nothing. A store that SQLCipher 3 wrote (the format
    /// of SDK releases on Debian 12's SQLCipher 3.4.1) is migrated in place to SQLCipher 4's format
    /// (`PRAGMA cipher_migrate`) when the key opens it. Called once from `init`.
    func unlock(with key: String?) throws {
        if let key {
            do {
                try StoreKey.validate(key, what: "the storeEncryptionKey")
            } catch {
                close()
                throw ODataError(.invalidRequest, "offline store \(path): \(error.message)")
            }
            try hand(key)
        }
        var code = readSchema()
        if code == SQLITE_NOTADB, let key {
            // Not SQLCipher 4's format with this key: maybe SQLCipher 3's. A migration must come first on a connection.
            try reconnect()
            try hand(key)
            if migratedFromSQLCipher3() {
                // the migrated file replaced the old one: it keeps the store's mode
                try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
                code = readSchema()
            }
        }
        guard code == SQLITE_OK else {
            close()
            let why =
                key == nil
                ? "it is encrypted (or not a database): give its storeEncryptionKey"
                : "the storeEncryptionKey is not its key (or the store is not encrypted, or not a database)"
            throw ODataError(
                code == SQLITE_NOTADB ? .wrongStoreEncryptionKey : .invalidRequest,
                "offline store \(path) cannot be read: \(why); the file is left unchanged (SQLite code \(code))")
        }
    }

    /// Hands the key to SQLCipher (which reads nothing yet).
    private func hand(_ key: String) throws {
        guard let handle = handleForKeying else { return }
        let code = Array(key.utf8).withUnsafeBytes { sqlite3_key(handle, $0.baseAddress, Int32($0.count)) }
        guard code == SQLITE_OK else {
            close()
            throw ODataError(.invalidRequest, "offline store \(path): SQLCipher refused the key (SQLite code \(code))")
        }
    }

    /// Reads the schema: where SQLCipher first decrypts a page, so where a wrong key shows (`SQLITE_NOTADB`).
    private func readSchema() -> Int32 {
        guard let handle = handleForKeying else { return SQLITE_MISUSE }
        return sqlite3_exec(handle, "SELECT count(*) FROM sqlite_master", nil, nil, nil)
    }

    /// Runs `PRAGMA cipher_migrate`: when the key opens the file with SQLCipher 3's settings, SQLCipher rewrites it
    /// in SQLCipher 4's format (a new file that replaces the old one) and answers 0; otherwise the file is untouched.
    private func migratedFromSQLCipher3() -> Bool {
        guard let answer = try? query("PRAGMA cipher_migrate").first?.first else { return false }
        return answer == .text("0") || answer == .integer(0)
    }

    /// Writes the database, as it is now, to a new file encrypted with `key` (nil: not encrypted), through
    /// SQLCipher's `sqlcipher_export`. The key is a bound parameter, never in SQL text or an error.
    func export(to target: String, key: String?) throws {
        let manager = FileManager.default
        for suffix in ["", "-wal", "-shm", "-journal"] { try? manager.removeItem(atPath: target + suffix) }
        guard manager.createFile(atPath: target, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw ODataError(.invalidRequest, "offline store: cannot create \(target) to re-key the store")
        }
        do {
            try run("ATTACH DATABASE ? AS rekeyed KEY ?", [.text(target), .text(key ?? "")])
            defer { try? execute("DETACH DATABASE rekeyed") }
            if RekeyProgress.isObserved, let handle = handleForKeying {
                sqlite3_progress_handler(
                    handle, 1_000,
                    { _ in
                        RekeyProgress.reached(.copying)
                        return 0
                    }, nil)
            }
            defer { if let handle = handleForKeying { sqlite3_progress_handler(handle, 0, nil, nil) } }
            _ = try query("SELECT sqlcipher_export('rekeyed')")
        } catch {
            try? manager.removeItem(atPath: target)
            throw error
        }
    }
}

/// Where a re-key is, for tests that kill the re-keying process at a chosen step (`observer` is nil otherwise,
/// and then nothing is observed).
enum RekeyProgress: String, Sendable {
    /// The copy is being written (reported every 1,000 SQLite virtual-machine steps of `sqlcipher_export`).
    case copying
    /// The copy is complete and closed; the store is not replaced yet.
    case copied
    /// The copy has replaced the store.
    case replaced

    /// Called at each step; set by tests only.
    static let observer = Mutex<(@Sendable (RekeyProgress) -> Void)?>(nil)

    static var isObserved: Bool { observer.withLock { $0 != nil } }

    /// Tells the observer (if any) that `step` is reached.
    static func reached(_ step: RekeyProgress) { observer.withLock { $0 }?(step) }
}
