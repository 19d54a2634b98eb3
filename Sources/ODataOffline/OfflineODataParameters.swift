import Foundation
import OData

/// Settings of an offline store: where it lives, whether it is encrypted and how it syncs.
public struct OfflineODataParameters: Sendable, CustomReflectable, CustomStringConvertible {
    /// The store's name: its file is `<storePath>/<storeName>.sqlite`.
    public var storeName: String
    /// The folder of the store file; nil for the user's application-support folder (created when missing).
    public var storePath: URL?
    /// Keep the store in memory only (for tests and the in-process service); nothing is written to disk.
    public var isInMemory: Bool
    /// When set, downloads ask for pages of this many entities (`$top`/`$skip`) where the server itself
    /// does not page; server paging (`__next`) is always followed.
    public var downloadPageSize: Int?
    /// Combine queued requests where safe (update + update, create + update, create + delete).
    public var enableRequestQueueOptimization: Bool
    /// Headers sent with every sync request (on top of the online options' default headers).
    public var customHeaders: [String: String]
    /// Upload through `$batch`: nil detects it (a service that refuses `$batch` gets one request at a time).
    public var usesBatch: Bool?
    /// The key the store file is encrypted with (SQLCipher; SAP's name): nil for an unencrypted store. A new store
    /// is created encrypted with it; an existing one opens only with the key it was encrypted with (otherwise
    /// `ODataError.Kind.wrongStoreEncryptionKey`, and the file stays as it was). An in-memory store ignores it.
    /// `OfflineODataProvider.changeStoreEncryptionKey(of:to:)` re-keys, encrypts or decrypts a store. The key never
    /// appears in an error, a log line or this value's description.
    public var storeEncryptionKey: String?

    /// Default settings: store `offline` in the application-support folder, combining on, `$batch` detected.
    public init() {
        storeName = "offline"
        storePath = nil
        isInMemory = false
        downloadPageSize = nil
        enableRequestQueueOptimization = true
        customHeaders = [:]
        usesBatch = nil
        storeEncryptionKey = nil
    }

    /// The settings as `print`, `dump` and string interpolation show them: the encryption key redacted.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "storeName": storeName, "storePath": storePath as Any, "isInMemory": isInMemory,
                "downloadPageSize": downloadPageSize as Any, "enableRequestQueueOptimization": enableRequestQueueOptimization,
                "customHeaders": customHeaders, "usesBatch": usesBatch as Any,
                "storeEncryptionKey": storeEncryptionKey == nil ? "nil" : "<redacted>",
            ])
    }

    /// The store's name, place and whether it is encrypted (never the key).
    public var description: String {
        let place = isInMemory ? "in memory" : (storePath?.path ?? "application support")
        return "OfflineODataParameters(\(storeName), \(place), storeEncryptionKey: \(storeEncryptionKey == nil ? "nil" : "<redacted>"))"
    }

    /// The store file (nil when in memory).
    func storeFile() throws -> URL? {
        if isInMemory { return nil }
        guard !storeName.isEmpty, !storeName.contains("/") else {
            throw ODataError(.invalidRequest, "offline store name '\(storeName)' is empty or contains '/'")
        }
        let folder: URL
        if let storePath {
            folder = storePath
        } else {
            let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            folder = (base ?? FileManager.default.temporaryDirectory).appendingPathComponent("ODataOffline")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ODataError(.invalidRequest, "offline store folder \(folder.path) cannot be created", underlyingError: error)
        }
        return folder.appendingPathComponent(storeName + ".sqlite")
    }
}

/// A query whose results the store downloads and keeps: a URL relative to the service root, as in SAP's
/// offline store (`"Customers?$expand=SalesOrders"`).
public struct OfflineODataDefiningQuery: Sendable, Hashable {
    /// A unique name.
    public let name: String
    /// The query, relative to the service root.
    public let query: String
    /// Whether the media resources of downloaded media entities are downloaded too.
    public let automaticallyRetrievesStreams: Bool

    /// A defining query from its relative URL.
    public init(name: String, query: String, automaticallyRetrievesStreams: Bool = false) {
        self.name = name
        self.query = query
        self.automaticallyRetrievesStreams = automaticallyRetrievesStreams
    }

    /// A defining query from a `DataQuery` (its relative URL).
    public init(name: String, query: DataQuery, automaticallyRetrievesStreams: Bool = false) {
        self.init(name: name, query: query.relativeURLString, automaticallyRetrievesStreams: automaticallyRetrievesStreams)
    }

    /// The entity set the query reads (its first path segment, before any key).
    var entitySetName: String {
        let path = query.split(separator: "?", maxSplits: 1).first.map(String.init) ?? query
        let first = path.split(separator: "/").first.map(String.init) ?? path
        return String(first.prefix { $0 != "(" })
    }
}
