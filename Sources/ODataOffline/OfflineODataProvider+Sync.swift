import Foundation
import OData

extension OfflineODataProvider {
    /// Sets (or clears) the handler that gets progress events of open, download and upload (as SAP's
    /// `OfflineODataProviderDelegate`); it is called on the task that runs the operation.
    public func setProgressHandler(_ handler: (@Sendable (OfflineODataProgress) -> Void)?) {
        state.withLock { $0.progressHandler = handler }
    }

    func report(_ event: OfflineODataProgress) {
        state.withLock { $0.progressHandler }?(event)
    }

    /// Downloads every defining query and applies the results atomically: delta links where the service gave
    /// them, else a full read whose key diff removes what the server no longer has. Local changes not yet
    /// uploaded are kept.
    public func download() async throws(ODataError) {
        try await syncing("download") { store, online in
            let downloader = Downloader(
                store: store, online: online, headers: syncHeaders, pageSize: parameters.downloadPageSize,
                progress: { self.report($0) })
            _ = try await downloader.run()
            report(.finished)
        }
    }

    /// Sends the queued local changes in order (`$batch` changesets when the service takes them). Requests the
    /// service refuses go to the error archive, with the later requests of their entity; the result counts them.
    /// Throws only when the service cannot be reached (what was not sent stays queued).
    @discardableResult
    public func upload() async throws(ODataError) -> OfflineODataUploadResult {
        try await syncing("upload") { store, online in
            var uploader = Uploader(
                store: store, online: online, headers: syncHeaders, usesBatch: parameters.usesBatch, progress: { self.report($0) })
            return try await uploader.run()
        }
    }

    /// The requests the service refused in earlier uploads, oldest first.
    public func errorArchive() async throws(ODataError) -> [OfflineODataErrorArchiveEntry] {
        try ODataError.converting { try openStore().archiveEntries() }
    }

    /// Deletes an error archive entry and reverts the local change it was about (to the server's version for a
    /// 412, else to the state before the change).
    public func deleteErrorArchiveEntry(_ entry: OfflineODataErrorArchiveEntry) async throws(ODataError) {
        try ODataError.converting { try openStore().deleteArchiveEntry(id: entry.id) }
    }

    /// Drops the pending changes of one entity (its queued requests; a local entity disappears).
    public func undoPendingChanges(for entity: EntityValue, entitySet: EntitySetDescriptor? = nil) async throws(ODataError) {
        try ODataError.converting {
            let store = try openStore()
            let (set, key) = try store.locate(entity, set: entitySet)
            try store.undo(set: set, key: key)
        }
    }

    /// Drops every pending change.
    public func undoAllPendingChanges() async throws(ODataError) {
        try ODataError.converting { try openStore().undoAll() }
    }
}
