import Dispatch

/// The base of generated service containers and the entry point of the dynamic API:
/// typed calls over a `DataServiceProvider`, in `async throws` and completion-handler forms.
open class DataService<Provider: DataServiceProvider>: @unchecked Sendable {
    /// The provider that carries requests. Immutable after init, which makes the class safe to share.
    public let provider: Provider
    /// Where completion handlers are called (a global concurrent queue by default).
    public let completionQueue: DispatchQueue

    /// Creates a service over a provider.
    public init(provider: Provider, completionQueue: DispatchQueue = .global()) {
        self.provider = provider
        self.completionQueue = completionQueue
    }

    /// The entity sets of the container. Generated containers list theirs; `createEntity(_:headers:)`
    /// finds an entity's set here. Empty for a plain `DataService`.
    open var entitySets: [EntitySetDescriptor] { [] }

    /// Reads the entities a query addresses, typed.
    public func fetch<Entity: EntityProtocol>(
        _ type: Entity.Type, matching query: DataQuery, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws -> [Entity] {
        let list = try await provider.fetchEntities(query, headers: headers, options: options)
        return Entity.array(from: list.entities)
    }

    /// Reads the one entity a query addresses, typed.
    public func fetchOne<Entity: EntityProtocol>(
        _ type: Entity.Type, matching query: DataQuery, headers: HTTPHeaders = HTTPHeaders(),
        options: RequestOptions = RequestOptions()
    ) async throws -> Entity {
        Entity(entityValue: try await provider.fetchEntity(query, headers: headers, options: options))
    }

    /// Invokes a function import.
    public func invoke(
        _ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions()
    ) async throws -> FunctionResult {
        try await provider.invokeFunction(query, headers: headers, options: options)
    }

    /// Completion-handler form of `invoke(_:headers:options:)`.
    @discardableResult
    public func invoke(
        _ query: DataQuery, headers: HTTPHeaders = HTTPHeaders(), options: RequestOptions = RequestOptions(),
        completionHandler: @escaping @Sendable (FunctionResult?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.invoke(query, headers: headers, options: options) }
    }

    /// Runs an async operation and reports its outcome to a completion handler on `completionQueue`:
    /// `(result, nil)` on success, `(nil, error)` on failure. Returns the task, which can be cancelled.
    @discardableResult
    public func complete<Result: Sendable>(
        _ completionHandler: @escaping @Sendable (Result?, (any Error)?) -> Void,
        _ operation: @escaping @Sendable () async throws -> Result
    ) -> Task<Void, Never> {
        CompletionBridge.run(on: completionQueue, completionHandler, operation)
    }
}
