import ESPM
import Foundation
import OData
import XCTest

/// Runs the built `espm-demo` offline: the seeds' screens from a store made from the shipped snapshot with no
/// server, then `--sync` with ESPM on pyslet after a change on the server.
final class EspmDemoOfflineTests: XCTestCase {
    private func run(_ arguments: [String], store: URL) throws -> (Int32, String) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("espm-demo")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            XCTFail("espm-demo is not built at \(binary.path): the test command runs `swift build` first")
            return (-1, "")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["ESPM_DEMO_STORE"] = store.path
        environment["ESPM_DEMO_STORE_KEY"] = OfflineFixtures.storeKey
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    func testScreensFromTheShippedSnapshotThenSync() async throws {
        let store = try OfflineFixtures.temporaryFolder()
        let (status, overview) = try run([], store: store)
        XCTAssertEqual(status, 0, overview)
        XCTAssertTrue(overview.contains("Created the offline store"), overview)
        XCTAssertTrue(overview.contains("Anna Müller — Walldorf, DE — # Sales Orders : 3"), overview)
        let header = try FileHandle(forReadingFrom: store.appendingPathComponent("espm-demo.sqlite")).readData(ofLength: 15)
        XCTAssertEqual(header == Data("SQLite format 3".utf8), OfflineFixtures.storeKey == nil, "encrypted exactly when a key is set")
        let (detailStatus, detail) = try run(["--offline", "detail", "C000001"], store: store)
        XCTAssertEqual(detailStatus, 0, detail)
        XCTAssertTrue(detail.contains("Hauptstraße, Walldorf, 15592, DE"), detail)
        XCTAssertFalse(detail.contains("Created the offline store"), "the second run opens the existing store")

        let root = try OfflineServers.url("ODATA_TEST_PYSLET_PAGING_URL")
        try await OfflineServers.control("POST", root.appendingPathComponent("_harness/reset"))
        let server = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: root))
        var anna = try await server.fetchCustomerWithKey(customerID: "C000001")
        anna.street = "Synced Street"
        _ = try await server.updateEntity(anna)
        let (syncStatus, synced) = try run(["--sync", root.absoluteString, "detail", "C000001"], store: store)
        XCTAssertEqual(syncStatus, 0, synced)
        XCTAssertTrue(synced.contains("download: customers (1 of 2)"), synced)
        XCTAssertTrue(synced.contains("Synced Street, Walldorf"), synced)
        let (_, afterwards) = try run(["detail", "C000001"], store: store)
        XCTAssertTrue(afterwards.contains("Synced Street, Walldorf"), "the synced store answers offline: \(afterwards)")
    }
}
