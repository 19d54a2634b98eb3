import ESPM
import Foundation
import OData
import ODataOffline
import XCTest

/// A store written by the SDK release before SQLCipher 4 (ODataOffline at ef02732 on Debian 12's SQLCipher 3.4.1,
/// Tests/Fixtures/SQLCipher3Store) opens with its key and is migrated in place to SQLCipher 4's format, nothing lost.
final class SQLCipher3MigrationTests: XCTestCase {
    private let key = "SQLCipher 3 store key"

    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/SQLCipher3Store/sqlcipher3.sqlite")

    /// A copy of the fixture in a fresh folder, opened by the tests (the fixture itself stays as it was made).
    private func copy() throws -> URL {
        let folder = try OfflineFixtures.temporaryFolder()
        try FileManager.default.copyItem(at: Self.fixture, to: folder.appendingPathComponent("sqlcipher3.sqlite"))
        return folder
    }

    private func parameters(_ folder: URL, key: String?) -> OfflineODataParameters {
        var parameters = OfflineODataParameters()
        parameters.storeName = "sqlcipher3"
        parameters.storePath = folder
        parameters.storeEncryptionKey = key
        return parameters
    }

    /// Everything the fixture holds: customers (id, first name, city) and sales orders (id, customer, net amount).
    private func contents(_ folder: URL, key: String?) async throws -> [String] {
        let provider = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata(), parameters: parameters(folder, key: key))
        try await provider.open()
        do {
            let service = ESPMContainer(provider: provider)
            let customers = try await service.fetchCustomers(matching: DataQuery().orderBy(Customer.customerID))
            let orders = try await service.fetchSalesOrderHeaders(
                matching: DataQuery().orderBy(SalesOrderHeader.salesOrderID).expand(SalesOrderHeader.customerDetails))
            try await provider.close()
            return customers.map { "\($0.customerID ?? "-") \($0.firstName ?? "-") \($0.city ?? "-")" }
                + orders.map {
                    "\($0.salesOrderID ?? "-") \($0.customerDetails?.customerID ?? "-") \($0.netAmount.map { "\($0)" } ?? "-")"
                }
        } catch {
            try? await provider.close()
            throw error
        }
    }

    private let expected = [
        "C1 Ada Zanzibarcity", "C2 Grace Arlington", "C3 Zoë Göteborg", "S1 C1 10.50", "S2 C1 99.99", "S3 C3 1234.567",
    ]

    func testTheFixtureIsInSQLCipher3Format() throws {
        let file = try copy().appendingPathComponent("sqlcipher3.sqlite")
        let asVersion3 = try SQLCipherShell.run(
            file,
            script: "PRAGMA key = '\(key)';\nPRAGMA cipher_compatibility = 3;\nSELECT count(*) FROM entities WHERE eset = 'Customers';\n")
        XCTAssertEqual(asVersion3.rows, ["3"], asVersion3.standardError)
        let asVersion4 = try SQLCipherShell.run(
            file, script: "PRAGMA key = '\(key)';\nSELECT count(*) FROM entities WHERE eset = 'Customers';\n")
        XCTAssertEqual(asVersion4.rows, [], "SQLCipher 4's defaults do not read it")
    }

    func testAStoreOfTheLastReleaseIsMigratedInPlaceWithNothingLost() async throws {
        let folder = try copy()
        let file = folder.appendingPathComponent("sqlcipher3.sqlite")
        let before = try Data(contentsOf: file)
        let migrated = try await contents(folder, key: key)
        XCTAssertEqual(migrated, expected)
        XCTAssertNotEqual(try Data(contentsOf: file), before, "rewritten")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600, "the migrated store is readable by its owner only")
        let asVersion4 = try SQLCipherShell.run(
            file, script: "PRAGMA key = '\(key)';\nSELECT count(*) FROM entities WHERE eset = 'Customers';\n")
        XCTAssertEqual(asVersion4.rows, ["3"], "now in SQLCipher 4's format: \(asVersion4.standardError)")
        let reopened = try await contents(folder, key: key)
        XCTAssertEqual(reopened, expected, "opens again, as a SQLCipher 4 store")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("migrate") }, [])
    }

    func testAWrongKeyLeavesTheOldStoreUntouched() async throws {
        let folder = try copy()
        let file = folder.appendingPathComponent("sqlcipher3.sqlite")
        let before = try Data(contentsOf: file)
        for wrong in ["not the key", nil] as [String?] {
            do {
                _ = try await contents(folder, key: wrong)
                XCTFail("opened with \(wrong ?? "no key")")
            } catch let error as ODataError {
                XCTAssertEqual(error.kind, .wrongStoreEncryptionKey)
            }
            XCTAssertEqual(try Data(contentsOf: file), before, "the file is unchanged")
        }
        let withTheKey = try await contents(folder, key: key)
        XCTAssertEqual(withTheKey, expected)
    }

    func testAnOldStoreIsReKeyedIntoSQLCipher4() async throws {
        let folder = try copy()
        try OfflineODataProvider.changeStoreEncryptionKey(of: parameters(folder, key: key), to: "a new key")
        let rekeyed = try await contents(folder, key: "a new key")
        XCTAssertEqual(rekeyed, expected)
    }
}
