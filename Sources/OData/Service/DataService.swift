import Dispatch

/// The base of generated service containers and the entry point of the dynamic API:
/// typed calls over a `DataServiceProvider`, in `async throws` and completion-handler forms (SAP's synchronous
/// forms come from the `ODataSAPCompatibility` product).
///
/// Every completion handler of a service (generated `fetch…` methods, writes, loads, `executeQuery`,
/// function imports, batches) is typed `@MainActor` and called on the main actor, as SAP calls its
/// handlers on the main queue: a `@MainActor` view controller's handler may use `self`. The main actor
/// runs in an app and in a command-line program with an `async` entry point or top-level `await`; a program
/// that blocks its main thread (a synchronous `main` waiting on a semaphore) never gets its handlers called:
/// use the `async` forms there.
open class DataService<Provider: DataServiceProvider>: @unchecked Sendable {
    /// The provider that carries requests. Immutable after init, which makes the class safe to share.
    public let provider: Provider

    /// Creates a service over a provider; a provider that can adopt a service (`ServiceAdopting`, as
    /// `OnlineODataProvider`) adopts the one of the container's entity sets, so that its requests, those without a
    /// descriptor among them (next pages, `$links`), speak the service's protocol version.
    public init(provider: Provider) {
        self.provider = provider
        if let service = entitySets.first?.service { (provider as? any ServiceAdopting)?.adopt(service) }
    }

    /// The entity sets of the container. Generated containers list theirs; `createEntity(_:headers:)`
    /// finds an entity's set here. Empty for a plain `DataService`.
    open var entitySets: [EntitySetDescriptor] { [] }

    /// Reads the entities a query addresses, typed (nil headers or options: none, the defaults).
    public func fetch<Entity: EntityProtocol>(
        _ type: Entity.Type, matching query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) async throws(ODataError) -> [Entity] {
        // one expression, so that the page's entities are handed over, not shared: `array(from:)` then moves them
        try await Entity.array(
            from: provider.send(.fetchEntities(query, options: options ?? RequestOptions()), headers: headers ?? HTTPHeaders()).entities)
    }

    /// Reads the one entity a query addresses, typed (nil headers or options: none, the defaults).
    public func fetchOne<Entity: EntityProtocol>(
        _ type: Entity.Type, matching query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil
    ) async throws(ODataError) -> Entity {
        Entity(
            entityValue: try await provider.send(
                .fetchEntity(query, options: options ?? RequestOptions()), headers: headers ?? HTTPHeaders()))
    }

    /// Invokes a function import.
    public func invoke(
        _ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) async throws(ODataError) -> FunctionResult {
        try await provider.send(.invokeFunction(query, options: options), headers: headers)
    }

    /// Runs an async operation and reports its outcome to a completion handler on the main actor:
    /// `(result, nil)` on success, `(nil, error)` on failure. Returns the task, which can be cancelled. The generic
    /// completion-handler adapter (see the callback rule above): any `async` call, the provider's included, gets
    /// SAP's completion shape through it, `service.complete(handler) { try await service.provider.send(.fetchCount(query)) }`.
    @discardableResult
    public func complete<Result: Sendable>(
        _ completionHandler: @escaping @MainActor (Result?, (any Error)?) -> Void,
        _ operation: @escaping @Sendable () async throws -> Result
    ) -> Task<Void, Never> {
        CompletionBridge.run(completionHandler, operation)
    }

    /// Runs an async operation that returns nothing and reports its outcome to a completion handler on
    /// the main actor: `nil` on success, the error on failure. Returns the task, which can be cancelled.
    /// Package: only the runtime's own completion forms and the opt-in module call it (generated code calls those).
    @discardableResult
    package func completeVoid(
        _ completionHandler: @escaping @MainActor ((any Error)?) -> Void,
        _ operation: @escaping @Sendable () async throws -> Void
    ) -> Task<Void, Never> {
        CompletionBridge.runVoid(completionHandler, operation)
    }
}
