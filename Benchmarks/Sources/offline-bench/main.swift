// Benchmark (not a test): the offline store's download and local query against hand-written references.
// Run: swift run -c release --package-path Benchmarks offline-bench [entities] [page size]
// (1) download of N entities x 12 properties from a static in-process server into the store (server paging),
//     against decode + a hand-written SQLite bulk insert of the same rows into typed columns;
// (2) a local filter + orderBy + top(20) over them, against the same hand-written SQL (both indexed);
// (3) store size on disk against the JSON payload; (4) peak memory during the download against one page.
// With `--phase=<name>` it runs only part of that, untimed, for instruction counts under callgrind (see
// Benchmarks/README.md): setup (pages made, store opened), reopen (setup + the store closed and opened again),
// store (setup + download), reference (setup + hand-written load), loaded (setup + both loads), store-queries /
// reference-queries (loaded + 200 queries). `--encrypted` / `--raw-key` encrypt the store (passphrase / raw key).
import Foundation
import OData
import ODataMetadata
import ODataOffline

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let phase = CommandLine.arguments.dropFirst().first { $0.hasPrefix("--phase=") }.map { String($0.dropFirst("--phase=".count)) }
/// `--encrypted`: the store is encrypted (SQLCipher, `storeEncryptionKey`) with a passphrase; `--raw-key`: with a raw
/// 256-bit key (`OfflineODataParameters.rawStoreEncryptionKey`, no key derivation on open). The reference stays plain.
let rawKey = CommandLine.arguments.contains("--raw-key")
let encrypted = rawKey || CommandLine.arguments.contains("--encrypted")
let total = arguments.first ?? 50_000
let pageSize = arguments.dropFirst().first ?? 1_000

// Synchronous top-level code (no dispatch_main), so that the benchmark also runs under valgrind: the work runs
// in a task while the main thread waits.
final class Outcome: @unchecked Sendable { var error: (any Error)? }
let outcome = Outcome()
let finished = DispatchSemaphore(value: 0)
Task.detached { [total, pageSize, phase] in
    do {
        try await run(total: total, pageSize: pageSize, phase: phase)
    } catch {
        outcome.error = error
    }
    finished.signal()
}
finished.wait()
if let error = outcome.error {
    print("offline-bench failed: \(error)")
    exit(1)
}

/// The benchmark, or one phase of it.
func run(total: Int, pageSize: Int, phase: String?) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offline-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    let pages = (0..<((total + pageSize - 1) / pageSize)).map { BenchService.page($0, pageSize: pageSize, total: total) }
    let onePage = pages[0].count
    let payloadBytes = pages.reduce(0) { $0 + $1.count }
    print(
        "offline-bench: \(rawKey ? "encrypted store (raw key), " : encrypted ? "encrypted store (passphrase), " : "")\(total) entities x 12 properties, pages of \(pageSize) (\(onePage / 1024) KB), JSON payload \(payloadBytes / 1_048_576) MB"
    )

    var parameters = OfflineODataParameters()
    parameters.storeName = "bench"
    parameters.storePath = folder
    if rawKey {
        parameters.storeEncryptionKey = try OfflineODataParameters.rawStoreEncryptionKey(Array(repeating: 0x5A, count: 32))
    } else if encrypted {
        parameters.storeEncryptionKey = "offline-bench key"
    }
    let provider = OfflineODataProvider(
        serviceRoot: BenchService.root, parameters: parameters, transport: StaticTransport(pages: pages))
    try provider.add(definingQuery: OfflineODataDefiningQuery(name: "items", query: "Items"))
    let openTime = try await seconds { try await provider.open() }
    if let phase {
        try await runPhase(phase, provider: provider, pages: pages, folder: folder)
        return
    }
    let phases = PhaseClock()
    provider.setProgressHandler { phases.mark($0) }
    let memoryBefore = peakResidentKB()
    let downloadTime = try await seconds { try await provider.download() }
    let memoryPeak = peakResidentKB()

    let model = try DataModel(metadata: MetadataParser.parse(Data(BenchService.metadata.utf8)))
    let items = try model.entitySet("Items")
    let reference = HandWrittenStore(path: folder.appendingPathComponent("reference.sqlite").path)
    var referenceRows = 0
    let referenceTime = try await seconds { referenceRows = try reference.load(pages: pages, type: items.entityType) }

    let query = DataQuery().from(items).filter(.binary(.equal, .property("Category"), .literal(.string("C7"))))
        .orderBy(Bench.name).top(20)
    var local: [EntityValue] = []
    _ = try await provider.send(.fetchEntities(query, options: RequestOptions()), headers: HTTPHeaders())  // warm: index built
    var queryTimes: [Double] = []
    for _ in 0..<20 {
        queryTimes.append(
            try await seconds {
                local = try await provider.send(.fetchEntities(query, options: RequestOptions()), headers: HTTPHeaders()).entities
            })
    }
    var handEntities: [EntityValue] = []
    _ = reference.query(category: "C7", type: items.entityType)
    var handTimes: [Double] = []
    for _ in 0..<20 { handTimes.append(await seconds { handEntities = reference.query(category: "C7", type: items.entityType) }) }
    let sameAnswer = local.map(\.key) == handEntities.map(\.key) && !local.isEmpty
    reference.close()

    try await provider.close()
    let storeBytes =
        (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("bench.sqlite").path)[.size] as? Int) ?? 0
    let referenceBytes =
        (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("reference.sqlite").path)[.size] as? Int) ?? 0

    // Opening an existing store: with a passphrase this is where SQLCipher derives the key (every open).
    let reopenTime = try await seconds { try await provider.open() }
    try await provider.close()

    func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
    let median = { (values: [Double]) in values.sorted()[values.count / 2] * 1000 }
    print("download into the store: \(format(downloadTime)) s, \(Int(Double(total) / downloadTime)) entities/s (budget >= 100000/s)")
    print("  of which fetch + decode + staging \(format(phases.staging)) s, applying in one transaction \(format(phases.applying)) s")
    print(
        "decode + hand-written SQLite insert: \(format(referenceTime)) s (\(referenceRows) rows); store/reference = \(format(downloadTime / referenceTime))x (budget <= 2x)"
    )
    print(
        "filter + orderBy + top(20): store \(format(median(queryTimes), 3)) ms, hand-written SQL \(format(median(handTimes), 3)) ms, ratio \(format(median(queryTimes) / max(median(handTimes), 0.000_001)))x (budget <= 10 ms, <= 1.5x); same answer: \(sameAnswer)"
    )
    print(
        "store on disk: \(storeBytes / 1024) KB vs JSON payload \(payloadBytes / 1024) KB (\(format(Double(storeBytes) / Double(payloadBytes)))x); hand-written table \(referenceBytes / 1024) KB"
    )
    print("open: new store \(format(openTime * 1000, 1)) ms, existing store (\(total) entities) \(format(reopenTime * 1000, 1)) ms")
    print(
        "peak RSS during download: +\((memoryPeak - memoryBefore) / 1024) MB over \(memoryBefore / 1024) MB before; one page is \(onePage / 1024) KB"
    )
}

