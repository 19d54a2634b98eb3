import Foundation
import OData

/// What of a query SQLite answers on the stored JSON bodies: equality of string, integer and boolean
/// properties with literals (in `and` conjunctions) as `WHERE` conditions, and — when the whole filter
/// translates — the order (by such properties, then the key), `$skip` and `$top`. Each property used gets an
/// index on `(eset, json_extract(body, '$.Name'))`. Everything else runs in the in-memory evaluator.
struct SQLQueryPlan {
    /// `WHERE` conditions, joined with `AND`.
    private(set) var conditions: [String] = []
    /// Their parameters.
    private(set) var parameters: [SQLValue] = []
    /// Whether every part of the filter became a condition.
    private(set) var isFilterComplete = true
    /// Properties the conditions use, in order.
    private(set) var properties: [String] = []
    private let type: EntityTypeDescriptor

    init(filter: QueryFilter?, type: EntityTypeDescriptor) {
        self.type = type
        if let filter { collect(filter) }
    }

    /// The JSON column of a property SQLite compares as OData does (strings, small integers, booleans).
    static func column(_ property: PropertyDescriptor) -> String? {
        guard property.name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return nil }
        switch property.type {
        case .primitive(.string), .primitive(.int32), .primitive(.int16), .primitive(.byte), .primitive(.sByte),
            .primitive(.boolean):
            return "json_extract(body, '$.\(property.name)')"
        default:
            return nil
        }
    }

    private mutating func collect(_ filter: QueryFilter) {
        switch filter {
        case .binary(.and, let left, let right):
            collect(left)
            collect(right)
        case .binary(.equal, .property(let name), .literal(let value)), .binary(.equal, .literal(let value), .property(let name)):
            if !addEquality(name, value) { isFilterComplete = false }
        default:
            isFilterComplete = false
        }
    }

    private mutating func addEquality(_ name: String, _ value: EdmValue) -> Bool {
        guard let property = type.property(named: name), let column = Self.column(property) else { return false }
        let parameter: SQLValue
        switch (property.type.primitiveType, value) {
        case (.string?, .string(let text)): parameter = .text(text)
        case (.int32?, .int32(let number)): parameter = .integer(Int64(number))
        case (.int16?, .int16(let number)): parameter = .integer(Int64(number))
        case (.byte?, .byte(let number)): parameter = .integer(Int64(number))
        case (.sByte?, .sByte(let number)): parameter = .integer(Int64(number))
        case (.boolean?, .boolean(let flag)): parameter = .integer(flag ? 1 : 0)
        default: return false
        }
        conditions.append("\(column) = ?")
        parameters.append(parameter)
        if !properties.contains(property.name) { properties.append(property.name) }
        return true
    }

    /// The `ORDER BY` terms for the sort items (the key when there are none), with the key as tie-breaker;
    /// nil when a sort property is not one SQLite orders as OData does. `columns` are the index columns.
    func order(_ items: [SortItem]) -> (terms: String, properties: [String], columns: [String])? {
        var terms: [String] = []
        var names: [String] = []
        let keys = type.keyProperties.map { SortItem(path: $0.name) }
        for item in items + keys {
            guard let property = type.property(named: item.path), let column = Self.column(property) else { return nil }
            terms.append(column + (item.isDescending ? " DESC" : ""))
            names.append(property.name)
        }
        return (terms.joined(separator: ", "), names, terms)
    }
}

extension OfflineStore {
    /// Creates the expression indexes the plan's properties need (once each).
    func ensureIndexes(_ properties: some Sequence<String>) throws {
        for name in properties {
            try db.execute("CREATE INDEX IF NOT EXISTS \"ix_\(name)\" ON entities(eset, json_extract(body, '$.\(name)'))")
        }
    }

    /// Creates the index that answers a plan with an order without sorting: the entity set, the equality
    /// properties, then the order's columns (once per shape of query).
    func ensureIndex(for plan: SQLQueryPlan, order: (terms: String, properties: [String], columns: [String])) throws {
        let name =
            "ix_" + plan.properties.joined(separator: "_") + "__"
            + order.columns.map { $0.hasSuffix(" DESC") ? "d" : "a" }
            .joined() + "_" + order.properties.joined(separator: "_")
        let columns = ["eset"] + plan.properties.map { "json_extract(body, '$.\($0)')" } + order.columns
        try db.execute("CREATE INDEX IF NOT EXISTS \"\(name)\" ON entities(\(columns.joined(separator: ", ")))")
    }

    /// The live rows of a set that meet the plan's conditions, ordered and paged in SQL when `order` is given.
    func rows(set: String, plan: SQLQueryPlan, order: String? = nil, skip: Int? = nil, top: Int? = nil) throws -> [EntityRow] {
        var sql = "SELECT \(EntityRow.columns) FROM entities WHERE eset = ? AND deleted = 0"
        for condition in plan.conditions { sql += " AND " + condition }
        if let order { sql += " ORDER BY " + order }
        if top != nil || skip != nil { sql += " LIMIT \(top ?? -1) OFFSET \(skip ?? 0)" }
        return try db.query(sql, [.text(set)] + plan.parameters).map(EntityRow.init(columns:))
    }

    /// The number of live rows of a set that meet the plan's conditions.
    func count(set: String, plan: SQLQueryPlan) throws -> Int {
        var sql = "SELECT count(*) FROM entities WHERE eset = ? AND deleted = 0"
        for condition in plan.conditions { sql += " AND " + condition }
        return Int(try db.query(sql, [.text(set)] + plan.parameters).first?.first?.integer ?? 0)
    }
}
