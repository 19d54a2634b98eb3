import Foundation
import OData
import Synchronization

/// A data-service provider that answers from a local SQLite store and syncs it with an OData v2 service:
/// `ESPMContainer<OfflineODataProvider>` reads and writes offline; `download()` refreshes the store from the
/// defining queries and `upload()` sends the queued local changes.
///
/// ```swift
/// var parameters = OfflineODataParameters()
/// parameters.storeName = "espm"
/// let provider = OfflineODataProvider(serviceRoot: url, parameters: parameters)
/// try provider.add(definingQuery: OfflineODataDefiningQuery(name: "customers", query: "Customers?$expand=SalesOrders"))
/// try await provider.open()       // the first open fetches $metadata; later ones need no network
/// try await provider.download()
/// let service = ESPMContainer(provider: provider)
/// ```
///
/// Opened with `init(metadata:parameters:functionHandler:)`, the same store is an in-process OData service
/// with no remote side, for tests.
public final class OfflineODataProvider: LocalProvider {
    /// The service's name (the last segment of the service root).
    public let serviceName: String
    /// The service root, always ending in `/`.
    public let serviceRoot: URL
    /// The store's settings.
    public let parameters: OfflineODataParameters
    /// The online provider sync requests go through (nil for the in-process service).
    let online: OnlineODataProvider?
    /// The metadata of an in-process service.
    let serviceMetadata: Data?
    /// Answers function imports of the in-process service.
    let functionHandler: (@Sendable (DataQuery) async throws -> FunctionResult)?
    let state = Mutex(State())

    struct State: Sendable {
        var store: OfflineStore?
        var definingQueries: [OfflineODataDefiningQuery] = []
        var isSyncing = false
        var progressHandler: (@Sendable (OfflineODataProgress) -> Void)?
    }

    /// A provider for a service root; `options` and `transport` are those of the `OnlineODataProvider` used for
    /// `$metadata`, download and upload.
    public init(
        serviceRoot: URL, parameters: OfflineODataParameters, options: OnlineODataProvider.Options = .init(),
        transport: (any ODataTransport)? = nil
    ) {
        let name = serviceRoot.pathComponents.last { $0 != "/" } ?? "offline"
        let online = OnlineODataProvider(serviceName: name, serviceRoot: serviceRoot, options: options, transport: transport)
        self.serviceName = name
        self.serviceRoot = online.serviceRoot
        self.parameters = parameters
        self.online = online
        self.serviceMetadata = nil
        self.functionHandler = nil
    }

    /// An in-process OData service over the store, with no remote service: `metadata` is the service's
    /// `$metadata` document; writes apply at once (keys checked for uniqueness, ETags checked and renewed),
    /// and `functionHandler` answers function imports. Keep `parameters.isInMemory` for a throw-away store.
    public init(
        metadata: Data, parameters: OfflineODataParameters = .inMemory,
        functionHandler: (@Sendable (DataQuery) async throws -> FunctionResult)? = nil
    ) {
        self.serviceName = parameters.storeName
        self.serviceRoot = URL(string: "http://localhost/" + parameters.storeName + "/") ?? URL(fileURLWithPath: "/")
        self.parameters = parameters
        self.online = nil
        self.serviceMetadata = metadata
        self.functionHandler = functionHandler
    }

    /// Whether this is an in-process service (no remote service to sync with).
    public var isLocalService: Bool { online == nil }

    /// Adds a defining query; its results are downloaded by the next `download()`. Throws for a name
    /// already used with another query, or (once open) an entity set the service does not have.
    public func add(definingQuery: OfflineODataDefiningQuery) throws {
        let name = definingQuery.entitySetName
        guard !definingQuery.name.isEmpty, !name.isEmpty else {
            throw ODataError(.invalidRequest, "offline store: defining query '\(definingQuery.name)' has no name or entity set")
        }
        try state.withLock { state in
            if let existing = state.definingQueries.first(where: { $0.name == definingQuery.name }), existing != definingQuery {
                throw ODataError(.invalidRequest, "offline store: a defining query named \(definingQuery.name) exists already")
            }
            if let store = state.store {
                _ = try store.entitySet(name)
                try store.save(definingQuery)
            }
            if !state.definingQueries.contains(definingQuery) { state.definingQueries.append(definingQuery) }
        }
    }

    /// Opens the store: the first time it is created and the service's `$metadata` fetched and kept; later
    /// opens read the store alone. Opening an open store does nothing.
    public func open() async throws(ODataError) {
        try await ODataError.converting { try await openStoreFile() }
    }

    private func openStoreFile() async throws {
        if state.withLock({ $0.store != nil }) { return }
        let file = try parameters.storeFile()
        // What a re-key killed before its rename left beside the store (possibly unencrypted): the store is the old one.
        if let file { Self.removeRekeyCopy(of: file) }
        report(.opening(creatingStore: file.map { !FileManager.default.fileExists(atPath: $0.path) } ?? true))
        let online = self.online
        let metadata = serviceMetadata
        let root = online == nil ? "" : serviceRoot.absoluteString
        let headers = syncHeaders
        let fetch: () async throws -> Data = {
            if let metadata { return metadata }
            guard let online else { throw ODataError(.invalidRequest, "offline store: no service to fetch $metadata from") }
            return try await online.send(.fetchMetadataDocument, headers: headers)
        }
        // A kept $metadata that declares repeatable requests turns them on for uploads (`.whenDeclared`).
        let store = try await OfflineStore.open(
            file: file, key: parameters.storeEncryptionKey, serviceRoot: root,
            noteMetadata: { online?.noteRepeatableRequests(declaredIn: $0) }, fetchMetadata: fetch)
        try state.withLock { state in
            if state.store != nil { return }
            for query in state.definingQueries {
                _ = try store.entitySet(query.entitySetName)
                try store.save(query)
            }
            state.store = store
        }
    }

    /// Closes the store; it can be opened again.
    public func close() async throws(ODataError) {
        let store = state.withLock { state in
            defer { state.store = nil }
            return state.store
        }
        store?.db.close()
    }

    /// The open store, or a typed error saying to open it.
    func openStore() throws -> OfflineStore {
        guard let store = state.withLock({ $0.store }) else {
            throw ODataError(.invalidRequest, "offline store \(parameters.storeName) is not open: call open() first")
        }
        return store
    }

    /// Runs one sync operation at a time (download or upload).
    func syncing<T>(_ what: String, _ body: (OfflineStore, OnlineODataProvider) async throws -> T) async throws(ODataError) -> T {
        try await ODataError.converting {
            let store = try openStore()
            guard let online else { throw ODataError(.invalidRequest, "offline store: an in-process service has nothing to \(what)") }
            try state.withLock { state in
                if state.isSyncing { throw ODataError(.invalidRequest, "offline store: cannot \(what) while another sync runs") }
                state.isSyncing = true
            }
            defer { state.withLock { $0.isSyncing = false } }
            return try await body(store, online)
        }
    }

    /// The headers of sync requests (the parameters' custom headers).
    var syncHeaders: HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in parameters.customHeaders.sorted(by: { $0.key < $1.key }) { headers[name] = value }
        return headers
    }

    /// Whether local changes wait for `upload()`.
    public func hasPendingUpload() async throws(ODataError) -> Bool {
        try ODataError.converting { try openStore().hasPendingRequests() }
    }
}

extension OfflineODataParameters {
    /// Settings for a throw-away in-memory store.
    public static var inMemory: OfflineODataParameters {
        var parameters = OfflineODataParameters()
        parameters.isInMemory = true
        parameters.storeName = "local"
        return parameters
    }
}
