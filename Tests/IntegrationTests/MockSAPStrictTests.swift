import Foundation
import OData
import XCTest

/// mock-sap with `--require-if-match`: a write without `If-Match` is a typed 428; the provider's own
/// writes carry the entity's ETag and pass. Also `sap-client` as a provider option.
final class MockSAPStrictTests: XCTestCase {
    func testPreconditionRequiredAndAutomaticIfMatch() async throws {
        let root = try TestServers.gwsampleStrict()
        let provider = TestServers.provider(serviceName: "GWSAMPLE_BASIC", serviceRoot: root, options: .init(sapClient: "100"))
        let model = try await provider.loadDataModel()
        let partners = try model.entitySet("BusinessPartnerSet")
        let page = try await provider.send(.fetchEntities(DataQuery().from(partners).top(1), options: .init()), headers: [:])
        let entity = try XCTUnwrap(page.entities.first)

        var withoutETag = entity
        withoutETag.metadata.etag = nil
        try withoutETag.set("CompanyName", to: .string("No precondition"))
        do {
            _ = try await provider.send(.updateEntity(withoutETag))
            XCTFail("expected 428")
        } catch {
            XCTAssertEqual(error.kind, .preconditionRequired)
            XCTAssertEqual(error.statusCode, 428)
        }

        var changed = entity
        try changed.set("CompanyName", to: .string("With ETag"))
        let updated = try await provider.send(.updateEntity(changed))
        XCTAssertNotEqual(updated.metadata.etag, entity.metadata.etag)
    }
}
