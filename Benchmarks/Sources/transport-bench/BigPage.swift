import BenchItems
import Foundation
import OData
import ODataCurl
import TypedReads

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

/// The SDK over `CannedTransport` for the small GETs (sequential), and `ODataJSONDecoder` alone on the same
/// bodies: `sdk-cpu` minus `decode` is what the SDK adds to decoding (request building, middlewares, the
/// provider's checks), the part the issue's "own cost" budget is about; decoding has its own MB/s budget.
enum SDKOwnCost {
    static func measure(root: URL, singleQuery: DataQuery, pageQuery: DataQuery, single: URL, page: URL) async throws {
        let singleBody = try await session.data(from: single).0
        let pageBody = try await session.data(from: page).0
        let canned = CannedTransport(bodies: [single.absoluteString: singleBody, page.absoluteString: pageBody])
        let offline = OnlineODataProvider(serviceName: "ESPM", serviceRoot: root, transport: canned)
        let customer = try entityType(singleQuery)
        let item = try entityType(pageQuery)
        let decoder = ODataJSONDecoder()
        let variants: [(String, String, @Sendable () async throws -> Int)] = [
            ("sdk-cpu", "single", { try await offline.send(.fetchEntity(singleQuery, options: .init()), headers: [:]).values.count }),
            ("decode", "single", { try decoder.decodeEntity(singleBody, entityType: customer).values.count }),
            ("sdk-cpu", "page", { try await offline.send(.fetchEntities(pageQuery, options: .init()), headers: [:]).entities.count }),
            ("decode", "page", { try decoder.decodeEntityList(pageBody, entityType: item).entities.count }),
        ]
        var best = Array(repeating: Double.infinity, count: variants.count)
        for _ in 0..<runs {
            for (index, variant) in variants.enumerated() {
                best[index] = min(best[index], try await timed(requests, concurrency: 1, variant.2))
            }
        }
        for (index, variant) in variants.enumerated() { line(variant.0, variant.1, 1, requests, best[index]) }
    }

    /// The entity type a query reads.
    private static func entityType(_ query: DataQuery) throws -> EntityTypeDescriptor {
        guard let type = query.entitySet?.entityType else { throw ODataError(.invalidRequest, "the query names no entity set") }
        return type
    }
}

/// The 50,000-entity page: one page at a time, each variant once per round (at least ten rounds), best round printed, with the median and slowest rounds.
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
        // the typed generated path as an application uses it: the container's fetchItems, then every property read once
        let typedCurl = BenchContainer(provider: curl)
        let typedURLs = BenchContainer(provider: urls)
        let typedCPU = BenchContainer(provider: offline)
        let variants: [(String, @Sendable () async throws -> Int)] = [
            ("typed-curl", { try await typedRead(typedCurl) }),
            ("typed-urls", { try await typedRead(typedURLs) }),
            ("typed-cpu", { try await typedRead(typedCPU) }),
            ("sdk-curl", { try await curl.send(.fetchEntities(query, options: .init()), headers: [:]).entities.count }),
            ("sdk-strm", { try await curl.entityStream(query).reduce(0) { count, _ in count + 1 } }),
            ("sdk-urls", { try await urls.send(.fetchEntities(query, options: .init()), headers: [:]).entities.count }),
            ("raw-urls", { try await raw(url) }),
            ("tx-curl", { try await curlTransport.send(HTTPRequest(method: "GET", url: url)).body.count }),
            ("tx-urls", { try await urlsTransport.send(HTTPRequest(method: "GET", url: url)).body.count }),
            ("raw-curl", { RawCurl.sequential(url.absoluteString, count: 1) }),
            ("sdk-cpu", { try await offline.send(.fetchEntities(query, options: .init()), headers: [:]).entities.count }),
            ("decode", { try ODataJSONDecoder().decodeEntityList(bytes, entityType: items.entityType).entities.count }),
        ]
        for (name, operation) in variants where name.hasPrefix("sdk") || name.hasPrefix("typed") || name == "decode" {
            let count = try await operation()
            guard count == 50_000 else { throw ODataError(.decoding, "\(name) decoded \(count) entities, not 50000") }
        }
        var best = Array(repeating: Double.infinity, count: variants.count)
        var cpuOfBest = Array(repeating: 0.0, count: variants.count)
        var walls = Array(repeating: [Double](), count: variants.count)
        for round in 0..<max(runs, 10) {  // a round takes about a second; ten say more than three on a noisy VM
            // each round starts at another variant, so that none always runs first (after the freeing of the
            // previous round's last page) or always after the same neighbour
            for offset in variants.indices {
                let index = (round + offset) % variants.count
                let variant = variants[index]
                let cpu = processCPUSeconds()
                let wall = try await timed(1, concurrency: 1, variant.1)
                walls[index].append(wall)
                if wall < best[index] { (best[index], cpuOfBest[index]) = (wall, processCPUSeconds() - cpu) }
            }
        }
        for (index, variant) in variants.enumerated() { line(variant.0, "big", 1, 1, best[index]) }
        emit("# big page: \(bytes.count) bytes")
        // CPU time of this process (all its threads) in each best round: more than the wall time means
        // work overlapped on several cores; nginx (and pyodata's server side) are not counted.
        for (index, variant) in variants.enumerated() {
            emit(String(format: "# cpu %-9@ %.4f s in %.4f s wall", variant.0 as NSString, cpuOfBest[index], best[index]))
        }
        // the best round hides how often a page is slow: the median and the slowest round say it
        for (index, variant) in variants.enumerated() {
            let sorted = walls[index].sorted()
            emit(
                String(
                    format: "# rounds %-9@ median %.4f s, slowest %.4f s of %d", variant.0 as NSString, sorted[sorted.count / 2],
                    sorted.last ?? 0, sorted.count))
        }
    }

    /// `fetchItems()` on the generated container, then every property of every item read once; returns the count.
    static func typedRead(_ service: BenchContainer<OnlineODataProvider>) async throws -> Int {
        let items = try await service.fetchItems()
        return TypedReads.readEveryProperty(items) == Int.min ? 0 : items.count
    }

    /// `only-big`: `count` reads of the big page with `fetchEntities` over `CurlTransport` and nothing else
    /// (after the model is loaded), for `valgrind --tool=callgrind` (run with 0 and n); `only-typed`: the same
    /// reads through the generated container's `fetchItems`, every property then read once (`typed-curl`).
    static func only(root: URL, count: Int, typed: Bool) async throws {
        let curl = OnlineODataProvider(serviceName: "Bench", serviceRoot: root, transport: CurlTransport())
        let query = DataQuery().from(try await curl.loadDataModel().entitySet("Items"))
        let container = BenchContainer(provider: curl)
        let start = DispatchTime.now().uptimeNanoseconds
        var total = 0
        for _ in 0..<count {
            if typed {
                total += try await typedRead(container)
            } else {
                total += try await curl.send(.fetchEntities(query, options: .init()), headers: [:]).entities.count
            }
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(max(count, 1))
        emit("only-\(typed ? "typed" : "big") " + String(format: "%d pages, %d entities, %.1f us/page", count, total, wall))
    }

    /// User plus system CPU seconds of this process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
