import CSQLCipher
import Foundation
import OData

extension ODataError.Kind {
    /// The SQLCipher library the process runs on is older than 4.x (or is not SQLCipher): the offline store refuses
    /// to open. The message names the version found and how to install SQLCipher 4.
    public static let unsupportedStoreEngine = ODataError.Kind(rawValue: "unsupportedStoreEngine")
}

/// The SQLCipher engine the store runs on: version 4.x or later (its defaults are PBKDF2-HMAC-SHA512 with 256,000
/// iterations and HMAC-SHA512 page authentication; nothing here sets other cipher settings).
enum SQLCipherEngine {
    /// The oldest SQLCipher major version the store accepts.
    static let requiredMajorVersion = 4

    /// How to install SQLCipher 4, for error messages.
    static let installHint =
        "install SQLCipher 4 (Debian 12: `apt-get install -t bookworm-backports libsqlcipher-dev sqlcipher` with the "
        + "bookworm-backports suite enabled; Debian 13 and Ubuntu: `apt-get install libsqlcipher-dev sqlcipher`; or run "
        + "scripts/install-deps.sh of the SDK's repository), then rebuild"

    /// Checks the version `PRAGMA cipher_version` reported (`"4.6.1 community"`; nil when the linked library is not
    /// SQLCipher): throws `ODataError.Kind.unsupportedStoreEngine` for an older or unknown engine.
    static func check(cipherVersion: String?, sqliteVersion: String, path: String) throws {
        let found = cipherVersion?.trimmingCharacters(in: .whitespaces) ?? ""
        let major = found.prefix { $0.isNumber }
        if let major = Int(major), major >= requiredMajorVersion { return }
        let engine = found.isEmpty ? "a SQLite without SQLCipher" : "SQLCipher \(found)"
        throw ODataError(
            .unsupportedStoreEngine,
            "offline store \(path): this process runs on \(engine) (SQLite \(sqliteVersion)), and the store needs "
                + "SQLCipher \(requiredMajorVersion).x or later: \(installHint)")
    }
}

extension SQLiteDatabase {
    /// Refuses an engine older than SQLCipher 4 (see `SQLCipherEngine.check`), and turns SQLCipher's own log off (it
    /// writes to stderr by default, e.g. on every wrong key; the store reports through typed errors). Called once
    /// from `init`, before the key.
    func checkEngine() throws {
        let version = try query("PRAGMA cipher_version").first?.first?.text
        if version != nil { _ = try query("PRAGMA cipher_log_source = NONE") }
        do {
            try SQLCipherEngine.check(cipherVersion: version, sqliteVersion: String(cString: sqlite3_libversion()), path: path)
        } catch {
            close()
            throw error
        }
    }
}
