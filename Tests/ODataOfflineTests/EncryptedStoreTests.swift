import ESPM
import Foundation
import OData
import ODataOffline
import XCTest

/// The store encrypted with SQLCipher (`storeEncryptionKey`): nothing readable in the file, a wrong or missing key
/// is a typed error that changes no byte of it, a plain store stays a file plain SQLite reads, and a store can be
/// encrypted, re-keyed and decrypted.
final class EncryptedStoreTests: XCTestCase, SecretStoreTesting {
    /// The store file and what is left beside it (write-ahead log), byte for byte.
    private func files(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    /// What Python's `sqlite3` module (plain SQLite, not SQLCipher) reads from the store: the customers' cities,
    /// or its error message.
    private func plainSQLite(_ folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = """
            import sqlite3, sys
            try:
                rows = sqlite3.connect(sys.argv[1]).execute('SELECT "p_City" FROM "v_Customers"').fetchall()
                print(",".join(r[0] for r in rows))
            except Exception as error:
                print("error: %s" % error)
            """
        process.arguments = ["python3", "-c", script, folder.appendingPathComponent("secret.sqlite").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testAnEncryptedStoreHasNothingReadableAndOpensWithItsKey() async throws {
        let folder = try OfflineFixtures.temporaryFolder()
        try await makeStore(folder, key: key)
        let bytes = try Data(contentsOf: folder.appendingPathComponent("secret.sqlite"))
        XCTAssertGreaterThan(bytes.count, 4096)
        XCTAssertNil(bytes.range(of: Data("SQLite format 3".utf8)), "no SQLite header")
        XCTAssertNil(bytes.range(of: Data(city.utf8)), "no value in the clear")
        XCTAssertNil(bytes.range(of: Data("Customers".utf8)), "no schema in the clear")
        XCTAssertTrue(try plainSQLite(folder).hasPrefix("error: file is"), "plain SQLite cannot read it")
        let reopened = try await cities(folder, key: key)
        XCTAssertEqual(reopened, [city])
    }

    func testAWrongOrMissingKeyIsATypedErrorAndChangesNoByte() async throws {
        let folder = try OfflineFixtures.temporaryFolder()
        try await makeStore(folder, key: key)
        let before = try files(folder)
        for wrong in ["not the key", nil] as [String?] {
            do {
                _ = try await cities(folder, key: wrong)
                XCTFail("opened with key \(wrong ?? "nil")")
            } catch let error as ODataError {
                XCTAssertEqual(error.kind, .wrongStoreEncryptionKey)
                XCTAssertTrue(error.message.contains("secret.sqlite"), error.message)
                XCTAssertFalse(error.message.contains(key) || (wrong.map(error.message.contains) ?? false), "no key in the error")
                XCTAssertFalse(String(describing: error).contains(key))
            }
            XCTAssertEqual(try files(folder), before, "the store's files are unchanged")
        }
        let reopened = try await cities(folder, key: key)
        XCTAssertEqual(reopened, [city], "the right key still opens it")
    }

    func testAPlainStoreIsOneThatPlainSQLiteReads() async throws {
        let folder = try OfflineFixtures.temporaryFolder()
        try await makeStore(folder, key: nil)
        XCTAssertEqual(try plainSQLite(folder), city)
        do {
            _ = try await cities(folder, key: key)
            XCTFail("a plain store opened with a key")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .wrongStoreEncryptionKey)
        }
        let reopened = try await cities(folder, key: nil)
        XCTAssertEqual(reopened, [city])
    }

    func testAStoreIsEncryptedReKeyedAndDecrypted() async throws {
        let folder = try OfflineFixtures.temporaryFolder()
        try await makeStore(folder, key: nil)
        try OfflineODataProvider.changeStoreEncryptionKey(of: parameters(folder, key: nil), to: key)
        XCTAssertTrue(try plainSQLite(folder).hasPrefix("error: file is"), "encrypted")
        var reopened = try await cities(folder, key: key)
        XCTAssertEqual(reopened, [city])

        let newKey = "a new key"
        do {
            try OfflineODataProvider.changeStoreEncryptionKey(of: parameters(folder, key: "not the key"), to: newKey)
            XCTFail("re-keyed with a wrong current key")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .wrongStoreEncryptionKey)
        }
        try OfflineODataProvider.changeStoreEncryptionKey(of: parameters(folder, key: key), to: newKey)
        do {
            _ = try await cities(folder, key: key)
            XCTFail("the old key still opens it")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .wrongStoreEncryptionKey)
        }
        reopened = try await cities(folder, key: newKey)
        XCTAssertEqual(reopened, [city])

        try OfflineODataProvider.changeStoreEncryptionKey(of: parameters(folder, key: newKey), to: nil)
        XCTAssertEqual(try plainSQLite(folder), city, "decrypted: plain SQLite reads it")
        reopened = try await cities(folder, key: nil)
        XCTAssertEqual(reopened, [city])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".rekey") }, [])
    }

    func testAnEmptyKeyIsRefusedAndTheKeyIsNeverDescribed() async throws {
        let folder = try OfflineFixtures.temporaryFolder()
        do {
            try await makeStore(folder, key: "")
            XCTFail("an empty key made a store")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .invalidRequest)
            XCTAssertTrue(error.message.contains("empty"), error.message)
        }
        let described = parameters(folder, key: key)
        var dumped = ""
        dump(described, to: &dumped)
        for text in [String(describing: described), String(reflecting: described), "\(described)", dumped] {
            XCTAssertFalse(text.contains(key), text)
            XCTAssertTrue(text.contains("redacted"), text)
        }
    }
}
