/// Helpers that generated code calls, kept in the runtime so generated files stay declarations and thin calls.
/// They are `@_spi(Generated)`: not API for hand-written code and free to change together with
/// `RuntimeVersion`.

extension KeyComponent {
    /// A key component from a typed key property and its value (nil becomes null).
    @_spi(Generated)
    public init<Value>(_ property: TypedProperty<Value>, _ value: Value?) {
        self.init(name: property.name, value: value?.edmValue ?? .null)
    }

    /// A key component named by a key alias (a key property inside a complex property, OData 4.01) and its value
    /// (nil becomes null).
    @_spi(Generated)
    public init<Value: EdmValueConvertible>(_ alias: String, _ value: Value?) {
        self.init(name: alias, value: value?.edmValue ?? .null)
    }
}

extension ComplexTypeProtocol {
    /// A new value of this complex type with every property absent.
    public init() {
        self.init(complexValue: ComplexValue(type: Self.complexType))
    }
}

extension DataService {
    /// Invokes a function import that returns nothing.
    @_spi(Generated)
    public func invokeVoid(
        _ query: DataQuery, headers: HTTPHeaders?, options: RequestOptions?
    ) async throws(ODataError) {
        _ = try await invoke(query, headers: headers ?? HTTPHeaders(), options: options ?? RequestOptions())
    }

    /// Invokes a function import that returns a primitive or complex value or a collection of them.
    @_spi(Generated)
    public func invokeValue<Value: EdmValueConvertible>(
        _ type: Value.Type, _ query: DataQuery, headers: HTTPHeaders?, options: RequestOptions?
    ) async throws(ODataError) -> Value {
        let name = query.invocation?.function.name ?? "?"
        let result = try await invoke(query, headers: headers ?? HTTPHeaders(), options: options ?? RequestOptions())
        guard case .value(let value) = result else {
            throw ODataError(
                wrapping: FunctionResultError(functionName: name, message: "expected a value of type \(Value.self), got \(result)"))
        }
        guard let typed = Value(edmValue: value) else {
            throw ODataError(
                wrapping: FunctionResultError(functionName: name, message: "expected a value of type \(Value.self), got \(value)"))
        }
        return typed
    }

    /// Invokes a function import that returns one entity.
    @_spi(Generated)
    public func invokeEntity<Entity: EntityProtocol>(
        _ type: Entity.Type, _ query: DataQuery, headers: HTTPHeaders?, options: RequestOptions?
    ) async throws(ODataError) -> Entity {
        let result = try await invoke(query, headers: headers ?? HTTPHeaders(), options: options ?? RequestOptions())
        switch result {
        case .entity(let entity): return Entity(entityValue: entity)
        case .entities(let entities) where entities.count == 1: return Entity(entityValue: entities[0])
        default:
            throw ODataError(
                wrapping: FunctionResultError(
                    functionName: query.invocation?.function.name ?? "?", message: "expected one \(Entity.self), got \(result)"))
        }
    }

    /// Invokes a function import that returns a collection of entities.
    @_spi(Generated)
    public func invokeEntities<Entity: EntityProtocol>(
        _ type: Entity.Type, _ query: DataQuery, headers: HTTPHeaders?, options: RequestOptions?
    ) async throws(ODataError) -> [Entity] {
        let result = try await invoke(query, headers: headers ?? HTTPHeaders(), options: options ?? RequestOptions())
        switch result {
        case .entities(let entities): return Entity.array(from: entities)
        case .entity(let entity): return [Entity(entityValue: entity)]
        default:
            throw ODataError(
                wrapping: FunctionResultError(
                    functionName: query.invocation?.function.name ?? "?", message: "expected entities of type \(Entity.self), got \(result)"
                ))
        }
    }
}

// MARK: Completion-handler forms
//
// Generated completion-handler methods call these instead of wrapping their async twin in a closure:
// one runtime function instead of one async closure per generated method keeps generated code cheap to
// compile (async closures are costly in debug builds).

extension DataService {
    /// `fetch(_:matching:headers:options:)` reporting to a completion handler on the main actor.
    @discardableResult
    public func fetch<Entity: EntityProtocol>(
        _ type: Entity.Type, matching query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil,
        completionHandler: @escaping @MainActor ([Entity]?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.fetch(type, matching: query, headers: headers, options: options) }
    }

    /// `fetchOne(_:matching:headers:options:)` reporting to a completion handler on the main actor.
    @discardableResult
    public func fetchOne<Entity: EntityProtocol>(
        _ type: Entity.Type, matching query: DataQuery, headers: HTTPHeaders? = nil, options: RequestOptions? = nil,
        completionHandler: @escaping @MainActor (Entity?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.fetchOne(type, matching: query, headers: headers, options: options) }
    }

    /// `invokeVoid` reporting to a completion handler on the main actor.
    @_spi(Generated)
    @discardableResult
    public func invokeVoid(
        _ query: DataQuery, headers: HTTPHeaders?, options: RequestOptions?,
        completionHandler: @escaping @MainActor ((any Error)?) -> Void
    ) -> Task<Void, Never> {
        completeVoid(completionHandler) { try await self.invokeVoid(query, headers: headers, options: options) }
    }

    /// `invokeValue` reporting to a completion handler on the main actor.
    @_spi(Generated)
    @discardableResult
    public func invokeValue<Value: EdmValueConvertible>(
        _ type: Value.Type, _ query: DataQuery, headers: HTTPHeaders?, options: RequestOptions?,
        completionHandler: @escaping @MainActor (Value?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.invokeValue(type, query, headers: headers, options: options) }
    }

    /// `invokeEntity` reporting to a completion handler on the main actor.
    @_spi(Generated)
    @discardableResult
    public func invokeEntity<Entity: EntityProtocol>(
        _ type: Entity.Type, _ query: DataQuery, headers: HTTPHeaders?, options: RequestOptions?,
        completionHandler: @escaping @MainActor (Entity?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.invokeEntity(type, query, headers: headers, options: options) }
    }

    /// `invokeEntities` reporting to a completion handler on the main actor.
    @_spi(Generated)
    @discardableResult
    public func invokeEntities<Entity: EntityProtocol>(
        _ type: Entity.Type, _ query: DataQuery, headers: HTTPHeaders?, options: RequestOptions?,
        completionHandler: @escaping @MainActor ([Entity]?, (any Error)?) -> Void
    ) -> Task<Void, Never> {
        complete(completionHandler) { try await self.invokeEntities(type, query, headers: headers, options: options) }
    }
}
