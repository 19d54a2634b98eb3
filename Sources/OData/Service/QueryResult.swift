/// What `DataService.executeQuery(_:)` read for a query — entities, one entity, a count or a function import's
/// result — with SAP's accessors (`entityList()`, `count()` as `Int64`, `inlineCount`): the one dynamic read that
/// returns whatever the query addresses.
public struct QueryResult: Sendable {
    /// What was read.
    public enum Payload: Sendable {
        /// Entities (a feed), with its inline count and next link.
        case entities(EntityList)
        /// One entity (a query with a key).
        case entity(EntityValue)
        /// A `$count`.
        case count(Int)
        /// A function import's result.
        case function(FunctionResult)
    }

    /// The query that was executed.
    public let query: DataQuery
    /// What was read.
    public let payload: Payload

    /// A result of a query.
    public init(query: DataQuery, payload: Payload) {
        self.query = query
        self.payload = payload
    }

    /// SAP's `entityList()`: the entities read (one for a keyed read); throws `ODataError` `.invalidRequest`
    /// when the query read a count or a value. Wrap them with `Customer.array(from:)`.
    public func entityList() throws -> [EntityValue] {
        switch payload {
        case .entities(let list): return list.entities
        case .entity(let entity): return [entity]
        case .function(.entities(let entities)): return entities
        case .function(.entity(let entity)): return [entity]
        case .count, .function: throw mismatch("entities")
        }
    }

    /// SAP's `optionalEntity()`: the one entity read, nil when none; throws when more than one was read.
    public func optionalEntity() throws -> EntityValue? {
        let entities = try entityList()
        guard entities.count <= 1 else { throw mismatch("at most one entity, not \(entities.count)") }
        return entities.first
    }

    /// SAP's `requiredEntity()`: the one entity read; throws when there is none or more than one.
    public func requiredEntity() throws -> EntityValue {
        guard let entity = try optionalEntity() else { throw mismatch("one entity, not none") }
        return entity
    }

    /// SAP's `count()`: the `$count` read, or the number of entities read, as `Int64` (SAP's type for counts).
    public func count() throws -> Int64 {
        if case .count(let count) = payload { return Int64(count) }
        return Int64(try entityList().count)
    }

    /// SAP's `inlineCount`: the `$inlinecount` the service sent with the entities, when asked for.
    public var inlineCount: Int? {
        if case .entities(let list) = payload { return list.inlineCount }
        return nil
    }

    /// The server-driven next page's link, when the service sent one.
    public var nextLink: String? {
        if case .entities(let list) = payload { return list.nextLink }
        return nil
    }

    /// The function import's result (for other payloads: entities, or nothing for a count).
    public func functionResult() -> FunctionResult {
        switch payload {
        case .function(let result): return result
        case .entities(let list): return .entities(list.entities)
        case .entity(let entity): return .entity(entity)
        case .count(let count): return .value(.int64(Int64(count)))
        }
    }

    private func mismatch(_ expected: String) -> ODataError {
        ODataError(.invalidRequest, "the query \(query.relativeURLString) read \(payload.summary), expected \(expected)")
    }
}

extension QueryResult.Payload {
    /// A short description for messages.
    var summary: String {
        switch self {
        case .entities(let list): return "\(list.entities.count) entities"
        case .entity: return "one entity"
        case .count(let count): return "the count \(count)"
        case .function(let result):
            switch result {
            case .none: return "no content"
            case .value: return "a value"
            case .entity: return "one entity"
            case .entities(let entities): return "\(entities.count) entities"
            }
        }
    }
}
