import Foundation
import OData

/// What of a query SQLite answers on a set's typed columns: the conjuncts of the filter that translate (see
/// `SQLFilterTranslator`) as `WHERE` conditions, and — when the whole filter and the order translate — the
/// order (then the key), `$skip`, `$top` and the count. Whatever does not translate runs in the in-memory
/// evaluator on the rows the conditions narrowed down.
struct SQLQueryPlan {
    /// `WHERE` conditions, joined with `AND`.
    private(set) var conditions: [String] = []
    /// Their parameters.
    private(set) var parameters: [SQLValue] = []
    /// Whether every part of the filter became a condition.
    private(set) var isFilterComplete = true
    /// Properties compared for equality with a literal (the leading columns of an index for the query).
    private(set) var properties: [String] = []
    let table: EntityTable

    init(filter: QueryFilter?, table: EntityTable) {
        self.table = table
        if let filter { collect(filter) }
    }

    private mutating func collect(_ filter: QueryFilter) {
        if case .binary(.and, let left, let right) = filter {
            collect(left)
            collect(right)
            return
        }
        guard let condition = SQLFilterTranslator(table: table).predicate(filter, exact: false) else {
            isFilterComplete = false
            return
        }
        conditions.append(condition.sql)
        parameters += condition.parameters
        switch filter {
        case .binary(.equal, .property(let name), .literal(let value)), .binary(.equal, .literal(let value), .property(let name)):
            if !value.isNull, table.columnIndex[name] != nil, !properties.contains(name) { properties.append(name) }
        default:
            break
        }
    }

    /// The `ORDER BY` terms for the sort items (the key when there are none), with the key as tie-breaker;
    /// nil when a sort item is not a column SQLite orders as the evaluator does. `columns` are the index columns.
    func order(_ items: [SortItem]) -> (terms: String, properties: [String], columns: [String])? {
        var terms: [String] = []
        var names: [String] = []
        let keys = table.type.keyProperties.map { SortItem(path: $0.name) }
        for item in items + keys {
            guard let index = table.columnIndex[item.path] else { return nil }
            let column = table.columns[index]
            if column.kind == .binary { return nil }
            terms.append("v." + column.name + (item.isDescending ? " DESC" : ""))
            names.append(item.path)
        }
        return (terms.joined(separator: ", "), names, terms)
    }
}

extension OfflineStore {
    /// Creates the indexes on the columns a plan compares for equality (once each).
    func ensureIndexes(_ plan: SQLQueryPlan) throws {
        for name in plan.properties {
            guard let index = plan.table.columnIndex[name] else { continue }
            let indexName = "ix_" + plan.table.set + "_" + name
            guard knownIndexes.withLock({ !$0.contains(indexName) }) else { continue }
            try db.execute(
                "CREATE INDEX IF NOT EXISTS \(EntityTable.quote(indexName)) ON \(plan.table.name)(\(plan.table.columns[index].name))")
            knownIndexes.withLock { _ = $0.insert(indexName) }
        }
    }

    /// Creates the index that answers a plan with an order without sorting: the equality columns, then the
    /// order's columns (once per shape of query).
    func ensureIndex(for plan: SQLQueryPlan, order: (terms: String, properties: [String], columns: [String])) throws {
        let name =
            "ix_" + plan.table.set + "_" + plan.properties.joined(separator: "_") + "__"
            + order.columns.map { $0.hasSuffix(" DESC") ? "d" : "a" }.joined() + "_" + order.properties.joined(separator: "_")
        guard knownIndexes.withLock({ !$0.contains(name) }) else { return }
        let equality = plan.properties.compactMap { plan.table.columnIndex[$0].map { plan.table.columns[$0].name } }
        let columns = equality + order.columns.map { $0.hasPrefix("v.") ? String($0.dropFirst(2)) : $0 }
        try db.execute("CREATE INDEX IF NOT EXISTS \(EntityTable.quote(name)) ON \(plan.table.name)(\(columns.joined(separator: ", ")))")
        knownIndexes.withLock { _ = $0.insert(name) }
    }

    /// The live rows of a set that meet the plan's conditions, ordered and paged in SQL when `order` is given.
    func rows(plan: SQLQueryPlan, order: String? = nil, skip: Int? = nil, top: Int? = nil) throws -> [EntityRow] {
        var rows: [EntityRow] = []
        try forEachRow(plan: plan, order: order, skip: skip, top: top) { row in
            rows.append(
                EntityRow(
                    columns: (0..<Int32(EntityRow.metadataColumns.count + plan.table.columns.count)).map(row.value), table: plan.table))
        }
        return rows
    }

    /// Calls `body` with each live row of a set that meets the plan's conditions (ordered and paged when asked).
    func forEachRow(plan: SQLQueryPlan, order: String?, skip: Int?, top: Int?, _ body: (SQLRow) throws -> Void) throws {
        let table = plan.table
        var sql = "SELECT \(table.selectList) FROM \(table.name) v JOIN entities e ON e.id = v.id WHERE e.deleted = 0"
        for condition in plan.conditions { sql += " AND " + condition }
        if let order { sql += " ORDER BY " + order }
        var parameters = plan.parameters
        if top != nil || skip != nil {
            sql += " LIMIT ? OFFSET ?"
            parameters += [.integer(Int64(top ?? -1)), .integer(Int64(skip ?? 0))]
        }
        try db.readRows(sql, parameters, body)
    }

    /// The number of live rows of a set that meet the plan's conditions.
    func count(plan: SQLQueryPlan) throws -> Int {
        var sql = "SELECT count(*) FROM \(plan.table.name) v JOIN entities e ON e.id = v.id WHERE e.deleted = 0"
        for condition in plan.conditions { sql += " AND " + condition }
        return Int(try db.query(sql, plan.parameters).first?.first?.integer ?? 0)
    }
}
