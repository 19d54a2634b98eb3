// typed-bench <data-dir> decode|dynamic|dynamic-read|typed-fetch|typed [pages=1]
//
// The big page of transport-bench without a server, for instruction counts under `valgrind --tool=callgrind`
// (run with 0 and n pages: the difference / n is one page) and for `perf`: `<data-dir>` holds `bench.json`
// and `bench-metadata.xml` as `decode-bench generate <dir> <entities>` writes them. Every variant reads
// the page's body from memory (a transport answering from memory, whole bodies):
//   decode        ODataJSONDecoder alone on the body
//   dynamic       OnlineODataProvider.fetchEntities (the dynamic path; transport-bench's sdk-cpu)
//   dynamic-read  the same, then every property of every entity read once by descriptor
//   typed-fetch   the generated container's fetchItems(matching:), [Item], no property read
//   typed         the same, then every property of every item read once (`item.name`, …): what an app does
import BenchItems
import Foundation
import OData
import TypedReads

/// Answers `$metadata` and the `Items` page from memory.
struct CannedTransport: ODataTransport {
    let metadata: Data
    let page: Data

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let isMetadata = request.url.path.hasSuffix("$metadata")
        let body = isMetadata ? metadata : page
        return HTTPResponse(
            statusCode: 200,
            headers: ["Content-Type": isMetadata ? "application/xml" : "application/json", "Content-Length": String(body.count)],
            body: body, url: request.url)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let variants = ["decode", "dynamic", "dynamic-read", "typed-fetch", "typed"]
guard arguments.count >= 2, variants.contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: typed-bench <data-dir> \(variants.joined(separator: "|")) [pages]\n".utf8))
    exit(64)
}
let directory = URL(fileURLWithPath: arguments[0])
let variant = arguments[1]
let pages = arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1

/// Sets up (model, one page of the variant outside the count), then reads `pages` pages; returns a checksum.
func run() async throws -> Int {
    let transport = CannedTransport(
        metadata: try Data(contentsOf: directory.appendingPathComponent("bench-metadata.xml")),
        page: try Data(contentsOf: directory.appendingPathComponent("bench.json")))
    let provider = OnlineODataProvider(serviceName: "Bench", serviceRoot: URL(string: "http://127.0.0.1:1/bench/")!, transport: transport)
    let service = BenchContainer(provider: provider)
    let items = try await provider.loadDataModel().entitySet("Items")
    let query = DataQuery().from(items)
    let decoder = ODataJSONDecoder()
    let page: @Sendable () async throws -> Int =
        switch variant {
        case "decode": { try decoder.decodeEntityList(transport.page, entityType: items.entityType).entities.count }
        case "dynamic": { try await provider.send(.fetchEntities(query, options: .init()), headers: [:]).entities.count }
        case "dynamic-read":
            { TypedReads.readEveryProperty(try await provider.send(.fetchEntities(query, options: .init()), headers: [:]).entities) }
        case "typed-fetch": { try await service.fetchItems().count }
        default: { TypedReads.readEveryProperty(try await service.fetchItems()) }
        }
    var total = try await page()  // one-time set-up outside the difference
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<pages { total &+= try await page() }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    FileHandle.standardError.write(Data(String(format: "%.4f s per page\n", seconds / Double(max(pages, 1))).utf8))
    return total
}

// A synchronous main that waits for the work: valgrind fails when an async main's thread ends in
// dispatch's main loop.
let done = DispatchSemaphore(value: 0)
Task.detached {  // detached: top-level code is on the main actor, whose thread waits below
    do {
        print("typed-bench \(variant) \(pages): \(try await run())")
    } catch {
        FileHandle.standardError.write(Data("typed-bench: \(error)\n".utf8))
        exit(1)
    }
    done.signal()
}
done.wait()
