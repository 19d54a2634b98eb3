import ESPM
import Foundation
import OData
import ODataOffline
import XCTest

/// An upload killed (SIGKILL) in another process while the server holds the answer to a request it applied, then
/// resumed from the same store: the delta server's log shows every request applied once and none lost.
final class KilledUploadTests: XCTestCase {
    func testUploadKilledMidQueueResumesWithoutLossOrRepeat() async throws {
        let root = try OfflineServers.url("ODATA_TEST_DELTA_URL")
        try await DeltaServer.control(root, "reset")
        let folder = try OfflineFixtures.temporaryFolder()
        // The store espm-demo opens: its name and defining queries.
        func open() async throws -> OfflineODataProvider {
            var parameters = OfflineODataParameters()
            parameters.storeEncryptionKey = OfflineFixtures.storeKey
            parameters.storeName = "espm-demo"
            parameters.storePath = folder
            let provider = OfflineODataProvider(serviceRoot: root, parameters: parameters)
            try provider.add(definingQuery: OfflineODataDefiningQuery(name: "customers", query: "Customers?$expand=SalesOrders"))
            try provider.add(definingQuery: OfflineODataDefiningQuery(name: "products", query: "Products"))
            try await provider.open()
            return provider
        }
        let provider = try await open()
        try await provider.download()
        let local = ESPMContainer(provider: provider)
        let customers = ESPMContainerMetadata.EntitySets.customers
        var second = try await local.fetchCustomerWithKey(customerID: "C02")
        second.city = "Updated"
        _ = try await provider.send(.updateEntity(second.entityValue))
        _ = try await provider.send(.createEntity(OfflineFixtures.customer("C30", first: "Chosen", last: "Key").entityValue, in: customers))
        _ = try await provider.send(.createEntity(OfflineFixtures.customer(nil, first: "Server", last: "Key").entityValue, in: customers))
        var third = try await local.fetchCustomerWithKey(customerID: "C03")
        third.city = "Also updated"
        _ = try await provider.send(.updateEntity(third.entityValue))
        try await provider.send(.deleteEntity(try await local.fetchCustomerWithKey(customerID: "C04").entityValue))
        try await provider.close()

        // The third write is applied and its answer held until the uploading process is gone.
        try await DeltaServer.control(root, "fault", json: #"{"after": 2, "action": "hold"}"#)
        let child = try DemoProcess.sync(root, store: folder)
        var log: [String] = []
        for _ in 0..<1800 where log.count < 3 && child.process.isRunning {
            try await Task.sleep(nanoseconds: 50_000_000)
            log = try await DeltaServer.log(root)
        }
        log = try await DeltaServer.log(root)
        XCTAssertEqual(log, ["MERGE Customers('C02')", "POST Customers('C30')", "POST Customers('D00001')"], child.output())
        guard child.process.isRunning else {
            XCTFail("espm-demo ended before the held answer: \(child.output())")
            return
        }
        kill(child.process.processIdentifier, SIGKILL)
        child.process.waitUntilExit()
        XCTAssertEqual(child.process.terminationReason, .uncaughtSignal)
        try await DeltaServer.control(root, "release")

        let resumed = try await open()
        let result = try await resumed.upload()
        XCTAssertEqual(
            result, OfflineODataUploadResult(succeeded: 3, failed: 0, notSent: 0), "the held create and the two requests after it")
        let applied = try await DeltaServer.log(root)
        XCTAssertEqual(
            applied,
            [
                "MERGE Customers('C02')", "POST Customers('C30')", "POST Customers('D00001')", "MERGE Customers('C03')",
                "DELETE Customers('C04')",
            ], "each request applied once, none lost")
        let pending = try await resumed.hasPendingUpload()
        XCTAssertFalse(pending)
        let server = ESPMContainer(provider: OnlineODataProvider(serviceName: "ESPM", serviceRoot: root))
        let serverKeyed = try await server.fetchCustomers(matching: DataQuery().filter(Customer.lastName.equal("Key")))
        XCTAssertEqual(serverKeyed.map(\.customerID), ["C30", "D00001"])
        let mine = try await ESPMContainer(provider: resumed).fetchCustomers(matching: DataQuery().filter(Customer.lastName.equal("Key")))
        XCTAssertEqual(mine.map(\.customerID), ["C30", "D00001"], "the store has the server's key for the held create")
    }
}

/// `espm-demo --sync` as a child process, with its output collected.
struct DemoProcess {
    let process: Process
    let pipe: Pipe

    static func sync(_ root: URL, store: URL) throws -> DemoProcess {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("espm-demo")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw ODataError(.invalidRequest, "espm-demo is not built at \(binary.path): the test command runs `swift build` first")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--sync", root.absoluteString, "overview"]
        var environment = ProcessInfo.processInfo.environment
        environment["ESPM_DEMO_STORE"] = store.path
        environment["ESPM_DEMO_STORE_KEY"] = OfflineFixtures.storeKey
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        return DemoProcess(process: process, pipe: pipe)
    }

    /// What the process printed so far (only once it has ended; empty while it runs, so a failure message never blocks).
    func output() -> String {
        guard !process.isRunning else { return "(espm-demo still running)" }
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
