import Foundation
import OData
import XCTest

/// The dynamic API (model from the server's `$metadata`, entities by property name) over mock-sap:
/// reads, an ETag-checked update through CSRF, and a typed 412 for the stale copy.
final class MockSAPDynamicTests: XCTestCase {
    func testDynamicReadUpdateAndStaleCopy() async throws {
        try await TestServers.resetMockSAP()
        let provider = TestServers.provider(serviceName: "GWSAMPLE_BASIC", serviceRoot: try TestServers.gwsample())
        let model = try await provider.loadDataModel()
        let partners = try model.entitySet("BusinessPartnerSet")
        let page = try await provider.send(
            .fetchEntities(
                DataQuery().from(partners).filter(.property("CompanyName").equal(.literal(.string("SAP")))).top(2),
                options: .init()), headers: [:])
        let original = try XCTUnwrap(page.entities.first)
        XCTAssertEqual(original["BusinessPartnerID"], .string("0100000000"))
        XCTAssertNotNil(original.metadata.etag)

        var changed = original
        try changed.set("CompanyName", to: .string("SAP Dynamic"))
        let updated = try await provider.send(.updateEntity(changed))
        XCTAssertNotEqual(updated.metadata.etag, original.metadata.etag)
        let reread = try await provider.send(
            .fetchEntity(
                DataQuery().from(partners).withKey(original.key), options: .init()), headers: [:])
        XCTAssertEqual(reread["CompanyName"], .string("SAP Dynamic"))

        var stale = original
        try stale.set("CompanyName", to: .string("Lost update"))
        do {
            _ = try await provider.send(.updateEntity(stale))
            XCTFail("the stale copy must be refused")
        } catch {
            XCTAssertEqual(error.kind, .preconditionFailed)
            XCTAssertFalse(error.serviceError?.details.isEmpty ?? true)
        }
        let count = try await provider.send(.fetchCount(DataQuery().from(partners)))
        XCTAssertGreaterThan(count, 1)
    }
}
