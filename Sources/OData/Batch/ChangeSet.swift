import Foundation

/// Writes that a `$batch` applies atomically: all succeed or none does.
/// Parts can refer to an earlier part's `Content-ID` as `$<id>` in their URL.
public final class ChangeSet: @unchecked Sendable {
    private let lock = NSLock()
    private var storedRequests: [BatchPartRequest] = []
    private var storedOperations: [BatchOperation?] = []
    private var storedResponses: [BatchPartResponse] = []
    private var storedResults: [Result<BatchPartResponse, ODataError>] = []
    private var storedError: ODataError?
    private var nextContentID = 1
    /// Creates added without their entity set (`createEntity(_:contentID:)`), by index: resolved by the
    /// `DataService` that runs the batch (`resolveEntitySets(_:)`).
    private var unresolvedCreates: [Int: EntityValue] = [:]
    /// The target address of each `$links` write (`createLink`, `updateLink`), by index, so that the provider
    /// that sends the batch writes its body in its format.
    private var linkTargets: [Int: String] = [:]
    /// Where the server's version of an entity goes, by index: the object of a typed entity with reference
    /// semantics (`ReferenceEntity`) that was added, which every reference to it sees.
    private var serverVersionTargets: [Int: ServerVersionTarget] = [:]
    /// The server's version of each entity created or updated, by index, once a `DataService` ran the batch.
    private var storedServerVersions: [Int: EntityValue] = [:]
    /// The first error of a write that was added without `try` (the opt-in's SAP forms, which check when the
    /// batch runs): `DataService.processBatch` throws it before anything is sent.
    private var storedDeferredError: ODataError?

    /// Receives the server's version of an entity added to the changeset (see `serverVersionTargets`).
    typealias ServerVersionTarget = @Sendable (EntityValue) -> Void

    /// An empty changeset.
    public init() {}

    /// The requests in order.
    public var requests: [BatchPartRequest] { lock.withLock { storedRequests } }

    /// Adds a write and returns its `Content-ID` (assigned `1`, `2`, … when the request has none),
    /// which later parts can use as `$<id>`.
    @discardableResult
    public func add(_ request: BatchPartRequest) -> String {
        add(request, operation: nil)
    }

    /// Adds a write with what it does, for providers that run a batch without HTTP.
    /// (`target`, when given, receives the server's version of the entity it creates or updates.)
    func add(_ request: BatchPartRequest, operation: BatchOperation?, target: ServerVersionTarget? = nil) -> String {
        lock.withLock { addLocked(request, operation: operation, target: target) }
    }

    /// `add(_:operation:target:)` with the lock held.
    private func addLocked(_ request: BatchPartRequest, operation: BatchOperation?, target: ServerVersionTarget? = nil) -> String {
        var request = request
        let id = request.contentID ?? String(nextContentID)
        nextContentID += 1
        request.contentID = id
        serverVersionTargets[storedRequests.count] = target
        storedRequests.append(request)
        storedOperations.append(operation)
        return id
    }

    /// Adds the creation of `entity` in a set not known yet (its URL is empty until `resolveEntitySets(_:)`).
    func addCreateWithoutSet(_ entity: EntityValue, contentID: String?, target: ServerVersionTarget?) -> String {
        let request = BatchPartRequest(
            method: "POST", url: "", headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: ODataJSONEncoder().encodeForCreate(entity), contentID: contentID)
        return lock.withLock {
            unresolvedCreates[storedRequests.count] = entity
            return addLocked(request, operation: nil, target: target)
        }
    }

    /// Adds a `$links` write whose body names `target` (JSON until a provider writes it in its format).
    func addLinkWrite(_ request: BatchPartRequest, target: String) -> String {
        lock.withLock {
            linkTargets[storedRequests.count] = target
            return addLocked(request, operation: nil)
        }
    }

    /// The target addresses of the `$links` writes, by request index.
    var linkWriteTargets: [Int: String] { lock.withLock { linkTargets } }

