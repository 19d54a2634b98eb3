import Foundation
import OData

/// A provider that answers reads and function imports from recorded JSON payloads by
/// `METHOD relative-URL` (rendered by the runtime exactly as it would be sent) and remembers every
/// request in that form. Every other operation (writes, `$links`, media, `$batch`, …) throws `.unsupportedOperation`
/// (use `InMemoryProvider` for those); a request without a recording throws `.httpStatus` 404.
public final class RecordedProvider: DataServiceProvider, @unchecked Sendable {
    /// The service's name.
    public let serviceName: String
    private let lock = NSLock()
    private var log: [String] = []
    private let payloads: [String: String]
    private let directory: URL

    /// `payloads` maps `METHOD relative-URL` to a file name in `directory`.
    public init(_ payloads: [String: String], directory: URL, serviceName: String = "Recorded") {
        self.payloads = payloads
        self.directory = directory
        self.serviceName = serviceName
    }

    /// The requests made so far as `METHOD relative-URL`.
    public var requests: [String] { lock.withLock { log } }

    private func payload(_ method: String, _ query: DataQuery) throws -> Data {
        let request = "\(method) \(query.relativeURLString)"
        lock.withLock { log.append(request) }
        guard let name = payloads[request] else { throw ODataError(.httpStatus, "unexpected request \(request)", statusCode: 404) }
        return try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// Answers reads of entities and function imports from the recordings; every other operation throws
    /// `.unsupportedOperation`.
    public func send<Output>(_ operation: DataServiceOperation<Output>, headers: HTTPHeaders) async throws(ODataError) -> Output {
        do {
            switch operation.kind {
            case .fetchEntities(let query, _, let answer):
                return answer(
                    try ODataJSONDecoder().decodeEntityList(try payload("GET", query), entityType: try query.resultEntityType()))
            case .fetchEntity(let query, _, let answer):
                return answer(try ODataJSONDecoder().decodeEntity(try payload("GET", query), entityType: try query.resultEntityType()))
            case .invokeFunction(let query, _, let answer):
                guard let function = query.invocation?.function else {
                    throw ODataError(.invalidRequest, "the query invokes no function import")
                }
                return answer(try ODataJSONDecoder().decodeFunctionResult(try payload(function.httpMethod, query), function: function))
            default:
                throw operation.unsupported(by: "RecordedProvider")
            }
        } catch {
            throw ODataError(wrapping: error)
        }
    }
}
