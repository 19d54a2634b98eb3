/// The one lookup of the entity type a query's result has, shared by every provider (online, offline,
/// in-memory, recorded) and by URL rendering.
extension DataQuery {
    /// The entity type of the query's result: an entity-returning function import's type, else the entity
    /// set's type followed through the navigation segments. Throws `ODataError` `.invalidRequest` for a query
    /// that addresses no entity set, a function import that returns no entities, or a navigation segment its
    /// type does not have.
    public func resultEntityType() throws(ODataError) -> EntityTypeDescriptor {
        if let invocation {
            switch invocation.function.returnType {
            case .entity(let type), .entityCollection(let type): return type()
            default: throw ODataError(.invalidRequest, "function import \(invocation.function.name) does not return entities")
            }
        }
        guard let set = entitySet else {
            throw ODataError(.invalidRequest, "the query addresses no entity set")
        }
        var type = set.entityType
        for segment in navigationSegments {
            guard let navigation = type.navigationProperty(named: segment.name) else {
                throw ODataError(.invalidRequest, "\(type.qualifiedName) has no navigation property \(segment.name)")
            }
            type = navigation.targetType
        }
        return type
    }
}
