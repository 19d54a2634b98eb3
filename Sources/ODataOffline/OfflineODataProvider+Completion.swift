import Foundation
import OData

/// Completion-handler forms of the offline store's operations: the handler gets `(result, nil)` or
/// `(nil, error)` on a global queue; each returns its task, which can be cancelled.
extension OfflineODataProvider {
    private func complete<T: Sendable>(
        _ handler: @escaping @Sendable (T?, (any Error)?) -> Void, _ body: @escaping @Sendable () async throws -> T
    ) -> Task<Void, Never> {
        Task {
            do {
                let value = try await body()
                DispatchQueue.global().async { handler(value, nil) }
            } catch {
                DispatchQueue.global().async { handler(nil, error) }
            }
        }
    }

    private func completeVoid(
        _ handler: @escaping @Sendable ((any Error)?) -> Void, _ body: @escaping @Sendable () async throws -> Void
    ) -> Task<Void, Never> {
        let wrapped: @Sendable (Bool?, (any Error)?) -> Void = { _, error in handler(error) }
        return complete(wrapped) {
            try await body()
            return true
        }
    }

    /// Completion-handler form of `open()`.
    @discardableResult
    public func open(completionHandler: @escaping @Sendable ((any Error)?) -> Void) -> Task<Void, Never> {
        completeVoid(completionHandler) { try await self.open() }
    }

    /// Completion-handler form of `download()`.
    @discardableResult
    public func download(completionHandler: @escaping @Sendable ((any Error)?) -> Void) -> Task<Void, Never> {
        completeVoid(completionHandler) { try await self.download() }
    }

    /// Completion-handler form of `upload()`.
    @discardableResult
    public func upload(
        completionHandler: @escaping @Sendable (OfflineODataUploadResult?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.upload() }
    }

    /// Completion-handler form of `close()`.
    @discardableResult
    public func close(completionHandler: @escaping @Sendable ((any Error)?) -> Void) -> Task<Void, Never> {
        completeVoid(completionHandler) { try await self.close() }
    }

    /// Completion-handler form of `hasPendingUpload()`.
    @discardableResult
    public func hasPendingUpload(completionHandler: @escaping @Sendable (Bool?, (any Error)?) -> Void) -> Task<Void, Never> {
        complete(completionHandler) { try await self.hasPendingUpload() }
    }

    /// Completion-handler form of `errorArchive()`.
    @discardableResult
    public func errorArchive(
        completionHandler: @escaping @Sendable ([OfflineODataErrorArchiveEntry]?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.errorArchive() }
    }

    /// Completion-handler form of `deleteErrorArchiveEntry(_:)`.
    @discardableResult
    public func deleteErrorArchiveEntry(
        _ entry: OfflineODataErrorArchiveEntry, completionHandler: @escaping @Sendable ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        completeVoid(completionHandler) { try await self.deleteErrorArchiveEntry(entry) }
    }
}
