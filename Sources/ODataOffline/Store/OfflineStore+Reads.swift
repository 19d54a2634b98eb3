import Foundation
import OData

/// Local-only filters: `DataQuery().filter(…).pendingChangesOnly()` reads the entities with changes not yet uploaded.
extension DataQuery {
    /// The option name that carries the offline store's own filters (never sent to a server).
    static let offlineStateOption = "sap-offline-state"

    /// Only entities with local changes not yet uploaded (evaluated by the offline store).
    public func pendingChangesOnly() -> DataQuery { custom(Self.offlineStateOption, "pending") }

    /// Only entities created locally and not yet uploaded (evaluated by the offline store).
    public func localEntitiesOnly() -> DataQuery { custom(Self.offlineStateOption, "local") }
}

extension OfflineStore {
    /// The rows a query's resource path addresses (set, key, navigation), with their type and entity set.
    func resolve(_ query: DataQuery) throws -> (rows: [EntityRow], type: EntityTypeDescriptor, set: String) {
        guard query.invocation == nil else {
            throw ODataError(.invalidRequest, "offline store: function imports are not answered from the store")
        }
        guard let set = query.entitySet else { throw ODataError(.invalidRequest, "offline store: the query addresses no entity set") }
        var type = set.entityType
        var setName = set.name
        var rows: [EntityRow]
        if let key = query.key {
            rows = try row(set: set.name, key: key.predicate).map { [$0] } ?? []
        } else if query.navigationSegments.isEmpty {
            let plan = SQLQueryPlan(filter: query.filterExpression, table: try table(set.name))
            do {
                try ensureIndexes(plan)
                rows = try self.rows(plan: plan)
            } catch {
                // A condition SQLite refused (an evaluator error such as an overflow): the evaluator reports it.
                rows = try self.rows(set: set.name)
            }
        } else {
            rows = try self.rows(set: set.name)
        }
        for segment in query.navigationSegments {
            guard let navigation = type.navigationProperty(named: segment.name),
                let target = model.targetEntitySet(from: try entitySet(setName), navigation: segment.name)
            else { throw ODataError(.invalidRequest, "offline store: \(type.qualifiedName) has no navigation \(segment.name)") }
            guard rows.count == 1, let source = rows.first else {
                throw Self.notFound("\(setName)\(query.key?.predicate ?? "")/\(segment.name): the entity navigated from does not exist")
            }
            rows = try related(of: source.set, source.key, navigation: navigation.name)
            if let key = segment.key {
                let predicate = key.predicate
                rows = rows.filter { $0.key == predicate }
            }
            type = navigation.targetType
            setName = target.name
        }
        if let state = query.customOptions.last(where: { $0.name == DataQuery.offlineStateOption })?.value {
            rows = rows.filter { state == "local" ? $0.isLocal : $0.hasPendingChanges }
        }
        return (rows, type, setName)
    }

    /// The live rows a navigation property of an entity relates to. Through the association's referential
    /// constraint: the entities whose foreign-key columns hold the entity's values (or the other way round), in
    /// key order, as the server answers the navigation — unless the navigation was downloaded expanded or
    /// changed locally where the foreign key cannot say so; then, and for associations without a constraint,
    /// the stored relations (`links`) in link order.
    func related(of set: String, _ key: String, navigation: String) throws -> [EntityRow] {
        guard let target = model.targetEntitySet(from: try entitySet(set), navigation: navigation) else { return [] }
        let table = try self.table(target.name)
        let address: [SQLValue] = [.text(set), .text(key), .text(navigation)]
        let isKeptInLinks = !(try db.query("SELECT 1 FROM link_navs WHERE eset = ? AND ekey = ? AND nav = ?", address).isEmpty)
        guard !isKeptInLinks, let pairs = foreignKey(of: set, navigation: navigation)?.pairs else {
            return try db.query(
                """
                SELECT \(table.selectList) FROM links l JOIN entities e ON e.eset = l.tset AND e.ekey = l.tkey
                JOIN \(table.name) v ON v.id = e.id
                WHERE l.eset = ? AND l.ekey = ? AND l.nav = ? AND e.deleted = 0 ORDER BY l.pos, e.id
                """, address
            ).map { EntityRow(columns: $0, table: table) }
        }
        guard let source = try row(set: set, key: key) else { return [] }
        var conditions: [String] = []
        var parameters: [SQLValue] = []
        for pair in pairs {
            guard let from = source.table.columnIndex[pair.source], let to = table.columnIndex[pair.target] else { return [] }
            let value = source.values[from]
            if value == .null { return [] }
            conditions.append("v.\(table.columns[to].name) = ?")
            parameters.append(value)
        }
        let keys = table.type.keyProperties.compactMap { table.columnIndex[$0.name].map { "v." + table.columns[$0].name } }
        return try db.query(
            """
            SELECT \(table.selectList) FROM \(table.name) v JOIN entities e ON e.id = v.id
            WHERE e.deleted = 0 AND \(conditions.joined(separator: " AND "))\(keys.isEmpty ? "" : " ORDER BY " + keys.joined(separator: ", "))
            """, parameters
        ).map { EntityRow(columns: $0, table: table) }
    }

