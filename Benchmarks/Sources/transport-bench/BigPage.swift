import Foundation
import OData
import ODataCurl

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers every request from memory: what remains of a request is the SDK's own cost.
struct CannedTransport: ODataTransport {
    let bodies: [String: Data]

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let body = bodies[request.url.absoluteString] else { throw ODataError(.transport, "not canned: \(request.url)") }
        return HTTPResponse(
            statusCode: 200, headers: ["Content-Type": "application/json", "Content-Length": String(body.count)], body: body,
            url: request.url)
    }
}

/// The SDK over `CannedTransport` for the small GETs (sequential).
enum SDKOwnCost {
    static func measure(root: URL, singleQuery: DataQuery, pageQuery: DataQuery, single: URL, page: URL) async throws {
        let canned = CannedTransport(bodies: [
            single.absoluteString: try await session.data(from: single).0, page.absoluteString: try await session.data(from: page).0,
        ])
        let offline = OnlineODataProvider(serviceName: "ESPM", serviceRoot: root, transport: canned)
        for (shape, operation) in [
            ("single", { @Sendable in try await offline.fetchEntity(singleQuery, headers: [:], options: .init()).values.count }),
            ("page", { @Sendable in try await offline.fetchEntities(pageQuery, headers: [:], options: .init()).entities.count }),
        ] as [(String, @Sendable () async throws -> Int)] {
            var best = Double.infinity
            for _ in 0..<runs { best = min(best, try await timed(requests, concurrency: 1, operation)) }
            line("sdk-cpu", shape, 1, requests, best)
        }
    }
}

/// The 50,000-entity page: one page at a time, each variant once per round, best round printed.
enum BigPage {
    static func measure(root: URL) async throws {
        let curl = OnlineODataProvider(serviceName: "Bench", serviceRoot: root, transport: CurlTransport())
        let urls = OnlineODataProvider(serviceName: "Bench", serviceRoot: root)
        let curlTransport = CurlTransport()
        let urlsTransport = URLSessionTransport()
        let items = try await curl.loadDataModel().entitySet("Items")
        let query = DataQuery().from(items)
        let url = try curl.url(for: query.relativeURLString)
        let bytes = try await session.data(from: url).0
        let offline = OnlineODataProvider(
            serviceName: "Bench", serviceRoot: root, transport: CannedTransport(bodies: [url.absoluteString: bytes]))
        let variants: [(String, @Sendable () async throws -> Int)] = [
            ("sdk-curl", { try await curl.fetchEntities(query, headers: [:], options: .init()).entities.count }),
            ("sdk-strm", { try await curl.entityStream(query).reduce(0) { count, _ in count + 1 } }),
            ("sdk-urls", { try await urls.fetchEntities(query, headers: [:], options: .init()).entities.count }),
            ("raw-urls", { try await raw(url) }),
            ("tx-curl", { try await curlTransport.send(HTTPRequest(method: "GET", url: url)).body.count }),
            ("tx-urls", { try await urlsTransport.send(HTTPRequest(method: "GET", url: url)).body.count }),
            ("raw-curl", { RawCurl.sequential(url.absoluteString, count: 1) }),
            ("sdk-cpu", { try await offline.fetchEntities(query, headers: [:], options: .init()).entities.count }),
            ("decode", { try ODataJSONDecoder().decodeEntityList(bytes, entityType: items.entityType).entities.count }),
        ]
        for (name, operation) in variants where name.hasPrefix("sdk") || name == "decode" {
            let count = try await operation()
            guard count == 50_000 else { throw ODataError(.decoding, "\(name) decoded \(count) entities, not 50000") }
        }
        var best = Array(repeating: Double.infinity, count: variants.count)
        for _ in 0..<max(runs, 3) {
            for (index, variant) in variants.enumerated() {
                best[index] = min(best[index], try await timed(1, concurrency: 1, variant.1))
            }
        }
        for (index, variant) in variants.enumerated() { line(variant.0, "big", 1, 1, best[index]) }
        emit("# big page: \(bytes.count) bytes")
    }
}
