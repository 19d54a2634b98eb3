import ESPM
import Foundation
import OData
import XCTest

@testable import ODataOffline

/// The store on SQLCipher 4: the engine is checked, SQLCipher 4's defaults are what a store is written with (the
/// `sqlcipher` shell of the same version opens it with its key, and nothing without), and a raw 256-bit key works
/// wherever a passphrase does.
final class SQLCipher4Tests: XCTestCase, SecretStoreTesting {
    private func storeFile(_ folder: URL) -> URL { folder.appendingPathComponent("secret.sqlite") }

    func testAnEngineOlderThanSQLCipher4IsATypedErrorThatSaysWhatToInstall() throws {
        for found in ["3.4.1", "3.4.2 community", "", nil] as [String?] {
            do {
                try SQLCipherEngine.check(cipherVersion: found, sqliteVersion: "3.15.2", path: "/tmp/x.sqlite")
                XCTFail("accepted \(found ?? "nil")")
            } catch let error as ODataError {
                XCTAssertEqual(error.kind, .unsupportedStoreEngine)
                let engine = (found ?? "").isEmpty ? "a SQLite without SQLCipher" : "SQLCipher \(found ?? "")"
                XCTAssertTrue(error.message.contains("runs on \(engine) (SQLite 3.15.2)"), error.message)
                XCTAssertTrue(error.message.contains("/tmp/x.sqlite"), error.message)
                XCTAssertTrue(error.message.contains("-t bookworm-backports libsqlcipher-dev"), error.message)
                XCTAssertTrue(error.message.contains("scripts/install-deps.sh"), error.message)
            }
        }
        for accepted in ["4.0.0", "4.6.1 community", "5.0.0"] {
            XCTAssertNoThrow(try SQLCipherEngine.check(cipherVersion: accepted, sqliteVersion: "3.46.1", path: "x"))
        }
    }

    func testTheLinkedEngineIsSQLCipher4AsIsTheShell() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        defer { db.close() }
        let version = try db.query("PRAGMA cipher_version").first?.first?.text ?? ""
        XCTAssertTrue(version.hasPrefix("4."), version)
        XCTAssertEqual(try SQLCipherShell.version(), version, "the shell is the same SQLCipher as the SDK's")
    }

    func testANewStoreUsesSQLCipher4DefaultsAndOpensInTheShellOnlyWithItsKey() async throws {
        let folder = try OfflineFixtures.temporaryFolder()
        try await makeStore(folder, key: key)
        let db = try SQLiteDatabase(path: storeFile(folder).path, key: key)
        let settings = try ["cipher_kdf_algorithm", "kdf_iter", "cipher_hmac_algorithm", "cipher_page_size"].map {
            let value = try db.query("PRAGMA \($0)").first?.first
            return value?.text ?? value?.integer.map(String.init) ?? "-"
        }
        db.close()
        XCTAssertEqual(settings, ["PBKDF2_HMAC_SHA512", "256000", "HMAC_SHA512", "4096"])

        let file = storeFile(folder)
        let opened = try SQLCipherShell.run(file, script: "PRAGMA key = '\(key)';\nSELECT \"p_City\" FROM \"v_Customers\";\n")
        XCTAssertEqual(opened.rows, [city], opened.standardError)
        let withoutKey = try SQLCipherShell.run(file, script: "SELECT \"p_City\" FROM \"v_Customers\";\n")
        XCTAssertEqual(withoutKey.rows, [], "nothing without the key")
        XCTAssertTrue(withoutKey.standardError.contains("file is not a database"), withoutKey.standardError)
        let wrongKey = try SQLCipherShell.run(file, script: "PRAGMA key = 'not the key';\nSELECT \"p_City\" FROM \"v_Customers\";\n")
        XCTAssertEqual(wrongKey.rows, [], "nothing with a wrong key")
        XCTAssertTrue(wrongKey.standardError.contains("file is not a database"), wrongKey.standardError)
        let asVersion3 = try SQLCipherShell.run(
            file, script: "PRAGMA key = '\(key)';\nPRAGMA cipher_compatibility = 3;\nSELECT \"p_City\" FROM \"v_Customers\";\n")
        XCTAssertEqual(asVersion3.rows, [], "not SQLCipher 3's format")
        let afterShell = try await cities(folder, key: key)
        XCTAssertEqual(afterShell, [city], "the shell changed nothing")
    }

    func testARawKeyOpensReKeysAndIsNotAPassphrase() async throws {
        let bytes = (0..<32).map { UInt8(($0 * 37 + 11) % 256) }
        let raw = try OfflineODataParameters.rawStoreEncryptionKey(bytes)
        XCTAssertEqual(raw.count, 67)
        XCTAssertTrue(raw.hasPrefix("x'0B30557A") && raw.hasSuffix("'"), raw)
        let folder = try OfflineFixtures.temporaryFolder()
        try await makeStore(folder, key: raw)
        let withRawKey = try await cities(folder, key: raw)
        XCTAssertEqual(withRawKey, [city])
        let hexAsPassphrase = String(raw.dropFirst(2).dropLast())
        do {
            _ = try await cities(folder, key: hexAsPassphrase)
            XCTFail("the hex digits as a passphrase opened the store")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .wrongStoreEncryptionKey)
        }
        let shell = try SQLCipherShell.run(storeFile(folder), script: "PRAGMA key = \"\(raw)\";\nSELECT \"p_City\" FROM \"v_Customers\";\n")
        XCTAssertEqual(shell.rows, [city], shell.standardError)

        // raw -> passphrase -> raw, nothing lost
        try OfflineODataProvider.changeStoreEncryptionKey(of: parameters(folder, key: raw), to: key)
        let withPassphrase = try await cities(folder, key: key)
        XCTAssertEqual(withPassphrase, [city])
        let other = try OfflineODataParameters.rawStoreEncryptionKey(Array(repeating: 0xA5, count: 32))
        try OfflineODataProvider.changeStoreEncryptionKey(of: parameters(folder, key: key), to: other)
        let withOtherRawKey = try await cities(folder, key: other)
        XCTAssertEqual(withOtherRawKey, [city])
    }

    func testAMalformedRawKeyIsATypedErrorThatNeverShowsTheKey() async throws {
        XCTAssertThrowsError(try OfflineODataParameters.rawStoreEncryptionKey(Array(repeating: 1, count: 31))) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .invalidRequest)
            XCTAssertTrue((error as? ODataError)?.message.contains("31") == true)
        }
        let folder = try OfflineFixtures.temporaryFolder()
        let malformed = ["x'00112233'", "x'" + String(repeating: "g", count: 64) + "'", "X'" + String(repeating: "a", count: 64)]
        for bad in malformed {
            do {
                try await makeStore(folder, key: bad)
                XCTFail("a store was made with \(bad)")
            } catch let error as ODataError {
                XCTAssertEqual(error.kind, .invalidRequest)
                XCTAssertTrue(error.message.contains("raw key"), error.message)
                XCTAssertFalse(error.message.contains(bad), "no key in the error")
            }
        }
        try await makeStore(folder, key: key)
        XCTAssertThrowsError(try OfflineODataProvider.changeStoreEncryptionKey(of: parameters(folder, key: key), to: malformed[0])) {
            XCTAssertEqual(($0 as? ODataError)?.kind, .invalidRequest)
        }
        let afterRefusal = try await cities(folder, key: key)
        XCTAssertEqual(afterRefusal, [city], "a refused re-key changed nothing")
    }
}
