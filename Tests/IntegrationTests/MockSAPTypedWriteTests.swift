import Foundation
import GWSampleBasic
import OData
import XCTest

/// Typed writes on mock-sap through the generated `GWSampleBasicService`: CSRF-protected create,
/// update and delete, a typed `$batch` changeset, stale ETags (412), the 428 of the strict instance,
/// SAP's error envelope and mock-sap's fault scenarios surfacing from typed calls.
final class MockSAPTypedWriteTests: XCTestCase {
    private var service: GWSampleBasicService<OnlineODataProvider>!

    override func setUp() async throws {
        try await TestServers.resetMockSAP()
        service = GWSampleBasicService(
            provider: TestServers.provider(serviceName: "GWSAMPLE_BASIC", serviceRoot: try TestServers.gwsample()))
    }

    private func newPartner(_ id: String?, name: String) -> BusinessPartner {
        var partner = BusinessPartner()
        partner.businessPartnerID = id
        partner.companyName = name
        partner.businessPartnerRole = "01"
        partner.currencyCode = "EUR"
        partner.emailAddress = "typed@example.com"
        return partner
    }

    func testTypedCreateUpdateDeleteThroughCSRF() async throws {
        let created = try await service.createEntity(
            newPartner("0100009000", name: "Typed GmbH"), in: GWSampleBasicServiceMetadata.EntitySets.businessPartnerSet)
        XCTAssertEqual(created.businessPartnerID, "0100009000")
        XCTAssertNotNil(created.entityValue.metadata.etag, "the server's ETag replaces the local state")
        XCTAssertNotNil(created.createdAt, "server-set property returned")
        XCTAssertFalse(created.entityValue.hasChanges)

        var changed = created
        changed.companyName = "Typed AG"
        let updated = try await service.updateEntity(changed)
        XCTAssertNotEqual(updated.entityValue.metadata.etag, created.entityValue.metadata.etag)
        let reread = try await service.fetchBusinessPartnerWithKey(businessPartnerID: "0100009000")
        XCTAssertEqual(reread.companyName, "Typed AG")
        XCTAssertEqual(reread.emailAddress, "typed@example.com", "MERGE kept the other properties")

        // the stale copy (first ETag) is refused with a typed concurrency error and SAP details
        var stale = created
        stale.companyName = "Lost update"
        do {
            _ = try await service.updateEntity(stale)
            XCTFail("expected 412 for the stale ETag")
        } catch {
            XCTAssertEqual(error.kind, .preconditionFailed)
            XCTAssertEqual(error.statusCode, 412)
            XCTAssertEqual(error.serviceError?.details.first?.severity, "error")
        }
        do {
            try await service.deleteEntity(stale)
            XCTFail("a delete with a stale ETag must fail")
        } catch {
            XCTAssertEqual(error.kind, .preconditionFailed)
        }

        try await service.deleteEntity(reread)
        do {
            _ = try await service.fetchBusinessPartnerWithKey(businessPartnerID: "0100009000")
            XCTFail("the deleted partner must be gone")
        } catch {
            XCTAssertEqual(error.statusCode, 404)
            XCTAssertEqual(error.serviceError?.code, "/IWBEP/CX_MGW_RESOURCE_NOT_FOUND")
        }
    }

    func testSAPErrorEnvelopeFromATypedCreate() async throws {
        do {
            _ = try await service.createEntity(
                newPartner(nil, name: "No key"), in: GWSampleBasicServiceMetadata.EntitySets.businessPartnerSet)
            XCTFail("a partner without its key must be refused")
        } catch {
            XCTAssertEqual(error.statusCode, 400)
            XCTAssertEqual(error.serviceError?.code, "/IWBEP/CX_MGW_BUSI_EXCEPTION")
            let detail = try XCTUnwrap(error.serviceError?.details.first)
            XCTAssertEqual(detail.severity, "error")
            XCTAssertEqual(detail.target, "BusinessPartnerID")
            XCTAssertEqual(detail.message, "Key property 'BusinessPartnerID' is missing in the payload")
        }
    }

