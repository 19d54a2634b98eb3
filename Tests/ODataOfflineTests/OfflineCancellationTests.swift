import ESPM
import Foundation
import OData
import ODataCurl
import ODataOffline
import ODataTestSupport
import XCTest

/// Issue 30 item 5: a download or upload whose task is cancelled ends promptly with `ODataError` `.cancelled`,
/// between its steps and with a request in flight, over both transports, against the harness's delta server
/// (`scripts/servers/delta_server.py`, which holds a read or a write's answer back on request). A cancelled
/// download applies nothing; a cancelled upload keeps its requests queued.
final class OfflineCancellationTests: XCTestCase {
    private static let transports: [(String, @Sendable () -> any ODataTransport)] = [
        ("curl", { CurlTransport() }), ("URLSession", { URLSessionTransport() }),
    ]
    /// How long a cancelled sync may take to end.
    private static let prompt: TimeInterval = 2
    private var root: URL!

    override func setUp() async throws {
        root = try OfflineServers.url("ODATA_TEST_DELTA_URL")
        try await DeltaServer.control(root, "reset")
    }

    override func tearDown() async throws {
        try await DeltaServer.control(root, "release")
    }

    private func offline(_ transport: any ODataTransport) async throws -> OfflineODataProvider {
        var parameters = OfflineODataParameters()
        parameters.storeName = "delta"
        parameters.storePath = try OfflineFixtures.temporaryFolder()
        let provider = OfflineODataProvider(
            serviceRoot: root, parameters: parameters, options: .init(retryPolicy: .none), transport: transport)
        try provider.add(definingQuery: OfflineODataDefiningQuery(name: "customers", query: "Customers"))
        try await provider.open()
        return provider
    }

    /// Runs `sync` in a task, cancels it once `cancelWhen` returns, and checks that it ends with an `ODataError`
    /// `.cancelled` within `prompt`.
    private func assertCancelled(
        _ name: String, cancelWhen: () async -> Void, call sync: @escaping @Sendable () async throws -> Void,
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        let task = Task { () async -> (any Error)? in
            do {
                try await sync()
                return nil
            } catch {
                return error
            }
        }
        await cancelWhen()
        task.cancel()
        guard let outcome = await BoundedWait.value(of: task, within: Self.prompt) else {
            return XCTFail("\(name): the cancelled sync did not end within \(Self.prompt) s", file: file, line: line)
        }
        guard let error = outcome as? ODataError else {
            return XCTFail("\(name): \(String(describing: outcome)) instead of an ODataError", file: file, line: line)
        }
        XCTAssertEqual(error.kind, .cancelled, "\(name): \(error)", file: file, line: line)
    }

    func testACancelledDownloadAppliesNothing() async throws {
        for (name, transport) in Self.transports {
            // cancelled by its own progress report, before its first request
            let provider = try await offline(transport())
            provider.setProgressHandler { event in
                if case .downloading = event { withUnsafeCurrentTask { $0?.cancel() } }
            }
            await assertCancelled("\(name), before sending", cancelWhen: {}, call: { try await provider.download() })
            provider.setProgressHandler(nil)
            let local = ESPMContainer(provider: provider)
            let none = try await local.fetchCustomers()
            XCTAssertEqual(none.count, 0, "\(name): a cancelled download applies nothing")

            // cancelled while the server holds its page back
            try await DeltaServer.control(root, "fault", json: #"{"method": "GET", "action": "hold"}"#)
            let started = OneShotSignal()
            provider.setProgressHandler { event in
                if case .downloading = event { started.fulfil() }
            }
            await assertCancelled(
                "\(name), in flight", cancelWhen: { await self.settle(after: started, name) },
                call: {
                    try await provider.download()
                })
            provider.setProgressHandler(nil)
            try await DeltaServer.control(root, "release")
            let stillNone = try await local.fetchCustomers()
            XCTAssertEqual(stillNone.count, 0, "\(name): a download cancelled in flight applies nothing")

            try await DeltaServer.control(root, "reset")
            try await provider.download()
            let all = try await local.fetchCustomers()
            XCTAssertEqual(all.count, 12, "\(name): the next download reads everything")
        }
    }

    func testACancelledUploadKeepsItsRequests() async throws {
        let customers = ESPMContainerMetadata.EntitySets.customers
        for (name, transport) in Self.transports {
            let provider = try await offline(transport())
            try await provider.download()
            _ = try await provider.send(
                .createEntity(OfflineFixtures.customer(nil, first: "Cancelled", last: "Upload").entityValue, in: customers))

            // cancelled by its own progress report, before its request
            provider.setProgressHandler { event in
                if case .uploading = event { withUnsafeCurrentTask { $0?.cancel() } }
            }
            await assertCancelled("\(name), before sending", cancelWhen: {}, call: { _ = try await provider.upload() })
            provider.setProgressHandler(nil)
            let queued = try await provider.hasPendingUpload()
            XCTAssertTrue(queued, "\(name): the request stays queued")
            let nothing = try await DeltaServer.log(root)
            XCTAssertEqual(nothing, [], "\(name): nothing reached the server")

            // cancelled while the server holds the answer to the applied write back
            try await DeltaServer.control(root, "fault", json: #"{"method": "POST", "action": "hold"}"#)
            let started = OneShotSignal()
            provider.setProgressHandler { event in
                if case .uploading = event { started.fulfil() }
            }
            await assertCancelled(
                "\(name), in flight", cancelWhen: { await self.settle(after: started, name) },
                call: {
                    _ = try await provider.upload()
                })
            provider.setProgressHandler(nil)
            try await DeltaServer.control(root, "release")
            let stillQueued = try await provider.hasPendingUpload()
            XCTAssertTrue(stillQueued, "\(name): a request without an answer stays queued")

            let result = try await provider.upload()
            XCTAssertEqual(result.failed, 0, "\(name)")
            let pending = try await provider.hasPendingUpload()
            XCTAssertFalse(pending, "\(name): the next upload settles it")
            let applied = try await DeltaServer.log(root).filter { $0.hasPrefix("POST") }
            XCTAssertEqual(applied.count, 1, "\(name): the create was applied once: \(applied)")
            try await DeltaServer.control(root, "reset")
        }
    }

    /// Waits for `signal`, then a moment, so that the request it announces is on its way.
    private func settle(after signal: OneShotSignal, _ name: String) async {
        let given = await signal.wait(within: 10)
        XCTAssertTrue(given, "\(name): no signal")
        try? await Task.sleep(nanoseconds: 300_000_000)
    }
}
