import ESPM
import Foundation
import OData
import XCTest

@testable import ODataOffline

/// The store's layout version: a version-1 store (entities as JSON bodies) is migrated to typed columns when
/// opened; a store of a newer version is refused with a typed error.
final class StoreLayoutTests: XCTestCase {
    private func parameters(_ folder: URL) -> OfflineODataParameters {
        var parameters = OfflineODataParameters()
        parameters.storeName = "layout"
        parameters.storePath = folder
        return parameters
    }

    /// A store file as version 1 wrote it: the metadata, and customers as JSON bodies with no layout version.
    private func versionOneStore(_ folder: URL) throws {
        let db = try SQLiteDatabase(path: folder.appendingPathComponent("layout.sqlite").path)
        defer { db.close() }
        try db.execute(
            """
            CREATE TABLE meta(name TEXT PRIMARY KEY, value BLOB);
            CREATE TABLE entities(
                id INTEGER PRIMARY KEY, eset TEXT NOT NULL, ekey TEXT NOT NULL, body BLOB NOT NULL,
                uri TEXT, edit_link TEXT, etag TEXT, media_read TEXT, media_edit TEXT, media_type TEXT, media_etag TEXT,
                type_name TEXT, is_local INTEGER NOT NULL DEFAULT 0, pending INTEGER NOT NULL DEFAULT 0,
                deleted INTEGER NOT NULL DEFAULT 0, original BLOB, original_etag TEXT, has_original INTEGER NOT NULL DEFAULT 0,
                UNIQUE(eset, ekey));
            CREATE TABLE staged_entities(eset TEXT NOT NULL, ekey TEXT NOT NULL, body BLOB NOT NULL, PRIMARY KEY(eset, ekey));
            """)
        try db.run("INSERT INTO meta(name, value) VALUES('metadata', ?)", [.blob(try OfflineFixtures.espmMetadata())])
        for (id, city) in [("C2", "Rome"), ("C1", "Berlin"), ("C3", "Paris")] {
            var customer = OfflineFixtures.customer(id, first: "F" + id, last: "L" + id, city: city)
            customer.dateOfBirth = LocalDateTime(year: 1970, month: 2, day: Int(id.dropFirst()) ?? 1)
            try db.run(
                "INSERT INTO entities(eset, ekey, body, uri, etag, type_name) VALUES('Customers', ?, ?, ?, ?, 'ESPM.Customer')",
                [
                    .text("('\(id)')"), .blob(EntityRow.body(of: customer.entityValue)), .text("Customers('\(id)')"),
                    .text("W/\"\(id)\""),
                ])
        }
    }

    func testAVersionOneStoreIsMigratedToTypedColumns() async throws {
        let folder = try OfflineFixtures.temporaryFolder()
        try versionOneStore(folder)
        let provider = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata(), parameters: parameters(folder))
        try await provider.open()
        let service = ESPMContainer(provider: provider)
        let all = try await service.fetchCustomers()
        XCTAssertEqual(all.map(\.customerID), ["C1", "C2", "C3"], "key order")
        XCTAssertEqual(all.map(\.city), ["Berlin", "Rome", "Paris"])
        XCTAssertEqual(all.map(\.dateOfBirth?.day), [1, 2, 3])
        XCTAssertEqual(all.first?.entityValue.metadata.etag, "W/\"C1\"")
        let sorted = try await service.fetchCustomers(matching: DataQuery().filter(Customer.city.greaterThan("C")).orderBy(Customer.city))
        XCTAssertEqual(sorted.map(\.customerID), ["C3", "C2"], "the migrated values are in the typed columns SQL filters and sorts")
        try await provider.close()

        let db = try SQLiteDatabase(path: folder.appendingPathComponent("layout.sqlite").path)
        defer { db.close() }
        XCTAssertEqual(try db.query("SELECT value FROM meta WHERE name = 'schema_version'").first?.first?.data, Data("2".utf8))
        XCTAssertEqual(try db.query("SELECT \"p_City\" FROM \"v_Customers\" ORDER BY id").map { $0[0].text }, ["Rome", "Berlin", "Paris"])
        XCTAssertEqual(try db.query("SELECT count(*) FROM entities WHERE length(body) > 0").first?.first?.integer, 0, "no JSON left")
    }

    func testAStoreOfANewerLayoutIsRefused() async throws {
        let folder = try OfflineFixtures.temporaryFolder()
        let first = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata(), parameters: parameters(folder))
        try await first.open()
        try await first.close()
        let db = try SQLiteDatabase(path: folder.appendingPathComponent("layout.sqlite").path)
        try db.run("UPDATE meta SET value = ? WHERE name = 'schema_version'", [.blob(Data("99".utf8))])
        db.close()
        let again = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata(), parameters: parameters(folder))
        do {
            try await again.open()
            XCTFail("a store of layout version 99 was opened")
        } catch {
            XCTAssertTrue(error.message.contains("layout version 99"), error.message)
        }
    }
}
