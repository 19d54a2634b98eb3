import ESPM
import Foundation
import OData
import ODataOffline
import XCTest

/// The request queue and upload against a scripted service: combining, local keys replaced by the server's,
/// If-Match, the error archive with 412 and held-back requests, undo.
final class UploadTests: XCTestCase {
    private func downloaded() async throws -> (ScriptedTransport, OfflineODataProvider, ESPMContainer<OfflineODataProvider>) {
        let transport = ScriptedTransport { request in
            if let metadata = try ScriptedTransport.metadata(for: request) { return metadata }
            return ScriptedTransport.json(
                ScriptedESPM.feed([ScriptedESPM.customer("C1"), ScriptedESPM.customer("C2", city: "Bletchley")]), for: request)
        }
        let provider = try await ScriptedESPM.provider(transport, queries: [OfflineODataDefiningQuery(name: "c", query: "Customers")])
        try await provider.download()
        return (transport, provider, ESPMContainer(provider: provider))
    }

    func testCombinedQueueUploadsInOrderWithServerKeys() async throws {
        let (transport, provider, service) = try await downloaded()
        let customers = ESPMContainerMetadata.EntitySets.customers
        var local = Customer(
            entityValue: try await provider.send(
                .createEntity(
                    OfflineFixtures.customer(nil, first: "Local", last: "One").entityValue, in: customers)))
        let localID = try XCTUnwrap(local.customerID)
        XCTAssertTrue(localID.hasPrefix("LOCAL-"))
        XCTAssertTrue(try provider.isLocal(local.entityValue))
        local.city = "Leeds"
        local = Customer(entityValue: try await provider.send(.updateEntity(local.entityValue)))
        _ = try await provider.send(
            .createRelatedEntity(
                OfflineFixtures.salesOrder("S9", customer: localID, amount: 5).entityValue, in: local.entityValue,
                property: Customer.salesOrders.descriptor))
        var first = try await service.fetchCustomerWithKey(customerID: "C1")
        first.city = "Cambridge"
        first = Customer(entityValue: try await provider.send(.updateEntity(first.entityValue)))
        first.firstName = "Alan M."
        _ = try await provider.send(.updateEntity(first.entityValue))
        let doomed = try await provider.send(
            .createEntity(OfflineFixtures.customer("C7", first: "Gone", last: "Soon").entityValue, in: customers))
        try await provider.send(.deleteEntity(doomed))
        let pendingBefore = try await provider.hasPendingUpload()
        XCTAssertTrue(pendingBefore)
        let localRead = try await service.fetchCustomers(matching: DataQuery().localEntitiesOnly())
        XCTAssertEqual(localRead.map(\.city), ["Leeds"])

        transport.answer { request in
            switch (request.method, ScriptedESPM.relative(request)) {
            case ("POST", "Customers"):
                return ScriptedTransport.json(
                    "{\"d\":\(ScriptedESPM.customer("C9", city: "Leeds", first: "Local", etag: 1))}", status: 201, for: request)
            case ("POST", "Customers('C9')/SalesOrders"):
                return ScriptedTransport.json("{\"d\":\(ScriptedESPM.order("S9", customer: "C9"))}", status: 201, for: request)
            case ("MERGE", "Customers('C1')"):
                return HTTPResponse(statusCode: 204, headers: ["ETag": "W/\"2\""], url: request.url)
            default:
                return ScriptedTransport.json(
                    "{\"error\":{\"code\":\"X\",\"message\":{\"value\":\"unexpected\"}}}", status: 400, for: request)
            }
        }
        let before = transport.dataRequests.count
        let result = try await provider.upload()
        XCTAssertEqual(result, OfflineODataUploadResult(succeeded: 3, failed: 0, notSent: 0))
        let sent = transport.dataRequests.dropFirst(before)
        XCTAssertEqual(
            sent.map { "\($0.method) \(ScriptedESPM.relative($0))" },
            ["POST Customers", "POST Customers('C9')/SalesOrders", "MERGE Customers('C1')"])
        let post = ScriptedESPM.body(sent.first!)
        XCTAssertNil(post["CustomerId"], "the local key is not sent")
        XCTAssertEqual(post["City"] as? String, "Leeds", "create + update went out as one POST")
        let merge = sent.last!
        XCTAssertEqual(merge.headers["If-Match"], "W/\"1\"")
        XCTAssertEqual(Set(ScriptedESPM.body(merge).keys), ["City", "FirstName"], "update + update went out as one MERGE")

        let pendingAfter = try await provider.hasPendingUpload()
        XCTAssertFalse(pendingAfter)
        let uploaded = try await service.fetchCustomerWithKey(customerID: "C9", query: DataQuery().expand(Customer.salesOrders))
        XCTAssertEqual(uploaded.salesOrders.compactMap(\.salesOrderID), ["S9"])
        XCTAssertFalse(try provider.isLocal(uploaded.entityValue))
        let merged = try await service.fetchCustomerWithKey(customerID: "C1")
        XCTAssertEqual(merged.entityValue.metadata.etag, "W/\"2\"")
    }

