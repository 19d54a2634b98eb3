import ESPM
import Foundation
import OData
import ODataOffline

/// espm-demo's offline mode: the seeds' screens from an offline store, created on first use from the
/// snapshot in `Sources/espm-demo/Seed` (a download from it, no network), and synced with `--sync <url>`.
struct OfflineDemo {
    /// The service root the snapshot's links are relative to.
    static let seedRoot = URL(string: "http://seed.invalid/ESPM.svc/")!
    /// The defining queries of the demo's store, and the snapshot file that answers each.
    static let definingQueries = [
        (OfflineODataDefiningQuery(name: "customers", query: "Customers?$expand=SalesOrders"), "customers.json"),
        (OfflineODataDefiningQuery(name: "products", query: "Products"), "products.json"),
    ]

    /// Where the store lives: `$ESPM_DEMO_STORE`, else `espm-demo` in the user's application-support folder.
    let folder: URL
    /// The key the store is encrypted with: `$ESPM_DEMO_STORE_KEY`, else none (a plain store).
    let key: String?

    init() {
        key = ProcessInfo.processInfo.environment["ESPM_DEMO_STORE_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        if let path = ProcessInfo.processInfo.environment["ESPM_DEMO_STORE"], !path.isEmpty {
            folder = URL(fileURLWithPath: path)
        } else {
            let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            folder = (base ?? FileManager.default.temporaryDirectory).appendingPathComponent("espm-demo")
        }
    }

    private var parameters: OfflineODataParameters {
        var parameters = OfflineODataParameters()
        parameters.storeName = "espm-demo"
        parameters.storePath = folder
        parameters.storeEncryptionKey = key
        return parameters
    }

    /// Opens the store (creating it from the snapshot when missing), for `serviceRoot` when given.
    func open(syncingWith serviceRoot: URL?) async throws -> OfflineODataProvider {
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("espm-demo.sqlite").path) {
            let seed = try await provider(Self.seedRoot, transport: SnapshotTransport())
            try await seed.download()
            try await seed.close()
            print("Created the offline store \(folder.path) from the shipped snapshot.")
        }
        return try await provider(serviceRoot ?? Self.seedRoot, transport: serviceRoot == nil ? SnapshotTransport() : nil)
    }

    private func provider(_ root: URL, transport: (any ODataTransport)?) async throws -> OfflineODataProvider {
        let provider = OfflineODataProvider(serviceRoot: root, parameters: parameters, transport: transport)
        for (query, _) in Self.definingQueries { try provider.add(definingQuery: query) }
        try await provider.open()
        return provider
    }

    /// Uploads the local changes and downloads the defining queries, with progress on the terminal.
    func sync(_ provider: OfflineODataProvider) async throws {
        provider.setProgressHandler { event in
            switch event {
            case .uploading(let sent, let total): print("  upload: \(sent) of \(total) requests")
            case .downloading(let name, let step, let total): print("  download: \(name) (\(step) of \(total))")
            case .applyingDownload: print("  download: applying")
            case .opening, .finished: break
            }
        }
        print("Syncing with \(provider.serviceRoot.absoluteString)")
        let result = try await provider.upload()
        print("  upload: \(result.succeeded) sent, \(result.failed) refused, \(result.notSent) held back")
        try await provider.download()
        print("  download: done")
        provider.setProgressHandler(nil)
    }
}

/// Serves the snapshot: `$metadata` from the repository's `Metadata/ESPM.xml` and each defining query from
/// its JSON file in `Sources/espm-demo/Seed` (read from the checkout this binary was built from).
struct SnapshotTransport: ODataTransport {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let text = request.url.absoluteString.removingPercentEncoding ?? request.url.absoluteString
        let file: URL
        let type: String
        if text.hasSuffix("$metadata") {
            file = Self.source.appendingPathComponent("../../Metadata/ESPM.xml").standardizedFileURL
            type = "application/xml"
        } else if let (_, name) = OfflineDemo.definingQueries.first(where: { text.hasSuffix("/" + $0.0.query) }) {
            file = Self.source.appendingPathComponent("Seed/" + name)
            type = "application/json"
        } else {
            return HTTPResponse(statusCode: 404, url: request.url)
        }
        do {
            return HTTPResponse(statusCode: 200, headers: ["Content-Type": type], body: try Data(contentsOf: file), url: request.url)
        } catch {
            throw ODataError(.transport, "espm-demo: the snapshot file \(file.path) cannot be read", underlyingError: error)
        }
    }
}
