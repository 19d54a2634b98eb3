// sdk-cpu-bench <data-dir> single|page|both|decode-single|decode-page [requests=1000] [plain|observed|traced]
//
// The sdk-cpu path of transport-bench without a server, for instruction counts under
// `valgrind --tool=callgrind`: OnlineODataProvider over a transport answering from memory (whole
// bodies, no streaming), fetchEntity of one ESPM customer and fetchEntities of 100 SalesOrderItems.
// <data-dir> holds metadata.xml, single.json and page.json (transport-bench.sh records them under
// .build/bench-transport/www). Run it once with 0 requests and once with N: the difference / N is the
// cost of one request. The last argument sets the provider's request metrics: none (`plain`, the default), a
// `RequestMetricsCollector` as `requestObserver` (`observed`), or that and `propagatesTraceContext` (`traced`).
import Foundation
import OData

/// Answers every request from memory: the metadata document or a canned body, by path.
struct CannedTransport: ODataTransport {
    let metadata: Data
    let single: Data
    let page: Data

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.url.path
        let (body, type): (Data, String) =
            path.hasSuffix("$metadata")
            ? (metadata, "application/xml") : path.contains("Customers") ? (single, "application/json") : (page, "application/json")
        return HTTPResponse(
            statusCode: 200, headers: ["Content-Type": type, "Content-Length": String(body.count)], body: body, url: request.url)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: sdk-cpu-bench <data-dir> single|page|both [requests]\n".utf8))
    exit(64)
}
let directory = URL(fileURLWithPath: arguments[0])
let shape = arguments[1]
let requests = arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000
let observation = arguments.count > 3 ? arguments[3] : "plain"
/// Loads the model, then runs one request of each shape (one-time set-up) and `requests` of `shape`.
func run() async throws -> Int {
    let transport = CannedTransport(
        metadata: try Data(contentsOf: directory.appendingPathComponent("metadata.xml")),
        single: try Data(contentsOf: directory.appendingPathComponent("single.json")),
        page: try Data(contentsOf: directory.appendingPathComponent("page.json")))
    var options = OnlineODataProvider.Options()
    if observation != "plain" { options.requestObserver = RequestMetricsCollector() }
    options.propagatesTraceContext = observation == "traced"
    let provider = OnlineODataProvider(
        serviceName: "ESPM", serviceRoot: URL(string: "http://127.0.0.1:1/svc/")!, options: options, transport: transport)
    let model = try await provider.loadDataModel()
    let singleQuery = DataQuery().from(try model.entitySet("Customers")).withKey(EntityKey(["CustomerId": .string("C000001")]))
    let pageQuery = DataQuery().from(try model.entitySet("SalesOrderItems")).top(100)
    // One of each first, so that one-time set-up is outside the difference.
    var total = try await provider.send(.fetchEntity(singleQuery, options: .init()), headers: [:]).values.count
    total += try await provider.send(.fetchEntities(pageQuery, options: .init()), headers: [:]).entities.count
    if shape.hasPrefix("decode-") {
        // `ODataJSONDecoder` alone on the same body, the part of a request that is decoding (`decode-single`,
        // `decode-page`): the SDK's own cost is the request's count minus this one's
        let decoder = ODataJSONDecoder()
        let customer = try entityType(of: singleQuery)
        let item = try entityType(of: pageQuery)
        for _ in 0..<requests {
            total +=
                shape == "decode-single"
                ? try decoder.decodeEntity(transport.single, entityType: customer).values.count
                : try decoder.decodeEntityList(transport.page, entityType: item).entities.count
        }
        return total
    }
    for _ in 0..<requests {
        if shape != "page" { total += try await provider.send(.fetchEntity(singleQuery, options: .init()), headers: [:]).values.count }
        if shape != "single" { total += try await provider.send(.fetchEntities(pageQuery, options: .init()), headers: [:]).entities.count }
    }
    return total
}

/// The entity type a query reads.
func entityType(of query: DataQuery) throws -> EntityTypeDescriptor {
    guard let type = query.entitySet?.entityType else { throw ODataError(.invalidRequest, "the query names no entity set") }
    return type
}

// A synchronous main that waits for the work: valgrind fails when an async main's thread ends in
// dispatch's main loop.
let done = DispatchSemaphore(value: 0)
Task.detached {  // detached: top-level code is on the main actor, whose thread waits below
    do {
        print("sdk-cpu-bench \(shape) \(requests): \(try await run())")
    } catch {
        FileHandle.standardError.write(Data("sdk-cpu-bench: \(error)\n".utf8))
        exit(1)
    }
    done.signal()
}
done.wait()