    func testRefusedRequestsGoToTheArchiveWithTheirDependents() async throws {
        let (transport, provider, service) = try await downloaded()
        let noCombine: HTTPHeaders = [OfflineODataProvider.doNotCombineHeader: "true"]
        var first = try await service.fetchCustomerWithKey(customerID: "C1")
        first.city = "Mine"
        first = Customer(entityValue: try await provider.send(.updateEntity(first.entityValue), headers: noCombine))
        first.firstName = "Mine too"
        _ = try await provider.send(.updateEntity(first.entityValue), headers: noCombine)
        var second = try await service.fetchCustomerWithKey(customerID: "C2")
        second.city = "Oxford"
        _ = try await provider.send(.updateEntity(second.entityValue))

        transport.answer { request in
            switch (request.method, ScriptedESPM.relative(request)) {
            case ("MERGE", "Customers('C1')"):
                return ScriptedTransport.json(
                    "{\"error\":{\"code\":\"STALE\",\"message\":{\"lang\":\"en\",\"value\":\"changed by someone else\"}}}", status: 412,
                    for: request)
            case ("GET", "Customers('C1')"):
                return ScriptedTransport.json("{\"d\":\(ScriptedESPM.customer("C1", city: "Theirs", etag: 5))}", for: request)
            case ("MERGE", "Customers('C2')"):
                return HTTPResponse(statusCode: 204, url: request.url)
            default:
                return ScriptedTransport.json("{}", status: 500, for: request)
            }
        }
        let result = try await provider.upload()
        XCTAssertEqual(result, OfflineODataUploadResult(succeeded: 1, failed: 1, notSent: 1))
        let archive = try await provider.errorArchive()
        XCTAssertEqual(archive.count, 2)
        XCTAssertEqual(archive[0].httpStatusCode, 412)
        XCTAssertEqual(archive[0].requestMethod, "MERGE")
        XCTAssertEqual(archive[0].requestURL, "Customers('C1')")
        XCTAssertEqual(archive[0].code, "STALE")
        XCTAssertEqual(archive[0].message, "changed by someone else")
        XCTAssertEqual(archive[0].serverEntity.map { Customer(entityValue: $0).city }, "Theirs")
        XCTAssertEqual(archive[0].affectedEntity.map { Customer(entityValue: $0).city }, "Mine")
        XCTAssertNil(archive[1].httpStatusCode, "held back behind the failed request")
        XCTAssertTrue(try provider.hasPendingChanges(first.entityValue))

        for entry in archive { try await provider.deleteErrorArchiveEntry(entry) }
        let reverted = try await service.fetchCustomerWithKey(customerID: "C1")
        XCTAssertEqual(reverted.city, "Theirs", "deleting the 412 entry takes the server's version")
        XCTAssertEqual(reverted.entityValue.metadata.etag, "W/\"5\"")
        XCTAssertFalse(try provider.hasPendingChanges(reverted.entityValue))
        let emptyArchive = try await provider.errorArchive()
        XCTAssertTrue(emptyArchive.isEmpty)
    }

    func testUndoAndUnreachableService() async throws {
        let (transport, provider, service) = try await downloaded()
        var first = try await service.fetchCustomerWithKey(customerID: "C1")
        first.city = "Changed"
        _ = try await provider.send(.updateEntity(first.entityValue))
        _ = try await provider.send(
            .createEntity(
                OfflineFixtures.customer(nil, first: "Temp", last: "Orary").entityValue, in: ESPMContainerMetadata.EntitySets.customers))
        let second = try await service.fetchCustomerWithKey(customerID: "C2")
        try await provider.send(.deleteEntity(second.entityValue))

        transport.answer { _ in throw ODataError(.transport, "connection refused") }
        do {
            try await provider.upload()
            XCTFail("an upload with the service unreachable succeeded")
        } catch {
            XCTAssertEqual(error.kind, .transport)
        }
        let stillPending = try await provider.hasPendingUpload()
        XCTAssertTrue(stillPending, "nothing is lost when the service is unreachable")

        try await provider.undoPendingChanges(for: first.entityValue)
        let restored = try await service.fetchCustomerWithKey(customerID: "C1")
        XCTAssertEqual(restored.city, "London")
        try await provider.undoAllPendingChanges()
        let all = try await service.fetchCustomers()
        XCTAssertEqual(all.map(\.customerID), ["C1", "C2"], "the local customer is gone and the deleted one is back")
        let pending = try await provider.hasPendingUpload()
        XCTAssertFalse(pending)
    }

    func testDeepInsertUploadsTheParentThenItsNewChildren() async throws {
        let (transport, provider, _) = try await downloaded()
        var customer = OfflineFixtures.customer(nil, first: "Deep", last: "Insert")
        customer.salesOrders = [OfflineFixtures.salesOrder("S5", customer: "?", amount: 1)]
        _ = try await provider.send(.createEntity(customer.entityValue, in: ESPMContainerMetadata.EntitySets.customers))
        transport.answer { request in
            switch (request.method, ScriptedESPM.relative(request)) {
            case ("POST", "Customers"):
                return ScriptedTransport.json("{\"d\":\(ScriptedESPM.customer("C6", first: "Deep"))}", status: 201, for: request)
            case ("POST", "Customers('C6')/SalesOrders"):
                return ScriptedTransport.json("{\"d\":\(ScriptedESPM.order("S5", customer: "C6"))}", status: 201, for: request)
            default:
                return ScriptedTransport.json("{}", status: 400, for: request)
            }
        }
        let before = transport.dataRequests.count
        let result = try await provider.upload()
        XCTAssertEqual(result.succeeded, 2)
        let sent = transport.dataRequests.dropFirst(before).map { "\($0.method) \(ScriptedESPM.relative($0))" }
        XCTAssertEqual(sent, ["POST Customers", "POST Customers('C6')/SalesOrders"])
        XCTAssertNil(ScriptedESPM.body(transport.dataRequests[before])["SalesOrders"], "the new order is not posted twice")
    }
}
