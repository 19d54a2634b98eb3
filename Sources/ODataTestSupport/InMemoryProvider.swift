import Foundation
import OData

/// A `DataServiceProvider` that keeps entities in memory, for tests of code written against a
/// generated container (`ESPMContainer(provider: InMemoryProvider(entitySets: …))`) without a server.
///
/// It stores entities per entity set and supports every operation except function imports (unless a
/// handler is given) and `$metadata` (unless a document is given): reads with key, navigation,
/// `$filter`, `$orderby`, `$skip`, `$top`, `$inlinecount` and `$expand` (evaluated by
/// `DataQuery.evaluate(on:)`), `$count`, properties and `$value`; create (with deep insert and
/// binding), update (MERGE/PATCH/PUT with ETag checks), delete; `$links`; media resources of
/// media-link entity types; `$batch` of `DataQuery` reads and entity changesets, atomic per changeset.
/// Failures are the `ODataError`s a server's answers would give (404, 409, 412 as `statusCode`).
/// `$select` is not applied. Safe to share: every call runs under a lock.
public final class InMemoryProvider: LocalProvider, @unchecked Sendable {
    /// The service's name, for errors.
    public let serviceName: String
    /// The root URLs of failed batch parts are resolved against.
    public let serviceRoot: URL
    /// Entities per page of a collection read (server-driven paging with next links), or nil for all.
    public let pageSize: Int?
    private let metadataDocument: Data?
    private let functionHandler: (@Sendable (DataQuery) throws -> FunctionResult)?
    private let lock = NSLock()
    private var store = InMemoryStore()
    private var operationLog: [String] = []

    /// Creates an empty provider knowing `entitySets` (a set is also registered the first time an entity
    /// is created in it). `functionHandler` answers function imports; `metadataDocument` is the
    /// `$metadata` document returned by `fetchMetadataDocument`.
    public init(
        serviceName: String = "InMemory", entitySets: [EntitySetDescriptor] = [], pageSize: Int? = nil,
        metadataDocument: Data? = nil, functionHandler: (@Sendable (DataQuery) throws -> FunctionResult)? = nil
    ) {
        self.serviceName = serviceName
        self.serviceRoot = URL(string: "http://in-memory.invalid/")!.appendingPathComponent(serviceName).appendingPathComponent("")
        self.pageSize = pageSize.map { max(1, $0) }
        self.metadataDocument = metadataDocument
        self.functionHandler = functionHandler
        for set in entitySets { store.register(set) }
    }

    /// Registers entity sets (a generated container's `entitySets`), so that entities can be addressed
    /// by type and navigation targets found: `provider.register(ESPMContainer(provider: provider).entitySets)`.
    public func register(_ entitySets: [EntitySetDescriptor]) {
        lock.withLock { for set in entitySets { store.register(set) } }
    }

    /// Every operation so far, in order (`create Customers('1')`, `read Customers?$top=1`, …), for assertions.
    public var log: [String] { lock.withLock { operationLog } }

    /// The stored entities of a set, in insertion order (changes accepted, navigation not loaded).
    public func storedEntities(in entitySet: EntitySetDescriptor) -> [EntityValue] {
        lock.withLock { store.entities[entitySet.name] ?? [] }
    }

    /// Runs `body` on the store under the lock and logs `entry`.
    func withStore<T>(_ entry: String, _ body: (inout InMemoryStore) throws -> T) rethrows -> T {
        try lock.withLock {
            operationLog.append(entry)
            return try body(&store)
        }
    }

    /// Runs `body` on a copy of the store and keeps the copy only when it succeeds (a changeset).
    func atomically<T>(_ body: (inout InMemoryStore) throws -> T) rethrows -> T {
        try lock.withLock {
            var copy = store
            let result = try body(&copy)
            store = copy
            return result
        }
    }

    /// Runs an operation against the store (see `LocalProvider`).
    public func send<Output>(_ operation: DataServiceOperation<Output>, headers: HTTPHeaders) async throws(ODataError) -> Output {
        try await runLocally(operation, headers: headers)
    }

    /// A 404 for something the store does not hold.
    package func notFound(_ message: String) -> ODataError { InMemoryStore.notFound(message) }

    func unsupported(_ what: String) -> ODataError {
        ODataError(.unsupportedOperation, "\(serviceName) (InMemoryProvider) cannot \(what)")
    }

