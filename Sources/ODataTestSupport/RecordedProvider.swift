import Foundation
import OData

/// A provider that answers reads and function imports from recorded JSON payloads by
/// `METHOD relative-URL` (rendered by the runtime exactly as it would be sent) and remembers every
/// request in that form. Writes, `$links`, media and `$batch` throw `.unsupportedOperation`
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

    func unsupported(_ what: String) -> ODataError {
        ODataError(.unsupportedOperation, "RecordedProvider cannot \(what)")
    }

    /// The recorded feed of the query's entity set.
    public func fetchEntities(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions())
        async throws(ODataError) -> EntityList
    {
        return try ODataError.converting {
            let data = try payload("GET", query)
            return try ODataJSONDecoder().decodeEntityList(data, entityType: try query.resultEntityType())

        }
    }

    /// The recorded entity of the query.
    public func fetchEntity(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions())
        async throws(ODataError) -> EntityValue
    {
        return try ODataError.converting {
            let data = try payload("GET", query)
            return try ODataJSONDecoder().decodeEntity(data, entityType: try query.resultEntityType())

        }
    }

    /// The recorded result of a function import (by its HTTP method and URL).
    public func invokeFunction(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions())
        async throws(ODataError) -> FunctionResult
    {
        return try ODataError.converting {
            guard let function = query.invocation?.function else {
                throw ODataError(.invalidRequest, "the query invokes no function import")
            }
            let data = try payload(function.httpMethod, query)
            return try ODataJSONDecoder().decodeFunctionResult(data, function: function)

        }
    }
}
