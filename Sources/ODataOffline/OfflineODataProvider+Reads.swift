import Foundation
import OData

extension OfflineODataProvider {
    /// Reads a collection from the store: `$filter`, `$orderby` (key order when none), `$skip`, `$top`,
    /// `$inlinecount`, `$expand` of stored relations and `$select`, with OData v2 semantics. An
    /// entity-returning function import goes to the in-process service's function handler.
    package func fetchEntities(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws(ODataError) -> EntityList {
        return try await ODataError.converting {
            if query.invocation != nil {
                switch try await invokeFunction(query, headers: headers, options: options) {
                case .entities(let list): return EntityList(entities: list)
                case .entity(let entity): return EntityList(entities: [entity])
                case .none: return EntityList(entities: [])
                case .value:
                    throw ODataError(.invalidRequest, "function import \(query.invocation?.function.name ?? "") returns no entities")
                }
            }
            let store = try openStore()
            if query.isCountRequest { return EntityList(entities: [], inlineCount: try store.count(query)) }
            return try store.fetch(query)

        }
    }

    /// Reads one entity (by key, or a to-one navigation) from the store; a missing one throws a 404 `ODataError`.
    package func fetchEntity(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws(ODataError) -> EntityValue {
        return try await ODataError.converting {
            if query.invocation != nil {
                if case .entity(let entity) = try await invokeFunction(query, headers: headers, options: options) { return entity }
                throw ODataError(.invalidRequest, "function import \(query.invocation?.function.name ?? "") returns no entity")
            }
            return try openStore().fetchOne(query)

        }
    }

    /// Invokes a function import through the in-process service's handler; an offline store of a remote
    /// service cannot answer function imports (they run on the server) and throws.
    package func invokeFunction(_ query: DataQuery, headers: HTTPHeaders, options: RequestOptions) async throws(ODataError)
        -> FunctionResult
    {
        return try await ODataError.converting {
            guard let name = query.invocation?.function.name else {
                throw ODataError(.invalidRequest, "the query invokes no function import")
            }
            guard let functionHandler else {
                throw ODataError(
                    .invalidRequest, "offline store: function import \(name) runs on the service and cannot be answered offline")
            }
            return try await functionHandler(query)

        }
    }

    /// The number of entities a query addresses (`$count`, honouring `$filter`).
    package func fetchCount(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) async throws(ODataError) -> Int {
        return try ODataError.converting {
            try openStore().count(query)

        }
    }

    /// Loads a navigation property into an entity from the stored relations (the query's options apply to
    /// the related entities).
    package func loadProperty(
        _ navigation: NavigationDescriptor, into entity: inout EntityValue, query: DataQuery = DataQuery(),
        headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) {
        try ODataError.converting {
            let store = try openStore()
            let (set, key) = try store.locate(entity, set: nil)
            guard let stored = try store.row(set: set, key: key) else {
                throw OfflineStore.notFound("\(set)\(key) is not in the offline store")
            }
            var related = query
            related.entitySet = EntitySetDescriptor(name: set, entityType: entity.entityType)
            related.key = try stored.entity(as: entity.entityType, resolver: store.typeResolver).key
            related.navigationSegments = [NavigationSegment(name: navigation.name)]
            let list = try store.fetch(related)
            entity[navigation] = navigation.isCollection ? .entities(list.entities) : .entity(list.entities.first)

        }
    }

    /// Whether an entity was created locally and is not uploaded yet.
    public func isLocal(_ entity: EntityValue, entitySet: EntitySetDescriptor? = nil) throws -> Bool {
        let store = try openStore()
        let (set, key) = try store.locate(entity, set: entitySet)
        return try store.row(set: set, key: key, includeDeleted: true)?.isLocal ?? false
    }

    /// Whether an entity has local changes not uploaded yet (or archived after a failed upload).
    public func hasPendingChanges(_ entity: EntityValue, entitySet: EntitySetDescriptor? = nil) throws -> Bool {
        let store = try openStore()
        let (set, key) = try store.locate(entity, set: entitySet)
        return try store.row(set: set, key: key, includeDeleted: true)?.hasPendingChanges ?? false
    }

    /// The stored media resource of a media entity (downloaded with its defining query's streams, or uploaded
    /// locally).
    package func fetchMedia(
        of entity: EntityValue, entitySet: EntitySetDescriptor? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) async throws(ODataError) -> (data: Data, contentType: String?) {
        return try ODataError.converting {
            let store = try openStore()
            let (set, key) = try store.locate(entity, set: entitySet)
            guard
                let row = try store.db.query("SELECT data, content_type FROM media WHERE eset = ? AND ekey = ?", [.text(set), .text(key)])
                    .first
            else { throw OfflineStore.notFound("no media resource of \(set)\(key) in the offline store") }
            return (row[0].data ?? Data(), row[1].text)

        }
    }
}
