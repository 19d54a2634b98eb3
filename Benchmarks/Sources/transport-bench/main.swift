// transport-bench <espm-root> <big-root> [requests=2000] [runs=3] [big | only-single | only-page | only-tx | only-big | only-typed | sizes]
//
// Transports side by side against a local static server (nginx, started by Benchmarks/transport-bench.sh):
//   sdk-curl   OnlineODataProvider over ODataCurl's CurlTransport (fetchEntity / fetchEntities, typed decode;
//              a JSON page is decoded while it arrives, so decoding overlaps the transfer)
//   sdk-strm   entityStream over CurlTransport: entities pulled one at a time while the page arrives (big page only)
//   sdk-urls   OnlineODataProvider over the default URLSessionTransport (pages decoded while they arrive too)
//   raw-urls   URLSession (ephemeral, no cache) data(for:), body bytes only
//   raw-curl   libcurl with no SDK: a multi handle with 1 or 8 reused easy handles
//   tx-curl    CurlTransport.send alone, tx-urls URLSessionTransport.send alone (big page only)
//   sdk-cpu    the SDK over a transport that answers from memory (whole bodies, no streaming): its own cost
//              without any network
//   decode     ODataJSONDecoder alone on the bytes of the page (big page only)
//   typed-curl, typed-urls, typed-cpu   the generated container's fetchItems(matching:) over CurlTransport,
//              URLSessionTransport and the in-memory transport of sdk-cpu, then every property of every item
//              read once (`item.name`, …), as an application does (big page only)
// Shapes: single (one ESPM customer), page (100 SalesOrderItems), sequential and 8 concurrent tasks, in
// interleaved rounds; big (the 50,000-entity x 12-property page of <big-root>Items), one page at a time.
// Prints one line per measurement: kind shape concurrency requests best-seconds requests/s.
import Foundation
import OData
import ODataCurl

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, let root = URL(string: arguments[0]), let bigRoot = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: transport-bench <espm-root> <big-root> [requests] [runs]\n".utf8))
    exit(64)
}
let requests = arguments.count > 2 ? max(8, Int(arguments[2]) ?? 2000) : 2000
let runs = arguments.count > 3 ? max(1, Int(arguments[3]) ?? 3) : 3
// a fifth argument "big" skips the small GETs; "only-single" / "only-page" / "only-tx" / "only-big" and "sizes" run one of `Modes`
let mode = arguments.count > 4 ? arguments[4] : ""
let onlyBigPage = mode == "big"

let configuration = URLSessionConfiguration.ephemeral
configuration.urlCache = nil
let session = URLSession(configuration: configuration)
let curlProvider = OnlineODataProvider(serviceName: "ESPM", serviceRoot: root, transport: CurlTransport())
let urlsProvider = OnlineODataProvider(serviceName: "ESPM", serviceRoot: root)
let model = try await curlProvider.loadDataModel()
let singleQuery = DataQuery().from(try model.entitySet("Customers")).withKey(EntityKey(["CustomerId": .string("C000001")]))
let pageQuery = DataQuery().from(try model.entitySet("SalesOrderItems")).top(100)
let singleURL = try curlProvider.url(for: singleQuery.relativeURLString)
let pageURL = try curlProvider.url(for: pageQuery.relativeURLString)

@Sendable func raw(_ url: URL) async throws -> Int {
    var request = URLRequest(url: url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, response) = try await session.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw ODataError(.httpStatus, "not 200: \(url)") }
    return data.count
}

/// Writes a line to standard output at once (unbuffered, so a pipe sees progress).
func emit(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

func line(_ kind: String, _ shape: String, _ concurrency: Int, _ count: Int, _ seconds: Double) {
    emit(
        String(
            format: "%-9@ %-6@ %2d %6d %9.4f %9.1f", kind as NSString, shape as NSString, concurrency, count, seconds,
            Double(count) / seconds))
}

/// Runs `count` operations on `concurrency` tasks and returns the wall time in seconds.
func timed(_ count: Int, concurrency: Int, _ operation: @escaping @Sendable () async throws -> Int) async throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<concurrency {
            let share = count / concurrency + (worker < count % concurrency ? 1 : 0)
            group.addTask { for _ in 0..<share { _ = try await operation() } }
        }
        try await group.waitForAll()
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Measures the variants in interleaved rounds (load changes on a shared machine hit them alike) and
/// prints the best round of each.
func measure(_ shape: String, count: Int, concurrency: Int, _ variants: [(String, @Sendable () async throws -> Int)]) async throws {
    var best = Array(repeating: Double.infinity, count: variants.count)
    for _ in 0..<runs {
        for (index, variant) in variants.enumerated() {
            best[index] = min(best[index], try await timed(count, concurrency: concurrency, variant.1))
        }
    }
    for (index, variant) in variants.enumerated() { line(variant.0, shape, concurrency, count, best[index]) }
}

/// Times the raw libcurl loop (synchronous, on this thread) the same way.
func rawCurl(_ url: URL, concurrency: Int) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = RawCurl.concurrent(url.absoluteString, count: requests, parallel: concurrency)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

if mode == "sizes" {
    try await Modes.sizes(root: root, count: requests, runs: runs)
    exit(0)
}
if mode == "only-big" || mode == "only-typed" {
    try await BigPage.only(root: bigRoot, count: Int(arguments[2]) ?? 1, typed: mode == "only-typed")
    exit(0)
}
if mode.hasPrefix("only-") {
    try await Modes.only(String(mode.dropFirst(5)), provider: curlProvider, single: singleQuery, page: pageQuery, count: requests)
    exit(0)
}
for _ in 0..<(onlyBigPage ? 0 : 50) {  // warm up connections and code paths
    for provider in [curlProvider, urlsProvider] {
        _ = try await provider.send(.fetchEntities(pageQuery, options: .init()), headers: [:])
        _ = try await provider.send(.fetchEntity(singleQuery, options: .init()), headers: [:])
    }
    _ = try await raw(pageURL)
}
for concurrency in onlyBigPage ? [] : [1, 8] {
    for (shape, url) in [("single", singleURL), ("page", pageURL)] {
        let sdk: @Sendable (OnlineODataProvider) async throws -> Int = { provider in
            shape == "single"
                ? try await provider.send(.fetchEntity(singleQuery, options: .init()), headers: [:]).values.count
                : try await provider.send(.fetchEntities(pageQuery, options: .init()), headers: [:]).entities.count
        }
        try await measure(
            shape, count: requests, concurrency: concurrency,
            [
                ("sdk-curl", { try await sdk(curlProvider) }), ("sdk-urls", { try await sdk(urlsProvider) }),
                ("raw-urls", { try await raw(url) }),
            ])
        line("raw-curl", shape, concurrency, requests, (0..<runs).map { _ in rawCurl(url, concurrency: concurrency) }.min()!)
    }
}
if !onlyBigPage {
    try await SDKOwnCost.measure(root: root, singleQuery: singleQuery, pageQuery: pageQuery, single: singleURL, page: pageURL)
}
try await BigPage.measure(root: bigRoot)
