import CSQLCipher
import Foundation
import OData

extension ODataError.Kind {
    /// The offline store's file does not open with `OfflineODataParameters.storeEncryptionKey`: the key is wrong,
    /// or the store is encrypted and no key was given, or it is not encrypted and a key was given. The file is
    /// left as it was.
    public static let wrongStoreEncryptionKey = ODataError.Kind(rawValue: "wrongStoreEncryptionKey")
}

extension SQLiteDatabase {
    /// Hands the key (if any) to SQLCipher and reads the schema, which is where a wrong key shows: SQLCipher
    /// reads nothing until then, so a refused key has written nothing. Called once from `init`.
    func unlock(with key: String?) throws {
        guard let handle = handleForKeying else { return }
        if let key {
            guard !key.isEmpty else {
                close()
                throw ODataError(
                    .invalidRequest, "offline store \(path): the store encryption key is empty (use nil for an unencrypted store)")
            }
            let code = Array(key.utf8).withUnsafeBytes { sqlite3_key(handle, $0.baseAddress, Int32($0.count)) }
            guard code == SQLITE_OK else {
                close()
                throw ODataError(.invalidRequest, "offline store \(path): SQLCipher refused the key (SQLite code \(code))")
            }
        }
        let code = sqlite3_exec(handle, "SELECT count(*) FROM sqlite_master", nil, nil, nil)
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
            _ = try query("SELECT sqlcipher_export('rekeyed')")
        } catch {
            try? manager.removeItem(atPath: target)
            throw error
        }
    }
}
