import ESPM
import Foundation
import OData

/// A test provider that answers from payloads recorded from the pyslet ESPM server and remembers
/// every request as `METHOD relative-URL` (rendered by the runtime, exactly as it would be sent).
final class RecordedProvider: DataServiceProvider, @unchecked Sendable {
    let serviceName = "ESPM"
    private let lock = NSLock()
    private var log: [String] = []
    private let payloads: [String: String]

    /// `payloads` maps `METHOD relative-URL` to a payload file in `Resources/payloads`.
    init(_ payloads: [String: String]) {
        self.payloads = payloads
    }

    /// The requests made so far.
    var requests: [String] { lock.withLock { log } }

    private func payload(_ method: String, _ query: DataQuery) throws -> Data {
        let request = "\(method) \(query.relativeURLString)"
        lock.withLock { log.append(request) }
        guard let name = payloads[request] else { throw UnexpectedRequest(request: request) }
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources/payloads") else {
            throw UnexpectedRequest(request: "missing payload file \(name)")
        }
        return try Data(contentsOf: url)
    }

    func fetchEntities(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> EntityList {
        let data = try payload("GET", query)
        guard let set = query.entitySet else { throw UnexpectedRequest(request: "no entity set") }
        return try ODataJSONDecoder().decodeEntityList(data, entityType: set.entityType)
    }

    func fetchEntity(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> EntityValue {
        let data = try payload("GET", query)
        guard let set = query.entitySet else { throw UnexpectedRequest(request: "no entity set") }
        return try ODataJSONDecoder().decodeEntity(data, entityType: set.entityType)
    }

    func invokeFunction(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws -> FunctionResult {
        guard let function = query.invocation?.function else { throw UnexpectedRequest(request: "no function") }
        let data = try payload(function.httpMethod, query)
        return try ODataJSONDecoder().decodeFunctionResult(data, function: function)
    }
}

/// A request the test did not expect.
struct UnexpectedRequest: Error, CustomStringConvertible {
    let request: String
    var description: String { "unexpected request \(request)" }
}
