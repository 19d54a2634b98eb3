import ESPM
import Foundation
import OData
import XCTest

@testable import ODataOffline

/// A re-key (`changeStoreEncryptionKey`: a plain store encrypted, an encrypted one given a new key) killed with
/// SIGKILL in another process at a chosen step: the store then opens with its old key (killed while the copy was
/// written, or after it was complete but before it replaced the store) or its new key (killed after the rename), with
/// every entity there, and the copy left behind is gone once the store opens.
///
/// The other process is this test binary running this same test with `ODATA_REKEY_CHILD` set to a folder: it then
/// re-keys the store described there and stops for good at the step named there (`RekeyProgress`).
final class KilledRekeyTests: XCTestCase {
    private static let childVariable = "ODATA_REKEY_CHILD"
    private let customerCount = 150

    private struct Plan: Codable {
        var oldKey: String?
        var newKey: String?
        var step: String
    }

    private func parameters(_ folder: URL, key: String?) -> OfflineODataParameters {
        var parameters = OfflineODataParameters()
        parameters.storeName = "rekeyed"
        parameters.storePath = folder
        parameters.storeEncryptionKey = key
        return parameters
    }

    private func makeStore(_ folder: URL, key: String?) async throws {
        let provider = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata(), parameters: parameters(folder, key: key))
        try await provider.open()
        for index in 0..<customerCount {
            let customer = OfflineFixtures.customer(
                String(format: "C%04d", index), first: "First \(index)", last: "Last", city: "City \(index)")
            _ = try await provider.send(.createEntity(customer.entityValue, in: ESPMContainerMetadata.EntitySets.customers))
        }
        try await provider.close()
    }

    /// The customers (id and city), or the error the store opened with.
    private func customers(_ folder: URL, key: String?) async throws -> [String] {
        let provider = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata(), parameters: parameters(folder, key: key))
        try await provider.open()
        do {
            let customers = try await ESPMContainer(provider: provider).fetchCustomers(matching: DataQuery().orderBy(Customer.customerID))
            try await provider.close()
            return customers.map { "\($0.customerID ?? "-") \($0.city ?? "-")" }
        } catch {
            try? await provider.close()
            throw error
        }
    }

    private var expected: [String] { (0..<customerCount).map { String(format: "C%04d City \($0)", $0) } }

    func testARekeyKilledAtEachStepLeavesTheOldOrTheNewStoreWithNothingLost() async throws {
        if let folder = ProcessInfo.processInfo.environment[Self.childVariable] {
            try runAsChild(URL(fileURLWithPath: folder))
        }
        let steps: [(step: RekeyProgress, opensWithNewKey: Bool)] = [(.copying, false), (.copied, false), (.replaced, true)]
        for (oldKey, newKey) in [(nil, "a new key"), ("the old key", "a new key")] as [(String?, String)] {
            for (step, opensWithNewKey) in steps {
                let what = "\(oldKey == nil ? "encrypting" : "re-keying") killed at \(step)"
                let folder = try OfflineFixtures.temporaryFolder()
                try await makeStore(folder, key: oldKey)
                try killChild(in: folder, plan: Plan(oldKey: oldKey, newKey: newKey, step: step.rawValue))
                let leftOver = try FileManager.default.contentsOfDirectory(atPath: folder.path).contains("rekeyed.sqlite.rekey")
                XCTAssertEqual(leftOver, step != .replaced, "\(what): the copy is left beside the store until it opens")

                let (working, refused) = opensWithNewKey ? (newKey, oldKey) : (oldKey, newKey)
                let opened = try await customers(folder, key: working)
                XCTAssertEqual(opened, expected, what)
                XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains(".rekey") }, what)
                do {
                    _ = try await customers(folder, key: refused)
                    XCTFail("\(what): the store opened with both keys")
                } catch let error as ODataError {
                    XCTAssertEqual(error.kind, .wrongStoreEncryptionKey, what)
                }
                // and a re-key run to its end afterwards works
                try OfflineODataProvider.changeStoreEncryptionKey(of: parameters(folder, key: working), to: "after the kill")
                let afterRekey = try await customers(folder, key: "after the kill")
                XCTAssertEqual(afterRekey, expected, what)
            }
        }
    }

    /// Starts this test in another process with `plan`, waits until it reports the step, and kills it (SIGKILL).
    private func killChild(in folder: URL, plan: Plan) throws {
        try JSONEncoder().encode(plan).write(to: folder.appendingPathComponent("plan.json"))
        let reached = folder.appendingPathComponent("reached")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        process.arguments = ["ODataOfflineTests.KilledRekeyTests/testARekeyKilledAtEachStepLeavesTheOldOrTheNewStoreWithNothingLost"]
        process.environment = ProcessInfo.processInfo.environment.merging([Self.childVariable: folder.path]) { $1 }
        let output = folder.appendingPathComponent("child.log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let log = try FileHandle(forWritingTo: output)
        process.standardOutput = log
        process.standardError = log
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: reached.path), process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let childLog = { String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self) }
        guard FileManager.default.fileExists(atPath: reached.path), process.isRunning else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            XCTFail("the child did not stop at \(plan.step): \(childLog())")
            throw CancellationError()
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, childLog())
        try? log.close()
    }

    /// In the child process: re-keys as the plan says and stops for good at its step (the parent kills it there).
    private func runAsChild(_ folder: URL) throws -> Never {
        let plan = try JSONDecoder().decode(Plan.self, from: Data(contentsOf: folder.appendingPathComponent("plan.json")))
        let reached = folder.appendingPathComponent("reached")
        RekeyProgress.observer.withLock {
            $0 = { step in
                guard step.rawValue == plan.step else { return }
                _ = FileManager.default.createFile(atPath: reached.path, contents: nil)
                while true { Thread.sleep(forTimeInterval: 60) }
            }
        }
        try OfflineODataProvider.changeStoreEncryptionKey(of: parameters(folder, key: plan.oldKey), to: plan.newKey)
        fatalError("the re-key ended without reaching \(plan.step)")
    }
}
