import Foundation
import OData
import ODataCurl

/// A transport that forwards to another and does not stream: over it `fetchEntities` reads every page
/// whole (the provider sees no `ResponseStreamingTransport`), whatever its size.
struct WholeBodies: ODataTransport {
    let base: any ODataTransport

    func send(_ request: HTTPRequest) async throws -> HTTPResponse { try await base.send(request) }
}

/// The extra modes of `transport-bench`, chosen by its fifth argument.
enum Modes {
    /// `only-single`, `only-page`: `count` sequential SDK requests over `CurlTransport` and nothing else (after
    /// the model is loaded), for `perf` or `valgrind --tool=callgrind` (run with 0 and n requests); `only-tx`:
    /// the page's request through `CurlTransport.send` alone (no SDK, no decoding: the transport's latency).
    /// Prints the wall and process CPU microseconds per request (CPU: every thread, the engine's included).
    static func only(_ shape: String, provider: OnlineODataProvider, single: DataQuery, page: DataQuery, count: Int) async throws {
        let transport = CurlTransport()
        let pageRequest = HTTPRequest(
            method: "GET", url: try provider.url(for: page.relativeURLString), headers: ["Accept": "application/json"])
        if shape == "tx" { _ = try await transport.send(pageRequest) }  // connect outside the measurement
        let cpu = BigPage.processCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        var total = 0
        for _ in 0..<count {
            switch shape {
            case "single": total += try await provider.send(.fetchEntity(single, options: .init()), headers: [:]).values.count
            case "tx": total += try await transport.send(pageRequest).body.count
            default: total += try await provider.send(.fetchEntities(page, options: .init()), headers: [:]).entities.count
            }
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(max(count, 1))
        let used = (BigPage.processCPUSeconds() - cpu) * 1e6 / Double(max(count, 1))
        emit(
            String(
                format: "only-%@ %d requests, %d %@, %.1f us/request wall, %.1f us/request CPU", shape as NSString, count, total,
                (shape == "tx" ? "bytes" : "values or entities") as NSString, wall, used))
    }

    /// `sizes`: pages of growing size (`<root>Pages?size=<entities>`, the ESPM page's entries repeated; see
    /// transport-bench.sh), each read `count` times sequentially with `fetchEntities` over `CurlTransport`
    /// read whole (`whole`) and with every page streamed (`stream`: `entities(…)`, a task per page decoding
    /// runs while the body arrives), in interleaved rounds: where streaming starts to pay for its set-up.
    static func sizes(root: URL, count: Int, runs: Int) async throws {
        let curl = CurlTransport()
        let streaming = OnlineODataProvider(serviceName: "ESPM", serviceRoot: root, transport: curl)
        let whole = OnlineODataProvider(serviceName: "ESPM", serviceRoot: root, transport: WholeBodies(base: curl))
        let model = try await streaming.loadDataModel()
        _ = try await whole.loadDataModel()
        let set = try model.entitySet("SalesOrderItems")
        for size in [100, 200, 400, 800, 1_600, 3_200, 6_400] {
            let query = DataQuery().from(set).custom("size", String(size))
            let bytes = try await curl.send(HTTPRequest(method: "GET", url: try streaming.url(for: query.relativeURLString))).body.count
            let variants: [(String, @Sendable () async throws -> Int)] = [
                ("whole", { try await whole.send(.fetchEntities(query, options: .init()), headers: [:]).entities.count }),
                (
                    "stream",
                    {
                        var n = 0
                        for try await _ in streaming.entities(query) { n += 1 }
                        return n
                    }
                ),
            ]
            for variant in variants { _ = try await variant.1() }  // warm up
            var best = Array(repeating: Double.infinity, count: variants.count)
            for _ in 0..<runs {
                for (index, variant) in variants.enumerated() {
                    best[index] = min(best[index], try await timed(count, concurrency: 1, variant.1))
                }
            }
            for (index, variant) in variants.enumerated() {
                emit(
                    String(
                        format: "%-6@ %6d entities %8d bytes %5d pages %8.1f us/page", variant.0 as NSString, size, bytes, count,
                        best[index] / Double(count) * 1e6))
            }
        }
    }
}
