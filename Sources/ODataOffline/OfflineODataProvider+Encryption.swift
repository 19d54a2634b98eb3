import Foundation
import OData

extension OfflineODataProvider {
    /// Re-keys the store that `parameters` name, which no provider may have open: encrypts a plain store
    /// (`parameters.storeEncryptionKey` nil, `newKey` set), changes the key of an encrypted one, or decrypts it
    /// (`newKey` nil). Open it afterwards with `storeEncryptionKey = newKey`.
    ///
    /// The store is copied through SQLCipher's `sqlcipher_export` into a new file beside it, which then replaces
    /// the store in one rename: a failure at any point leaves the store as it was. A wrong current key is
    /// `ODataError.Kind.wrongStoreEncryptionKey`; an empty `newKey` is refused (use nil for no encryption). A process
    /// killed in the middle leaves the store with its old key (the copy, if any, is removed when the store next
    /// opens) or, once the rename is done, with the new one: nothing is lost either way. `newKey` may be a raw key
    /// (`OfflineODataParameters.rawStoreEncryptionKey(_:)`). The copy is written with SQLCipher 4's settings, so
    /// this also rewrites a store of any earlier format.
    ///
    /// ```swift
    /// try OfflineODataProvider.changeStoreEncryptionKey(of: parameters, to: newKey)
    /// parameters.storeEncryptionKey = newKey
    /// ```
    public static func changeStoreEncryptionKey(of parameters: OfflineODataParameters, to newKey: String?) throws {
        guard let file = try parameters.storeFile() else {
            throw ODataError(.invalidRequest, "offline store \(parameters.storeName) is in memory: there is no file to re-key")
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ODataError(.invalidRequest, "offline store \(file.path) does not exist: there is nothing to re-key")
        }
        if let newKey {
            do {
                try StoreKey.validate(newKey, what: "the new encryption key")
            } catch {
                throw ODataError(.invalidRequest, "offline store \(file.path): \(error.message)")
            }
        }
        let target = rekeyCopy(of: file)
        let db = try SQLiteDatabase(path: file.path, key: parameters.storeEncryptionKey)
        do {
            try db.export(to: target, key: newKey)
        } catch {
            db.close()
            throw error
        }
        db.close()
        RekeyProgress.reached(.copied)
        // The old file's write-ahead log is checkpointed into it on close; what is left of it belongs to the old file.
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        guard rename(target, file.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: target)
            throw ODataError(.invalidRequest, "offline store \(file.path): the re-keyed copy cannot replace it: \(reason)")
        }
        RekeyProgress.reached(.replaced)
    }

    /// The file a re-key writes before it replaces the store.
    static func rekeyCopy(of file: URL) -> String { file.path + ".rekey" }

    /// Removes what a re-key killed before its rename left beside the store (the copy may be unencrypted).
    static func removeRekeyCopy(of file: URL) {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: rekeyCopy(of: file) + suffix) }
    }
}