    /// The entity types of the creates still without an entity set (empty once resolved).
    var typesWithoutEntitySet: [EntityTypeDescriptor] {
        lock.withLock { unresolvedCreates.sorted { $0.key < $1.key }.map(\.value.entityType) }
    }

    /// Gives each create added without a set the set `entitySet` finds for its type.
    func resolveEntitySets(_ entitySet: (EntityTypeDescriptor) throws -> EntitySetDescriptor) throws {
        try lock.withLock {
            for (index, entity) in unresolvedCreates.sorted(by: { $0.key < $1.key }) {
                let set = try entitySet(entity.entityType)
                storedRequests[index].url = URLEncoding.encodePath(set.name)
                storedOperations[index] = .create(entity, in: set)
                unresolvedCreates[index] = nil
            }
        }
    }

    /// What each request does, in order: the entity operation for parts added with `createEntity`,
    /// `updateEntity` or `deleteEntity`, else `.request` with the request itself (with its `Content-ID`).
    public var operations: [BatchOperation] {
        lock.withLock { zip(storedRequests, storedOperations).map { $0.1 ?? .request($0.0) } }
    }

    /// Records the error of a write that could not be added, for `DataService.processBatch` to throw before
    /// it sends anything (SAP's non-throwing `ChangeSet` forms check when the batch runs, not when a write is
    /// added). The first error is kept.
    package func deferError(_ error: ODataError) {
        lock.withLock { storedDeferredError = storedDeferredError ?? error }
    }

    /// The error of a write added without `try` that could not be added (see `deferError(_:)`), if any.
    package var deferredError: ODataError? { lock.withLock { storedDeferredError } }

    /// The responses, one per request, once the batch ran and the changeset succeeded.
    public var responses: [BatchPartResponse] { lock.withLock { storedResponses } }

    /// Why the changeset failed as a whole, once the batch ran (nil on success).
    public var error: ODataError? { lock.withLock { storedError } }

    /// Whether the batch ran and every write of this changeset succeeded.
    public var isSuccess: Bool { lock.withLock { storedError == nil && storedResponses.count == storedRequests.count } }

    /// The response of the request with this `Content-ID`.
    public func response(forContentID id: String) -> BatchPartResponse? {
        lock.withLock {
            guard let index = storedRequests.firstIndex(where: { $0.contentID == id }), index < storedResponses.count else {
                return nil
            }
            return storedResponses[index]
        }
    }

    /// One result per request, in order, once the batch ran: its response, its own error, or, for the
    /// others of a failed changeset, `ODataError.notApplied` naming the request that failed.
    public var results: [Result<BatchPartResponse, ODataError>] { lock.withLock { storedResults } }

    /// The result of the request with this `Content-ID`, once the batch ran.
    public func result(forContentID id: String) -> Result<BatchPartResponse, ODataError>? {
        lock.withLock {
            guard let index = storedRequests.firstIndex(where: { $0.contentID == id }), index < storedResults.count else {
                return nil
            }
            return storedResults[index]
        }
    }

    func record(_ responses: [BatchPartResponse], results: [Result<BatchPartResponse, ODataError>], error: ODataError?) {
        lock.withLock {
            storedResponses = responses
            storedResults = results
            storedError = error
            storedServerVersions = [:]
        }
    }

    /// The server's version of the entity that the request with this `Content-ID` created or updated, once a
    /// ``DataService`` ran the batch (`processBatch`, `applyChanges`) and the request succeeded: a create's entity
    /// as the server answered it (key, edit link, ETag, server-computed values), an update's with its changes
    /// accepted and the new ETag. Nil for other requests, before the batch ran, or when the request failed.
    public func serverVersion(forContentID id: String) -> EntityValue? {
        lock.withLock { storedRequests.firstIndex { $0.contentID == id }.flatMap { storedServerVersions[$0] } }
    }

    /// Stores the server's version of the entity at `index` and writes it into the object that was added, for
    /// a typed entity with reference semantics.
    func recordServerVersion(_ entity: EntityValue, at index: Int) {
        let target = lock.withLock {
            storedServerVersions[index] = entity
            return serverVersionTargets[index]
        }
        target?(entity)
    }
}
