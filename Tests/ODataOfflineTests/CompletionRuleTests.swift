import Foundation
import OData
import ODataOffline
import XCTest

/// The offline store's completion-handler forms follow the SDK's one callback rule (CompletionBridge): the
/// handler runs on the main actor, as every completion handler of the SDK does.
final class CompletionRuleTests: XCTestCase {
    func testOfflineHandlersRunOnTheMainActor() async throws {
        let provider = OfflineODataProvider(metadata: try OfflineFixtures.espmMetadata())
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            provider.open { error in
                XCTAssertTrue(Thread.isMainThread, "open's handler runs on the main actor")
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
        let pending = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, any Error>) in
            provider.hasPendingUpload { pending, error in
                XCTAssertTrue(Thread.isMainThread, "hasPendingUpload's handler runs on the main actor")
                continuation.resume(with: pending.map { .success($0) } ?? .failure(error ?? ODataError(.invalidRequest, "no result")))
            }
        }
        XCTAssertFalse(pending)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            provider.close { error in
                XCTAssertTrue(Thread.isMainThread, "close's handler runs on the main actor")
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }
}
