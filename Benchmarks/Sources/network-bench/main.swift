// network-bench <service-root> [requests=2000] [runs=3]
//
// Requests per second for one-entity GETs and 100-entity page GETs against a local static HTTP server
// (nginx, started by Benchmarks/network-bench.sh), sequential and with 8 concurrent tasks, side by side:
//   raw       URLSession (ephemeral, no cache), body bytes only
//   raw+json  URLSession + JSONSerialization of the body (what hand-written code does at least)
//   sdk       OnlineODataProvider.fetchEntity / fetchEntities (middlewares, CSRF/retry checks, typed decode)
// Prints one line per measurement: kind shape concurrency requests best-seconds requests/s.
import Foundation
import OData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
guard let rootText = arguments.first, let root = URL(string: rootText) else {
    FileHandle.standardError.write(Data("usage: network-bench <service-root> [requests] [runs]\n".utf8))
    exit(64)
}
let requests = arguments.count > 1 ? max(8, Int(arguments[1]) ?? 2000) : 2000
let runs = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 3) : 3

let configuration = URLSessionConfiguration.ephemeral
configuration.urlCache = nil
let session = URLSession(configuration: configuration)
let provider = OnlineODataProvider(serviceName: "ESPM", serviceRoot: root)
let model = try await provider.loadDataModel()
let customers = try model.entitySet("Customers")
let items = try model.entitySet("SalesOrderItems")
let singleQuery = DataQuery().from(customers).withKey(EntityKey(["CustomerId": .string("C000001")]))
let pageQuery = DataQuery().from(items).top(100)
let singleURL = try provider.url(for: singleQuery.relativeURLString)
let pageURL = try provider.url(for: pageQuery.relativeURLString)

@Sendable func raw(_ url: URL) async throws -> Int {
    var request = URLRequest(url: url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, response) = try await session.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw ODataError(.httpStatus, "not 200: \(url)") }
    return data.count
}

@Sendable func rawJSON(_ url: URL) async throws -> Int {
    var request = URLRequest(url: url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, _) = try await session.data(for: request)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return object?.count ?? 0
}

/// Runs `requests` operations on `concurrency` tasks and returns the wall time in seconds.
func timed(concurrency: Int, _ operation: @escaping @Sendable () async throws -> Int) async throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<concurrency {
            let share = requests / concurrency + (worker < requests % concurrency ? 1 : 0)
            group.addTask {
                for _ in 0..<share { _ = try await operation() }
            }
        }
        try await group.waitForAll()
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Measures the variants of one shape in interleaved rounds (so load changes on a shared machine hit
/// them alike) and prints the best round of each.
func measure(_ shape: String, concurrency: Int, _ variants: [(String, @Sendable () async throws -> Int)]) async throws {
    var best = Array(repeating: Double.infinity, count: variants.count)
    for _ in 0..<runs {
        for (index, variant) in variants.enumerated() {
            best[index] = min(best[index], try await timed(concurrency: concurrency, variant.1))
        }
    }
    for (index, variant) in variants.enumerated() {
        print(
            String(
                format: "%-9@ %-6@ %2d %6d %9.4f %9.0f", variant.0 as NSString, shape as NSString, concurrency, requests, best[index],
                Double(requests) / best[index]))
    }
}

// warm up connections and code paths
for _ in 0..<50 {
    _ = try await raw(pageURL)
    _ = try await provider.fetchEntities(pageQuery, headers: [:], options: .init())
    _ = try await raw(singleURL)
    _ = try await provider.fetchEntity(singleQuery, headers: [:], options: .init())
}
for concurrency in [1, 8] {
    try await measure(
        "single", concurrency: concurrency,
        [
            ("raw", { try await raw(singleURL) }),
            ("raw+json", { try await rawJSON(singleURL) }),
            ("sdk", { try await provider.fetchEntity(singleQuery, headers: [:], options: .init()).values.count }),
        ])
    try await measure(
        "page", concurrency: concurrency,
        [
            ("raw", { try await raw(pageURL) }),
            ("raw+json", { try await rawJSON(pageURL) }),
            ("sdk", { try await provider.fetchEntities(pageQuery, headers: [:], options: .init()).entities.count }),
        ])
}

/// Answers every request with the bytes nginx serves, without any network: what remains is the SDK's
/// own cost per request (URL, middlewares, response checks, decoding).
struct CannedTransport: ODataTransport {
    let single: Data
    let page: Data

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body = request.url.path.hasSuffix("SalesOrderItems") ? page : single
        return HTTPResponse(
            statusCode: 200, headers: ["Content-Type": "application/json", "Content-Length": String(body.count)], body: body,
            url: request.url)
    }
}

let canned = CannedTransport(
    single: try await session.data(from: singleURL).0, page: try await session.data(from: pageURL).0)
let offline = OnlineODataProvider(serviceName: "ESPM", serviceRoot: root, transport: canned)
for (shape, operation) in [
    ("single", { @Sendable in try await offline.fetchEntity(singleQuery, headers: [:], options: .init()).values.count }),
    ("page", { @Sendable in try await offline.fetchEntities(pageQuery, headers: [:], options: .init()).entities.count }),
] as [(String, @Sendable () async throws -> Int)] {
    var best = Double.infinity
    for _ in 0..<runs { best = min(best, try await timed(concurrency: 1, operation)) }
    print(
        String(
            format: "%-9@ %-6@ %2d %6d %9.4f %9.0f", "sdk-cpu" as NSString, shape as NSString, 1, requests, best, Double(requests) / best))
}