    /// Answers a collection query from the store: filter, order (key order when none), inline count, skip, top,
    /// expand and select, with the in-memory evaluator's OData semantics.
    func fetch(_ query: DataQuery) throws -> EntityList {
        // A query SQLite refuses (an evaluator error such as an overflow) is answered by the evaluator, which reports it.
        if let answered = try? fetchInSQL(query) { return answered }
        let (rows, type, set) = try resolve(query)
        let resolver = typeResolver
        let entities = try rows.map { try $0.entity(as: type, resolver: resolver) }
        var selecting = query
        selecting.key = nil
        selecting.topCount = nil
        selecting.skipCount = nil
        // Key order, also among entities the sort items leave tied (as the server and the evaluator over key-ordered input).
        selecting.sortItems += type.keyProperties.map { SortItem(path: $0.name) }
        var result: [EntityValue]
        do {
            result = try selecting.evaluate(on: entities)
        } catch {
            throw ODataError(
                .invalidRequest, "offline store: the query on \(set) cannot be evaluated: \(error.message)", underlyingError: error)
        }
        let count = result.count
        if let skip = query.skipCount {
            guard skip >= 0 else { throw ODataError(.invalidRequest, "offline store: $skip is negative (\(skip))") }
            result = Array(result.dropFirst(skip))
        }
        if let top = query.topCount {
            guard top >= 0 else { throw ODataError(.invalidRequest, "offline store: $top is negative (\(top))") }
            result = Array(result.prefix(top))
        }
        result = try result.map { try shaped($0, set: set, query: query) }
        return EntityList(entities: result, inlineCount: query.includesInlineCount ? count : nil)
    }

    /// Answers a query of a whole entity set entirely in SQL when its filter and order translate
    /// (see `SQLQueryPlan`); nil otherwise.
    private func fetchInSQL(_ query: DataQuery) throws -> EntityList? {
        guard let set = query.entitySet, query.key == nil, query.navigationSegments.isEmpty, query.invocation == nil,
            !query.customOptions.contains(where: { $0.name == DataQuery.offlineStateOption }),
            (query.skipCount ?? 0) >= 0, (query.topCount ?? 0) >= 0
        else { return nil }
        let plan = SQLQueryPlan(filter: query.filterExpression, table: try table(set.name))
        guard plan.isFilterComplete, let order = plan.order(query.sortItems) else { return nil }
        try ensureIndex(for: plan, order: order)
        let resolver = typeResolver
        var entities: [EntityValue] = []
        try forEachRow(plan: plan, order: order.terms, skip: query.skipCount, top: query.topCount) { row in
            entities.append(
                try shaped(EntityRow.entity(row, table: plan.table, as: set.entityType, resolver: resolver), set: set.name, query: query))
        }
        let count = query.includesInlineCount ? try self.count(plan: plan) : nil
        return EntityList(entities: entities, inlineCount: count)
    }

    /// Reads the one entity a query addresses; a missing one is a 404 as from a server.
    func fetchOne(_ query: DataQuery) throws -> EntityValue {
        var single = query
        single.topCount = nil
        single.skipCount = nil
        let list = try fetch(single)
        guard let entity = list.entities.first else {
            throw Self.notFound("\(query.relativeURLString) is not in the offline store")
        }
        return entity
    }

    /// The number of entities a query addresses (`$count`, honouring `$filter`).
    func count(_ query: DataQuery) throws -> Int {
        if let set = query.entitySet, query.key == nil, query.navigationSegments.isEmpty, query.invocation == nil,
            !query.customOptions.contains(where: { $0.name == DataQuery.offlineStateOption })
        {
            let plan = SQLQueryPlan(filter: query.filterExpression, table: try table(set.name))
            // The whole filter in SQL: count there, without reading the entities.
            if plan.isFilterComplete, let count = try? count(plan: plan) { return count }
        }
        var counting = query
        counting.isCountRequest = false
        counting.includesInlineCount = true
        counting.expandItems = []
        counting.selectPaths = []
        counting.topCount = nil
        counting.skipCount = nil
        return try fetch(counting).inlineCount ?? 0
    }

    /// An error as a server's 404.
    static func notFound(_ message: String) -> ODataError {
        ODataError(.httpStatus, "offline store: " + message, statusCode: 404)
    }

    /// Applies `$expand` and `$select` to an entity.
    private func shaped(_ entity: EntityValue, set: String, query: DataQuery) throws -> EntityValue {
        var entity = entity
        for item in query.expandItems {
            try expand(&entity, set: set, item: item, depth: 0)
        }
        let paths = query.selectPaths.filter { !$0.contains("/") }
        guard !paths.isEmpty, !paths.contains("*") else { return entity }
        let names = Set(paths)
        let values = entity.entityType.properties.map { property in
            property.isKey || names.contains(property.name) ? entity[property] : nil
        }
        return EntityValue(
            type: entity.entityType, loadedValues: values, navigationValues: entity.navigationValues, metadata: entity.metadata)
    }

    /// Loads one expand path (`SalesOrders/Items`) and its nested items into an entity from the stored relations.
    private func expand(_ entity: inout EntityValue, set: String, item: ExpandItem, depth: Int) throws {
        guard depth < 16 else { return }
        var segments = item.path.split(separator: "/").map(String.init)
        guard !segments.isEmpty else { return }
        let first = segments.removeFirst()
        guard let navigation = entity.entityType.navigationProperty(named: first),
            let target = model.targetEntitySet(from: try entitySet(set), navigation: first)
        else { throw ODataError(.invalidRequest, "offline store: cannot expand \(first) of \(entity.entityType.qualifiedName)") }
        let resolver = typeResolver
        var children = try related(of: set, entity.key.predicate, navigation: first).map {
            try $0.entity(as: navigation.targetType, resolver: resolver)
        }
        // Keep what an earlier expand item already loaded into the children (`A` then `A/B`).
        let previous = entity.relatedEntities(navigation)
        if !previous.isEmpty, previous.count == children.count { children = previous }
        let nested = segments.isEmpty ? item.expand : [ExpandItem(path: segments.joined(separator: "/"), expand: item.expand)]
        for index in children.indices {
            for child in nested { try expand(&children[index], set: target.name, item: child, depth: depth + 1) }
        }
        entity[navigation] = navigation.isCollection ? .entities(children) : .entity(children.first)
    }
}
