import Foundation
import OData
import XCTest

/// Entity-level `$batch` against mock-sap: a typed read decoded from its part, and a changeset of
/// updates built from loaded entities (with their ETags) applied atomically.
final class MockSAPBatchEntityTests: XCTestCase {
    func testEntityChangesetAndDecodedRead() async throws {
        try await TestServers.resetMockSAP()
        let provider = TestServers.provider(serviceName: "GWSAMPLE_BASIC", serviceRoot: try TestServers.gwsample())
        let model = try await provider.loadDataModel()
        let partners = try model.entitySet("BusinessPartnerSet")
        let loaded = try await provider.send(.fetchEntities(DataQuery().from(partners).top(2), options: .init()), headers: [:]).entities
        XCTAssertEqual(loaded.count, 2)

        let batch = RequestBatch()
        let id = try XCTUnwrap(partners.entityType.property(named: "BusinessPartnerID"))
        let readQuery = DataQuery().from(partners).select(id).top(3)
        let read = batch.addQuery(readQuery)
        let changes = ChangeSet()
        for (index, entity) in loaded.enumerated() {
            var changed = entity
            try changed.set("CompanyName", to: .string("Batch \(index)"))
            try changes.updateEntity(changed, in: partners)
        }
        batch.addChanges(changes)
        try await provider.send(.processBatch(batch))

        guard case .success(let part)? = batch.queryResult(at: read) else { return XCTFail("the read should succeed") }
        let list = try batch.entities(from: part, for: readQuery)
        XCTAssertEqual(list.entities.count, 3)
        XCTAssertTrue(changes.isSuccess, "\(String(describing: changes.error))")
        let names = try await provider.send(.fetchEntities(DataQuery().from(partners).top(2), options: .init()), headers: [:])
            .entities.map { $0["CompanyName"] }
        XCTAssertEqual(names, [.string("Batch 0"), .string("Batch 1")])

        // the same (now stale) ETags again: the changeset fails as a whole and changes nothing
        let stale = ChangeSet()
        for entity in loaded {
            var changed = entity
            try changed.set("CompanyName", to: .string("Stale"))
            try stale.updateEntity(changed, in: partners)
        }
        let second = RequestBatch()
        second.addChanges(stale)
        try await provider.send(.processBatch(second))
        XCTAssertFalse(stale.isSuccess)
        XCTAssertEqual(stale.error?.kind, .preconditionFailed)
        let after = try await provider.send(.fetchEntities(DataQuery().from(partners).top(2), options: .init()), headers: [:])
            .entities.map { $0["CompanyName"] }
        XCTAssertEqual(after, names)
    }
}
