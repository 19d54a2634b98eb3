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

/// The operations the recorded payloads do not cover: each throws `.unsupportedOperation`.
extension RecordedProvider {
    private func unsupported(_ name: String) -> ODataError { ODataError(.unsupportedOperation, "RecordedProvider cannot \(name)") }

    func fetchPage(nextLink: String, for query: DataQuery, headers: HTTPHeaders) async throws -> EntityList {
        throw unsupported("page")
    }
    func fetchCount(_ query: DataQuery, headers: HTTPHeaders) async throws -> Int { throw unsupported("count") }
    func fetchProperty(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders) async throws -> EdmValue {
        throw unsupported("read properties")
    }
    func fetchPropertyValue(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders) async throws -> Data {
        throw unsupported("read $value")
    }
    func loadProperty(_ navigation: NavigationDescriptor, into entity: inout EntityValue, query: DataQuery, headers: HTTPHeaders)
        async throws
    { throw unsupported("load navigation properties") }
    func fetchMetadataDocument(headers: HTTPHeaders) async throws -> Data { throw unsupported("read $metadata") }
    func createEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor, headers: HTTPHeaders) async throws -> EntityValue {
        throw unsupported("create")
    }
    func createRelatedEntity(
        _ entity: EntityValue, in parent: EntityValue, property: NavigationDescriptor, parentSet: EntitySetDescriptor?,
        headers: HTTPHeaders
    ) async throws -> EntityValue { throw unsupported("create") }
    func updateEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders, options: RequestOptions)
        async throws -> EntityValue
    { throw unsupported("update") }
    func deleteEntity(_ entity: EntityValue, in entitySet: EntitySetDescriptor?, headers: HTTPHeaders, options: RequestOptions)
        async throws
    { throw unsupported("delete") }
    func fetchLinks(from entity: EntityValue, property: NavigationDescriptor, entitySet: EntitySetDescriptor?, headers: HTTPHeaders)
        async throws -> LinkList
    { throw unsupported("read $links") }
    func addLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor?,
        targetSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws { throw unsupported("add links") }
    func setLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue, entitySet: EntitySetDescriptor?,
        targetSet: EntitySetDescriptor?, headers: HTTPHeaders
    ) async throws { throw unsupported("set links") }
    func removeLink(
        from entity: EntityValue, property: NavigationDescriptor, to target: EntityValue?, entitySet: EntitySetDescriptor?,
        headers: HTTPHeaders
    ) async throws { throw unsupported("remove links") }
    func fetchMedia(of entity: EntityValue, entitySet: EntitySetDescriptor?, headers: HTTPHeaders) async throws -> (
        data: Data, contentType: String?
    ) { throw unsupported("read media") }
    func downloadMedia(of entity: EntityValue, to file: URL, entitySet: EntitySetDescriptor?, headers: HTTPHeaders) async throws
        -> String?
    { throw unsupported("read media") }
    func uploadMedia(of entity: EntityValue, body: HTTPBody, contentType: String, entitySet: EntitySetDescriptor?, headers: HTTPHeaders)
        async throws -> String?
    { throw unsupported("write media") }
    func createMedia(in entitySet: EntitySetDescriptor, body: HTTPBody, contentType: String, slug: String?, headers: HTTPHeaders)
        async throws -> EntityValue
    { throw unsupported("create media") }
    func processBatch(_ batch: RequestBatch, headers: HTTPHeaders) async throws { throw unsupported("run $batch") }
    func entities(from part: BatchPartResponse, for query: DataQuery) throws -> EntityList { throw unsupported("run $batch") }
}

/// A request the test did not expect.
struct UnexpectedRequest: Error, CustomStringConvertible {
    let request: String
    var description: String { "unexpected request \(request)" }
}
