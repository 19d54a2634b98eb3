import Foundation

/// Evaluates `$filter` expressions against entities with OData v2 semantics: comparisons with null are
/// false (except `eq null` / `ne null`), strings compare ordinally (UTF-16 code units, case-sensitive),
/// decimals exactly, numbers after promotion (integer → Decimal → Double), date parts in UTC.
struct FilterEvaluator {
    /// Whether the entity satisfies the filter (null counts as false).
    static func matches(_ filter: QueryFilter, _ entity: EntityValue) throws(QueryEvaluationError) -> Bool {
        try FilterEvaluator(entity: entity).evaluate(filter) == .boolean(true)
    }

    let entity: EntityValue

    func evaluate(_ expression: QueryFilter) throws(QueryEvaluationError) -> EdmValue {
        switch expression {
        case .property(let path):
            return try resolve(path: path, expression: expression)
        case .literal(let value):
            return value
        case .typeName:
            throw QueryEvaluationError("a type name is only allowed as the last argument of isof or cast", expression: expression)
        case .not(let operand):
            let value = try evaluate(operand)
            if value.isNull { return .null }
            guard case .boolean(let flag) = value else {
                throw QueryEvaluationError("not needs a Boolean operand", expression: expression)
            }
            return .boolean(!flag)
        case .negate(let operand):
            let value = try evaluate(operand)
            if value.isNull { return .null }
            return try EdmArithmetic.apply(.sub, .int32(0), value, expression: expression)
        case .binary(let op, let left, let right):
            return try binary(op, left, right, expression: expression)
        case .function(let name, let arguments):
            return try FilterFunctions.call(name, arguments, evaluator: self, expression: expression)
        }
    }

    private func binary(_ op: FilterOperator, _ left: QueryFilter, _ right: QueryFilter, expression: QueryFilter)
        throws(QueryEvaluationError) -> EdmValue
    {
        switch op {
        case .and, .or:
            let lhs = try truth(left)
            if op == .and && !lhs { return .boolean(false) }
            if op == .or && lhs { return .boolean(true) }
            return .boolean(try truth(right))
        case .equal, .notEqual:
            let lhs = try evaluate(left)
            let rhs = try evaluate(right)
            let equal: Bool
            if lhs.isNull || rhs.isNull {
                equal = lhs.isNull && rhs.isNull
            } else {
                equal = try EdmComparison.compare(lhs, rhs, expression: expression, forEquality: true) == 0
            }
            return .boolean(op == .equal ? equal : !equal)
        case .greaterThan, .greaterEqual, .lessThan, .lessEqual:
            let lhs = try evaluate(left)
            let rhs = try evaluate(right)
            if lhs.isNull || rhs.isNull { return .boolean(false) }
            let order = try EdmComparison.compare(lhs, rhs, expression: expression, forEquality: false)
            switch op {
            case .greaterThan: return .boolean(order > 0)
            case .greaterEqual: return .boolean(order >= 0)
            case .lessThan: return .boolean(order < 0)
            default: return .boolean(order <= 0)
            }
        case .add, .sub, .mul, .div, .mod:
            let lhs = try evaluate(left)
            let rhs = try evaluate(right)
            if lhs.isNull || rhs.isNull { return .null }
            return try EdmArithmetic.apply(op, lhs, rhs, expression: expression)
        }
    }

    /// A Boolean operand of `and`/`or`: null is false.
    private func truth(_ expression: QueryFilter) throws(QueryEvaluationError) -> Bool {
        switch try evaluate(expression) {
        case .null: return false
        case .boolean(let flag): return flag
        default: throw QueryEvaluationError("and/or need Boolean operands", expression: expression)
        }
    }

    /// Resolves `A/B/C` through complex properties and loaded to-one navigations; not loaded is null.
    func resolve(path: String, expression: QueryFilter) throws(QueryEvaluationError) -> EdmValue {
        var steps = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !steps.isEmpty else { throw QueryEvaluationError("empty property path", expression: expression) }
        var current = entity
        while steps.count > 1, let navigation = current.entityType.navigationProperty(named: steps[0]) {
            guard let next = current.relatedEntity(navigation) else { return .null }
            current = next
            steps.removeFirst()
        }
        guard let property = current.entityType.property(named: steps[0]) else {
            throw QueryEvaluationError("\(current.entityType.qualifiedName) has no property \(steps[0])", expression: expression)
        }
        var value = current[property] ?? .null
        for step in steps.dropFirst() {
            switch value {
            case .null: return .null
            case .complex(let complex):
                guard let inner = complex.complexType.property(named: step) else {
                    throw QueryEvaluationError("\(complex.complexType.qualifiedName) has no property \(step)", expression: expression)
                }
                value = complex[inner] ?? .null
            default:
                throw QueryEvaluationError("\(step) follows a property that is not complex", expression: expression)
            }
        }
        return value
    }
}