    // MARK: Reads

    /// Reads a page of a collection; with `pageSize` set, `nextLink` addresses the next page.
    package func fetchEntities(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions())
        async throws(ODataError) -> EntityList
    {
        return try await ODataError.converting {
            if query.invocation != nil {
                guard case .entities(let entities) = try await invokeFunction(query, headers: headers, options: options) else {
                    throw ODataError(.invalidRequest, "the function import does not return entities")
                }
                return EntityList(entities: entities)
            }
            return try page(of: query, from: 0)

        }
    }

    /// Reads the page a next link of `fetchEntities` addresses.
    package func fetchPage(nextLink: String, for query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError)
        -> EntityList
    {
        return try ODataError.converting {
            guard let range = nextLink.range(of: "$skiptoken="), let offset = Int(nextLink[range.upperBound...]), offset >= 0 else {
                throw ODataError(.invalidRequest, "not a next link of this provider: \(nextLink)")
            }
            return try page(of: query, from: offset)

        }
    }

    private func page(of query: DataQuery, from offset: Int) throws -> EntityList {
        let selection = try withStore("read \(query.relativeURLString)") { try $0.select(query) }
        let remaining = selection.entities.dropFirst(offset)
        let size = pageSize ?? remaining.count
        let next = remaining.count > size ? Self.nextLink(query, offset: offset + size) : nil
        return EntityList(
            entities: Array(remaining.prefix(size)), inlineCount: query.includesInlineCount ? selection.total : nil, nextLink: next)
    }

    private static func nextLink(_ query: DataQuery, offset: Int) -> String {
        let url = query.relativeURLString
        return url + (url.contains("?") ? "&" : "?") + "$skiptoken=\(offset)"
    }

    /// Reads the one entity a query addresses; 404 when there is none.
    package func fetchEntity(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions())
        async throws(ODataError) -> EntityValue
    {
        return try ODataError.converting {
            let selection = try withStore("read \(query.relativeURLString)") { try $0.select(query) }
            guard let entity = selection.entities.first else { throw InMemoryStore.notFound("\(query.resourcePath) does not exist") }
            return entity

        }
    }

    /// The number of entities a query addresses (ignoring `$skip` and `$top`).
    package func fetchCount(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) -> Int {
        return try ODataError.converting {
            try withStore("count \(query.relativeURLString)") { try $0.select(query).total }

        }
    }

    /// A property of the entity a query addresses (null when not set).
    package func fetchProperty(_ property: PropertyDescriptor, of query: DataQuery, headers: HTTPHeaders = HTTPHeaders())
        async throws(ODataError)
        -> EdmValue
    {
        return try await ODataError.converting {
            let entity = try await fetchEntity(query, headers: headers)
            return entity[property.name] ?? .null

        }
    }

    /// Loads a navigation property of a stored entity; `query` filters, orders and pages its targets.
    package func loadProperty(
        _ navigation: NavigationDescriptor, into entity: inout EntityValue, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try ODataError.converting {
            let source = entity
            let related = try withStore("load \(navigation.name)") { store -> [EntityValue] in
                let targets = try store.targets(of: try store.ref(of: source, in: nil), navigation)
                do {
                    return try query.evaluate(on: targets).map { try store.expanded($0, query.expandItems) }
                } catch let error as QueryEvaluationError {
                    throw ODataError(.invalidRequest, "\(navigation.name): \(error)", underlyingError: error)
                }
            }
            entity[navigation] = navigation.isCollection ? .entities(related) : .entity(related.first)

        }
    }

    /// Answers a function import with the handler given at init; `.unsupportedOperation` without one.
    package func invokeFunction(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions())
        async throws(ODataError) -> FunctionResult
    {
        return try ODataError.converting {
            guard let functionHandler else { throw unsupported("invoke function imports (no handler given)") }
            withStore("invoke \(query.invocation?.function.name ?? "?")") { _ in }
            return try functionHandler(query)

        }
    }

    /// The `$metadata` document given at init; `.unsupportedOperation` without one.
    package func fetchMetadataDocument(headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) -> Data {
        return try ODataError.converting {
            guard let metadataDocument else { throw unsupported("read $metadata (no document given)") }
            return metadataDocument

        }
    }
}
