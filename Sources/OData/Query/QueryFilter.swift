/// A `$filter` expression tree. Build it from typed property descriptors
/// (`Customer.firstName.contains("x").or(Customer.lastName.contains("x"))`).
public indirect enum QueryFilter: Sendable, Hashable {
    /// A property path (`Address/City`).
    case property(String)
    /// A literal value.
    case literal(EdmValue)
    /// A binary operator (`eq`, `and`, `add`, …).
    case binary(FilterOperator, QueryFilter, QueryFilter)
    /// `not x`.
    case not(QueryFilter)
    /// `-x`.
    case negate(QueryFilter)
    /// A built-in function call (`substringof`, `year`, …).
    case function(String, [QueryFilter])
    /// `isof('T')`, `isof(x,'T')`, `cast(x,'T')`: the type-name argument.
    case typeName(String)
}

/// The binary operators of `$filter`.
public enum FilterOperator: String, Sendable, Hashable {
    case equal = "eq"
    case notEqual = "ne"
    case greaterThan = "gt"
    case greaterEqual = "ge"
    case lessThan = "lt"
    case lessEqual = "le"
    case and = "and"
    case or = "or"
    case add = "add"
    case sub = "sub"
    case mul = "mul"
    case div = "div"
    case mod = "mod"
}
