import Foundation
import OData

/// Completion-handler forms of the offline store's operations, through the SDK's one completion adapter and its one
/// rule: the handler gets `(result, nil)` or `(nil, error)` on the main actor (as SAP calls its handlers on the main
/// queue); each returns its task, which can be cancelled.
extension OfflineODataProvider {
    @discardableResult
    private func complete<T: Sendable>(
        _ handler: @escaping @MainActor (T?, (any Error)?) -> Void, _ body: @escaping @Sendable () async throws -> T
    ) -> Task<Void, Never> {
        CompletionBridge.run(handler, body)
    }

    @discardableResult
    private func completeVoid(
        _ handler: @escaping @MainActor ((any Error)?) -> Void, _ body: @escaping @Sendable () async throws -> Void
    ) -> Task<Void, Never> {
        CompletionBridge.runVoid(handler, body)
    }

    /// Completion-handler form of `open()`.
    @discardableResult
    public func open(completionHandler: @escaping @MainActor ((any Error)?) -> Void) -> Task<Void, Never> {
        completeVoid(completionHandler) { try await self.open() }
    }

    /// Completion-handler form of `download()`.
    @discardableResult
    public func download(completionHandler: @escaping @MainActor ((any Error)?) -> Void) -> Task<Void, Never> {
        completeVoid(completionHandler) { try await self.download() }
    }

    /// Completion-handler form of `upload()`.
    @discardableResult
    public func upload(
        completionHandler: @escaping @MainActor (OfflineODataUploadResult?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.upload() }
    }

    /// Completion-handler form of `close()`.
    @discardableResult
    public func close(completionHandler: @escaping @MainActor ((any Error)?) -> Void) -> Task<Void, Never> {
        completeVoid(completionHandler) { try await self.close() }
    }

    /// Completion-handler form of `hasPendingUpload()`.
    @discardableResult
    public func hasPendingUpload(completionHandler: @escaping @MainActor (Bool?, (any Error)?) -> Void) -> Task<Void, Never> {
        complete(completionHandler) { try await self.hasPendingUpload() }
    }

    /// Completion-handler form of `errorArchive()`.
    @discardableResult
    public func errorArchive(
        completionHandler: @escaping @MainActor ([OfflineODataErrorArchiveEntry]?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.errorArchive() }
    }

    /// Completion-handler form of `deleteErrorArchiveEntry(_:)`.
    @discardableResult
    public func deleteErrorArchiveEntry(
        _ entry: OfflineODataErrorArchiveEntry, completionHandler: @escaping @MainActor ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        completeVoid(completionHandler) { try await self.deleteErrorArchiveEntry(entry) }
    }
}
