import Foundation

/// A `$batch` request: reads and changesets in order, sent as one HTTP request
/// (SAP's name and shape: `addQuery`, `addChanges`, results per item afterwards).
public final class RequestBatch: @unchecked Sendable {
    /// One entry of the batch.
    enum Entry {
        case query(BatchPartRequest, DataQuery?)
        case changes(ChangeSet)
    }

    /// One entry of the batch as a provider sees it.
    public enum Part: Sendable {
        /// A read: `.read(query)` when added with `addQuery(_:)` of a `DataQuery`, else `.request`.
        case read(BatchOperation)
        /// A changeset.
        case changes(ChangeSet)
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    private var queryResults: [Int: Result<BatchPartResponse, ODataError>] = [:]
    private var storedDecoder: (@Sendable (BatchPartResponse, DataQuery) throws -> EntityList)?

    /// How the provider that ran the batch decodes a read's entities (`entities(from:for:)` uses it), set by the
    /// provider as it records the batch's answer.
    package var decoder: (@Sendable (BatchPartResponse, DataQuery) throws -> EntityList)? {
        get { lock.withLock { storedDecoder } }
        set { lock.withLock { storedDecoder = newValue } }
    }

    /// The index of the first read added as a `DataQuery` with this URL.
    package func queryIndex(forURL url: String) -> Int? {
        lock.withLock {
            entries.firstIndex { entry in
                if case .query(_, let query?) = entry { return query.relativeURLString == url }
                return false
            }
        }
    }

    /// An empty batch.
    public init() {}

    /// Adds a read and returns its index for `queryResult(at:)`.
    @discardableResult
    public func addQuery(_ request: BatchPartRequest) -> Int {
        addQuery(request, query: nil)
    }

    func addQuery(_ request: BatchPartRequest, query: DataQuery?) -> Int {
        lock.withLock {
            entries.append(.query(request, query))
            return entries.count - 1
        }
    }

    /// The reads and changesets in order, for providers that run a batch without HTTP.
    public var parts: [Part] {
        lock.withLock {
            entries.map { entry in
                switch entry {
                case .query(let request, let query): return .read(query.map { .read($0) } ?? .request(request))
                case .changes(let changeSet): return .changes(changeSet)
                }
            }
        }
    }

    /// Adds a changeset.
    public func addChanges(_ changeSet: ChangeSet) {
        lock.withLock { entries.append(.changes(changeSet)) }
    }

    /// Whether nothing was added.
    public var isEmpty: Bool { lock.withLock { entries.isEmpty } }

    /// The result of the read at this index (from `addQuery`), once the batch ran.
    public func queryResult(at index: Int) -> Result<BatchPartResponse, ODataError>? {
        lock.withLock { queryResults[index] }
    }

    /// The items to send.
    var items: [BatchItem] {
        lock.withLock {
            entries.map { entry in
                switch entry {
                case .query(let request, _): return .query(request)
                case .changes(let changeSet): return .changeSet(changeSet.requests)
                }
            }
        }
    }

    /// Distributes the responses to the reads and changesets, in order: one `.query` per read and one
    /// `.changeSet` per changeset (a response per write, or the single error response of a failed
    /// changeset). Providers call it once they ran the batch; failed parts become `ODataError`s whose
    /// URLs are resolved against `serviceRoot`.
    public func record(_ responses: [BatchItemResponse], serviceRoot: URL) throws {
        let current = lock.withLock { entries }
        guard responses.count == current.count else {
            throw ODataError(.decoding, "batch response has \(responses.count) parts for \(current.count) requests")
        }
        for (index, (entry, response)) in zip(current, responses).enumerated() {
            switch (entry, response) {
            case (.query(let request, _), .query(let part)):
                let result: Result<BatchPartResponse, ODataError> =
                    part.error(for: request, serviceRoot: serviceRoot).map { .failure($0) } ?? .success(part)
                lock.withLock { queryResults[index] = result }
            case (.changes(let changeSet), .query(let part)):
                // the whole changeset failed: the server answers with one error response
                try changeSet.recordFailure(part, serviceRoot: serviceRoot)
            case (.changes(let changeSet), .changeSet(let parts)):
                let requests = changeSet.requests
                if parts.count == requests.count {
                    changeSet.recordParts(parts, serviceRoot: serviceRoot)
                } else if parts.count == 1, !parts[0].isSuccess {
                    try changeSet.recordFailure(parts[0], serviceRoot: serviceRoot)
                } else {
                    throw ODataError(.decoding, "changeset response has \(parts.count) parts for \(requests.count) requests")
                }
            case (.query, .changeSet):
                throw ODataError(.decoding, "batch response has a changeset where a query response was expected")
            }
        }
    }
}
