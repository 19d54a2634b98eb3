extension DataQuery {
    /// Applies the query's key, filter, order, skip and top to entities in memory (OData v2 semantics).
    /// Resource paths, `$select`, `$expand` and custom options do not change the result.
    public func evaluate(on entities: [EntityValue]) throws(QueryEvaluationError) -> [EntityValue] {
        if let topCount, topCount < 0 { throw QueryEvaluationError("$top is negative (\(topCount))") }
        if let skipCount, skipCount < 0 { throw QueryEvaluationError("$skip is negative (\(skipCount))") }
        var result: [EntityValue] = []
        result.reserveCapacity(entities.count)
        for entity in entities {
            if let key, entity.key != key { continue }
            if let filterExpression, !(try FilterEvaluator.matches(filterExpression, entity)) { continue }
            result.append(entity)
        }
        if !sortItems.isEmpty { result = try sorted(result) }
        if let skipCount { result = Array(result.dropFirst(skipCount)) }
        if let topCount { result = Array(result.prefix(topCount)) }
        return result
    }

    /// Stable sort by the sort items: nulls first when ascending (last when descending).
    private func sorted(_ entities: [EntityValue]) throws(QueryEvaluationError) -> [EntityValue] {
        var keyed: [(index: Int, keys: [EdmValue], entity: EntityValue)] = []
        keyed.reserveCapacity(entities.count)
        for (index, entity) in entities.enumerated() {
            let evaluator = FilterEvaluator(entity: entity)
            var keys: [EdmValue] = []
            for item in sortItems {
                keys.append(try evaluator.resolve(path: item.path, expression: .property(item.path)))
            }
            keyed.append((index, keys, entity))
        }
        // Check comparability up front so that the sort closure cannot fail.
        for (position, item) in sortItems.enumerated() {
            var first: EdmValue?
            for entry in keyed where !entry.keys[position].isNull {
                if let first {
                    _ = try EdmComparison.compare(first, entry.keys[position], expression: .property(item.path), forEquality: false)
                } else {
                    first = entry.keys[position]
                }
            }
        }
        let items = sortItems
        keyed.sort { a, b in
            for (position, item) in items.enumerated() {
                let order = Self.order(a.keys[position], b.keys[position])
                if order != 0 { return item.isDescending ? order > 0 : order < 0 }
            }
            return a.index < b.index
        }
        return keyed.map(\.entity)
    }

    private static func order(_ a: EdmValue, _ b: EdmValue) -> Int {
        switch (a.isNull, b.isNull) {
        case (true, true): return 0
        case (true, false): return -1
        case (false, true): return 1
        default: return (try? EdmComparison.compare(a, b, expression: nil, forEquality: false)) ?? 0
        }
    }
}

extension Array where Element == EntityValue {
    /// The entities that the query selects, in its order, with its skip and top (evaluated in memory).
    public func filterWithQuery(_ query: DataQuery) throws(QueryEvaluationError) -> [EntityValue] {
        try query.evaluate(on: self)
    }
}

extension Array where Element: EntityProtocol {
    /// The entities that the query selects, in its order, with its skip and top (evaluated in memory):
    /// `try customers.filterWithQuery(DataQuery().filter(Customer.firstName.contains(t)))`.
    public func filterWithQuery(_ query: DataQuery) throws(QueryEvaluationError) -> [Element] {
        try query.evaluate(on: map(\.entityValue)).map(Element.init(entityValue:))
    }
}
