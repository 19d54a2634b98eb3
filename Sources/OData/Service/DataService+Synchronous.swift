import Dispatch
import Foundation

/// Runs async work to completion on the cooperative pool while the calling thread waits: the engine of the
/// synchronous (`throws`, not `async`) forms SAP code calls from background queues.
///
/// Deadlock caveat: the calling thread blocks until the work finishes. Never call a synchronous form on the
/// main thread when the work needs it (a `@MainActor` completion, UI), nor from a task on the cooperative
/// pool (the forms are `@available(*, noasync)`, so an `async` function uses the async form; a synchronous
/// function called from a task can still exhaust the pool, which has one thread per core).
enum Blocking {
    /// The value of `operation`, or its error, once it finished.
    static func run<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) throws -> Value {
        let outcome = Outcome<Value>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                outcome.set(.success(try await operation()))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    /// The result, handed from the task to the waiting thread (the semaphore orders the accesses; the lock
    /// makes that visible to the checker).
    private final class Outcome<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<Value, any Error>?

        func set(_ result: Result<Value, any Error>) { lock.withLock { self.result = result } }

        func get() throws -> Value {
            guard let result = lock.withLock({ result }) else { throw ODataError(.cancelled, "the operation did not finish") }
            return try result.get()
        }
    }
}

/// SAP's synchronous forms: the same calls as the async ones, blocking the calling thread (see `Blocking`
/// for the deadlock caveat). `@available(*, noasync)`: in an `async` context the async form is used.
extension DataService {
    /// Synchronous `executeQuery(_:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func executeQuery(_ query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil) throws -> QueryResult {
        try Blocking.run { try await self.executeQuery(query, headers: headers, options: options) }
    }

    /// Synchronous `fetch(_:matching:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func fetch<Entity: EntityProtocol>(
        _ type: Entity.Type, matching query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) throws -> [Entity] {
        try Blocking.run { try await self.fetch(type, matching: query, headers: headers, options: options) }
    }

    /// Synchronous `createEntity(_:headers:)` (the set taken from the entity's type).
    @available(*, noasync, message: "use the async form in an async context")
    @discardableResult
    public func createEntity<Entity: EntityProtocol>(_ entity: Entity, headers: HTTPHeaders = HTTPHeaders()) throws -> Entity {
        try Blocking.run { try await self.createEntity(entity, headers: headers) }
    }

    /// Synchronous `updateEntity(_:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    @discardableResult
    public func updateEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) throws -> Entity {
        try Blocking.run { try await self.updateEntity(entity, headers: headers, options: options) }
    }

    /// Synchronous `deleteEntity(_:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func deleteEntity<Entity: EntityProtocol>(
        _ entity: Entity, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) throws {
        try Blocking.run { try await self.deleteEntity(entity, headers: headers, options: options) }
    }

    /// Synchronous `loadProperty(_:into:query:headers:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func loadProperty<Entity: EntityProtocol, Target: EntityProtocol>(
        _ property: TypedNavigationProperty<Target>, into entity: inout Entity, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders()
    ) throws {
        let start = entity
        entity = try Blocking.run {
            var loaded = start
            try await self.loadProperty(property, into: &loaded, query: query, headers: headers)
            return loaded
        }
    }

    /// Synchronous `loadEntity(_:query:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func loadEntity<Entity: EntityProtocol>(
        _ entity: inout Entity, query: DataQuery? = nil, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) throws {
        let start = entity
        entity = try Blocking.run { try await self.loaded(start, query: query, headers: headers, options: options) }
    }

    /// Synchronous `invoke(_:headers:options:)` (function imports).
    @available(*, noasync, message: "use the async form in an async context")
    public func invoke(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()) throws
        -> FunctionResult
    {
        try Blocking.run { try await self.invoke(query, headers: headers, options: options) }
    }

    /// Synchronous `count(matching:headers:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func count(matching query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) throws -> Int {
        try Blocking.run { try await self.count(matching: query, headers: headers) }
    }

    /// Synchronous `processBatch(_:headers:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func processBatch(_ batch: RequestBatch, headers: HTTPHeaders = HTTPHeaders()) throws {
        try Blocking.run { try await self.processBatch(batch, headers: headers) }
    }

    /// Synchronous `applyChanges(_:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func applyChanges(_ changes: ChangeSet, headers: HTTPHeaders? = nil, options: RequestOptions? = nil) throws {
        try Blocking.run { try await self.applyChanges(changes, headers: headers, options: options) }
    }

    /// Synchronous `downloadMedia(entity:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func downloadMedia<Entity: EntityProtocol>(entity: Entity, headers: HTTPHeaders? = nil, options: RequestOptions? = nil) throws
        -> Data
    {
        try Blocking.run { try await self.downloadMedia(entity: entity, headers: headers, options: options) }
    }

    /// Synchronous `uploadMedia(entity:content:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    @discardableResult
    public func uploadMedia<Entity: EntityProtocol>(
        entity: Entity, content: ByteStream, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) throws -> String? {
        try Blocking.run { try await self.uploadMedia(entity: entity, content: content, headers: headers, options: options) }
    }

    /// Synchronous `createMedia(entity:content:headers:options:)`.
    @available(*, noasync, message: "use the async form in an async context")
    public func createMedia<Entity: EntityProtocol>(
        entity: Entity, content: ByteStream, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) throws -> Entity {
        try Blocking.run { try await self.createMedia(entity: entity, content: content, headers: headers, options: options) }
    }
}