/// The typed path of the `Name` property, for `orderBy`.
enum Bench {
    static let name = SortPath("Name")
}

/// A property path by name.
struct SortPath: PropertyPathConvertible {
    let propertyPath: String
    init(_ path: String) { propertyPath = path }
}

/// When the download's phases started and ended, from its progress events.
final class PhaseClock: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [String: Double] = [:]

    func mark(_ event: OfflineODataProgress) {
        let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        lock.withLock {
            switch event {
            case .downloading: if times["start"] == nil { times["start"] = now }
            case .applyingDownload: times["apply"] = now
            case .finished: times["end"] = now
            default: break
            }
        }
    }

    var staging: Double { lock.withLock { (times["apply"] ?? 0) - (times["start"] ?? 0) } }
    var applying: Double { lock.withLock { (times["end"] ?? 0) - (times["apply"] ?? 0) } }
}

/// One part of the benchmark, untimed, for instruction counts: the difference between two phases' counts is
/// the cost of what one adds (e.g. store − setup = the download; reference − setup = decode + hand-written insert).
func runPhase(_ phase: String, provider: OfflineODataProvider, pages: [Data], folder: URL) async throws {
    let model = try DataModel(metadata: MetadataParser.parse(Data(BenchService.metadata.utf8)))
    let items = try model.entitySet("Items")
    let reference = HandWrittenStore(path: folder.appendingPathComponent("reference.sqlite").path)
    defer { reference.close() }
    let query = DataQuery().from(items).filter(.binary(.equal, .property("Category"), .literal(.string("C7"))))
        .orderBy(Bench.name).top(20)
    switch phase {
    case "setup": return
    case "reopen":
        try await provider.close()
        try await provider.open()
    case "store": try await provider.download()
    case "reference": _ = try reference.load(pages: pages, type: items.entityType)
    case "loaded", "store-queries", "reference-queries":
        try await provider.download()
        _ = try reference.load(pages: pages, type: items.entityType)
        // Warm both: the store builds its index on the first query; the reference has its index already.
        let first = try await provider.send(.fetchEntities(query, options: RequestOptions()), headers: HTTPHeaders()).entities
        let second = reference.query(category: "C7", type: items.entityType)
        guard first.map(\.key) == second.map(\.key), !first.isEmpty else { fatalError("the store and the reference answer differently") }
        for _ in 0..<(phase == "loaded" ? 0 : 200) {
            if phase == "store-queries" {
                _ = try await provider.send(.fetchEntities(query, options: RequestOptions()), headers: HTTPHeaders())
            } else {
                _ = reference.query(category: "C7", type: items.entityType)
            }
        }
    default: fatalError("unknown phase \(phase)")
    }
}