    func testTypedChangesetInABatch() async throws {
        let partners = try await service.fetchBusinessPartnerSet(
            matching: DataQuery().orderBy(BusinessPartner.businessPartnerID).top(2))
        XCTAssertEqual(partners.count, 2)
        let set = GWSampleBasicServiceMetadata.EntitySets.businessPartnerSet
        let changes = ChangeSet()
        changes.createEntity(newPartner("0100009001", name: "Batched New"), in: set)
        for var partner in partners {
            partner.companyName = "Batched \(partner.businessPartnerID ?? "")"
            try changes.updateEntity(partner, in: set)
        }
        let batch = RequestBatch()
        let query = DataQuery().from(set).filter(BusinessPartner.businessPartnerRole == "02").orderBy(BusinessPartner.businessPartnerID)
        let read = batch.addQuery(query)
        batch.addChanges(changes)
        try await service.processBatch(batch)

        XCTAssertTrue(changes.isSuccess, "\(String(describing: changes.error))")
        XCTAssertEqual(changes.responses.map(\.statusCode), [201, 204, 204])
        guard case .success(let part)? = batch.queryResult(at: read) else { return XCTFail("the read should succeed") }
        let roles = try service.entities(BusinessPartner.self, from: part, for: query, in: batch)
        XCTAssertEqual(roles.map(\.businessPartnerID), ["0100000000", "0100000003", "0100000006"])

        let created = try await service.fetchBusinessPartnerWithKey(businessPartnerID: "0100009001")
        XCTAssertEqual(created.companyName, "Batched New")
        let names = try await service.fetchBusinessPartnerSet(matching: DataQuery().orderBy(BusinessPartner.businessPartnerID).top(2))
            .map(\.companyName)
        XCTAssertEqual(names, ["Batched 0100000000", "Batched 0100000001"])

        // the same loaded (now stale) partners again: the whole changeset fails and creates nothing
        let stale = ChangeSet()
        stale.createEntity(newPartner("0100009002", name: "Never"), in: set)
        for var partner in partners {
            partner.companyName = "Stale"
            try stale.updateEntity(partner, in: set)
        }
        let second = RequestBatch()
        second.addChanges(stale)
        try await service.processBatch(second)
        XCTAssertEqual(stale.error?.kind, .preconditionFailed)
        let count = try await service.count(matching: DataQuery().from(set))
        XCTAssertEqual(count, 9, "8 seeded + the one batched create; the failed changeset rolled back")
    }

    func testPreconditionRequiredOnTheStrictInstance() async throws {
        let strict = GWSampleBasicService(
            provider: TestServers.provider(serviceName: "GWSAMPLE_BASIC", serviceRoot: try TestServers.gwsampleStrict()))
        let partner = try await strict.fetchBusinessPartnerWithKey(businessPartnerID: "0100000004")
        var withoutETag = partner
        withoutETag.entityValue.metadata.etag = nil
        withoutETag.phoneNumber = "+49 000"
        do {
            _ = try await strict.updateEntity(withoutETag)
            XCTFail("expected 428 without If-Match")
        } catch {
            XCTAssertEqual(error.kind, .preconditionRequired)
            XCTAssertEqual(error.statusCode, 428)
            XCTAssertNotNil(error.serviceError?.message)
        }
        var changed = partner
        changed.phoneNumber = "+49 111"
        let updated = try await strict.updateEntity(changed)
        XCTAssertEqual(updated.phoneNumber, "+49 111")
        let reread = try await strict.fetchBusinessPartnerWithKey(businessPartnerID: "0100000004")
        XCTAssertEqual(reread.phoneNumber, "+49 111")
    }

    func testFaultScenariosThroughTypedCalls() async throws {
        let service = GWSampleBasicService(
            provider: TestServers.provider(
                serviceName: "GWSAMPLE_BASIC", serviceRoot: try TestServers.gwsample(), options: .init(retryPolicy: .none)))
        let expected: [(String, Int, ODataError.Kind)] = [
            ("auth", 401, .httpStatus), ("expired-token", 401, .httpStatus), ("forbidden", 403, .httpStatus),
            ("lock", 423, .httpStatus), ("precondition", 412, .preconditionFailed), ("notfound", 404, .httpStatus),
            ("error", 500, .httpStatus), ("csrf", 403, .httpStatus), ("busy", 503, .httpStatus),
        ]
        for (scenario, status, kind) in expected {
            do {
                _ = try await service.fetchBusinessPartnerSet(matching: DataQuery().top(1), headers: ["sap-mock-scenario": scenario])
                XCTFail("\(scenario) should fail")
            } catch {
                XCTAssertEqual(error.statusCode, status, scenario)
                XCTAssertEqual(error.kind, kind, scenario)
            }
        }
        var request = DataQuery().top(1)
        request = request.filter(BusinessPartner.companyName == "SAP")
        let slow = Task { try await service.fetchBusinessPartnerSet(matching: request, headers: ["sap-mock-scenario": "slow"]) }
        try await Task.sleep(nanoseconds: 200_000_000)
        slow.cancel()
        do {
            _ = try await slow.value
            XCTFail("expected cancellation")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .cancelled)
        }

        let impatient = GWSampleBasicService(
            provider: TestServers.provider(
                serviceName: "GWSAMPLE_BASIC", serviceRoot: try TestServers.gwsample(),
                options: .init(retryPolicy: .none, transportConfiguration: .init(requestTimeout: 0.5))))
        let start = Date()
        do {
            _ = try await impatient.fetchBusinessPartnerSet(matching: DataQuery().top(1), headers: ["sap-mock-scenario": "timeout"])
            XCTFail("expected a timeout")
        } catch {
            XCTAssertEqual(error.kind, .timeout)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }
}
