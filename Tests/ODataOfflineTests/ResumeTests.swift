import ESPM
import Foundation
import OData
import ODataOffline
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An upload cut off after the server applied a request, then resumed: nothing is applied twice.
final class ResumeTests: XCTestCase {
    func testInterruptedUploadResumesWithoutApplyingTwice() async throws {
        let transport = ScriptedTransport { request in
            if let metadata = try ScriptedTransport.metadata(for: request) { return metadata }
            return ScriptedTransport.json(ScriptedESPM.feed([ScriptedESPM.customer("C1")]), for: request)
        }
        let provider = try await ScriptedESPM.provider(transport, queries: [OfflineODataDefiningQuery(name: "c", query: "Customers")])
        try await provider.download()
        let service = ESPMContainer(provider: provider)
        _ = try await provider.send(
            .createEntity(
                OfflineFixtures.customer("C8", first: "Once", last: "Only").entityValue, in: ESPMContainerMetadata.EntitySets.customers))
        var first = try await service.fetchCustomerWithKey(customerID: "C1")
        first.city = "Once"
        _ = try await provider.send(.updateEntity(first.entityValue))
        let second = try await service.fetchCustomerWithKey(customerID: "C1")
        try await provider.send(.deleteEntity(second.entityValue), headers: [OfflineODataProvider.doNotCombineHeader: "true"])

        // The server applies every request, but the first two answers are lost on the way back.
        let applied = Mutex<[String]>([])
        let lost = Mutex(2)
        transport.answer { request in
            let line = "\(request.method) \(ScriptedESPM.relative(request))"
            if line == "GET Customers('C8')" {
                let exists = applied.withLock { $0.contains("POST Customers") }
                return exists
                    ? ScriptedTransport.json("{\"d\":\(ScriptedESPM.customer("C8", city: "Berlin", first: "Once", etag: 3))}", for: request)
                    : ScriptedTransport.json("{}", status: 404, for: request)
            }
            if line == "GET Customers('C1')" {
                let merged = applied.withLock { $0.contains("MERGE Customers('C1')") }
                return ScriptedTransport.json(
                    "{\"d\":\(ScriptedESPM.customer("C1", city: merged ? "Once" : "London", etag: merged ? 2 : 1))}", for: request)
            }
            if line == "DELETE Customers('C1')", applied.withLock({ $0.contains(line) }) {
                return ScriptedTransport.json("{}", status: 404, for: request)
            }
            applied.withLock { $0.append(line) }
            if lost.withLock({ count in
                count -= 1
                return count >= 0
            }) {
                throw ODataError(.transport, "connection reset after the request was sent")
            }
            if request.method == "POST" {
                return ScriptedTransport.json("{\"d\":\(ScriptedESPM.customer("C8", first: "Once"))}", status: 201, for: request)
            }
            return HTTPResponse(statusCode: 204, url: request.url)
        }
        for _ in 0..<2 {
            do {
                try await provider.upload()
                XCTFail("the lost answer did not stop the upload")
            } catch {
                XCTAssertEqual(error.kind, .transport)
            }
        }
        let result = try await provider.upload()
        XCTAssertEqual(result.failed, 0)
        XCTAssertEqual(
            applied.withLock { $0 }, ["POST Customers", "MERGE Customers('C1')", "DELETE Customers('C1')"],
            "each request reached the server once")
        let merges = transport.dataRequests.filter { $0.method == "MERGE" }
        XCTAssertEqual(merges.count, 1, "the MERGE the server applied is not sent again")
        let pending = try await provider.hasPendingUpload()
        XCTAssertFalse(pending)
        let remaining = try await service.fetchCustomers()
        XCTAssertEqual(remaining.map(\.customerID), ["C8"])
    }

    func testCreateThatNeverReachedTheServiceIsSentWithoutALookup() async throws {
        let transport = ScriptedTransport { request in
            if let metadata = try ScriptedTransport.metadata(for: request) { return metadata }
            return ScriptedTransport.json(ScriptedESPM.feed([ScriptedESPM.customer("C1")]), for: request)
        }
        let provider = try await ScriptedESPM.provider(
            transport, queries: [OfflineODataDefiningQuery(name: "c", query: "Customers")], repeatable: .oasis)
        try await provider.download()
        _ = try await provider.send(
            .createEntity(
                OfflineFixtures.customer(nil, first: "Never", last: "Sent").entityValue, in: ESPMContainerMetadata.EntitySets.customers))
        transport.answer { _ in throw ODataError(.transport, "connection refused", underlyingError: URLError(.cannotConnectToHost)) }
        do {
            try await provider.upload()
            XCTFail("the unreachable service did not stop the upload")
        } catch {
            XCTAssertEqual(error.kind, .transport)
        }
        let before = transport.dataRequests.count
        transport.answer { request in
            ScriptedTransport.json("{\"d\":\(ScriptedESPM.customer("C9", first: "Never"))}", status: 201, for: request)
        }
        let result = try await provider.upload()
        XCTAssertEqual(result.succeeded, 1)
        let sent = transport.dataRequests.dropFirst(before).map { "\($0.method) \(ScriptedESPM.relative($0))" }
        XCTAssertEqual(sent, ["POST Customers"], "a create that never left is not looked up on the server")
        XCTAssertNotNil(
            transport.dataRequests.last?.headers["Repeatability-Request-ID"], "a create is a repeatable request (repeatableRequests .oasis)"
        )
        XCTAssertNotNil(transport.dataRequests.last?.headers["Repeatability-First-Sent"])
    }
}
