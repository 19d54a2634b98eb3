extension FilterOperand {
    /// `self eq value` (`nil` compares with `null`).
    public func equal(_ value: Value?) -> QueryFilter { .binary(.equal, filterExpression, Self.literal(value)) }
    /// `self eq other`.
    public func equal<Other: FilterOperand>(_ other: Other) -> QueryFilter where Other.Value == Value {
        .binary(.equal, filterExpression, other.filterExpression)
    }
    /// `self ne value` (`nil` compares with `null`).
    public func notEqual(_ value: Value?) -> QueryFilter { .binary(.notEqual, filterExpression, Self.literal(value)) }
    /// `self ne other`.
    public func notEqual<Other: FilterOperand>(_ other: Other) -> QueryFilter where Other.Value == Value {
        .binary(.notEqual, filterExpression, other.filterExpression)
    }
    /// `self eq null`.
    public func isNull() -> QueryFilter { .binary(.equal, filterExpression, .literal(.null)) }
    /// `self ne null`.
    public func isNotNull() -> QueryFilter { .binary(.notEqual, filterExpression, .literal(.null)) }

    /// `isof(self,'typeName')`.
    public func isOf(_ typeName: String) -> QueryFilter { .function("isof", [filterExpression, .typeName(typeName)]) }

    /// `cast(self,'Edm.X')` typed as the Swift type of the target.
    public func cast<Target: EdmValueConvertible>(to type: EdmType, as _: Target.Type = Target.self) -> TypedFilterExpression<Target> {
        TypedFilterExpression(.function("cast", [filterExpression, .typeName(type.rawValue)]))
    }

    static func literal(_ value: Value?) -> QueryFilter { .literal(value?.edmValue ?? .null) }
}

extension FilterOperand where Value: Comparable {
    /// `self gt value`.
    public func greaterThan(_ value: Value) -> QueryFilter { .binary(.greaterThan, filterExpression, Self.literal(value)) }
    /// `self gt other`.
    public func greaterThan<Other: FilterOperand>(_ other: Other) -> QueryFilter where Other.Value == Value {
        .binary(.greaterThan, filterExpression, other.filterExpression)
    }
    /// `self ge value`.
    public func greaterEqual(_ value: Value) -> QueryFilter { .binary(.greaterEqual, filterExpression, Self.literal(value)) }
    /// `self ge other`.
    public func greaterEqual<Other: FilterOperand>(_ other: Other) -> QueryFilter where Other.Value == Value {
        .binary(.greaterEqual, filterExpression, other.filterExpression)
    }
    /// `self lt value`.
    public func lessThan(_ value: Value) -> QueryFilter { .binary(.lessThan, filterExpression, Self.literal(value)) }
    /// `self lt other`.
    public func lessThan<Other: FilterOperand>(_ other: Other) -> QueryFilter where Other.Value == Value {
        .binary(.lessThan, filterExpression, other.filterExpression)
    }
    /// `self le value`.
    public func lessEqual(_ value: Value) -> QueryFilter { .binary(.lessEqual, filterExpression, Self.literal(value)) }
    /// `self le other`.
    public func lessEqual<Other: FilterOperand>(_ other: Other) -> QueryFilter where Other.Value == Value {
        .binary(.lessEqual, filterExpression, other.filterExpression)
    }
}

// Operators are declared on the concrete generic types (not the protocol) so that the type checker
// can discard them quickly for unrelated `==` / `<` expressions.

extension TypedProperty {
    /// `self eq value`.
    public static func == (lhs: TypedProperty<Value>, rhs: Value) -> QueryFilter { lhs.equal(rhs) }
    /// `self ne value`.
    public static func != (lhs: TypedProperty<Value>, rhs: Value) -> QueryFilter { lhs.notEqual(rhs) }
}

extension TypedProperty where Value: Comparable {
    /// `self lt value`.
    public static func < (lhs: TypedProperty<Value>, rhs: Value) -> QueryFilter { lhs.lessThan(rhs) }
    /// `self le value`.
    public static func <= (lhs: TypedProperty<Value>, rhs: Value) -> QueryFilter { lhs.lessEqual(rhs) }
    /// `self gt value`.
    public static func > (lhs: TypedProperty<Value>, rhs: Value) -> QueryFilter { lhs.greaterThan(rhs) }
    /// `self ge value`.
    public static func >= (lhs: TypedProperty<Value>, rhs: Value) -> QueryFilter { lhs.greaterEqual(rhs) }
}

extension TypedFilterExpression {
    /// `self eq value`.
    public static func == (lhs: TypedFilterExpression<Value>, rhs: Value) -> QueryFilter { lhs.equal(rhs) }
    /// `self ne value`.
    public static func != (lhs: TypedFilterExpression<Value>, rhs: Value) -> QueryFilter { lhs.notEqual(rhs) }
}

extension TypedFilterExpression where Value: Comparable {
    /// `self lt value`.
    public static func < (lhs: TypedFilterExpression<Value>, rhs: Value) -> QueryFilter { lhs.lessThan(rhs) }
    /// `self le value`.
    public static func <= (lhs: TypedFilterExpression<Value>, rhs: Value) -> QueryFilter { lhs.lessEqual(rhs) }
    /// `self gt value`.
    public static func > (lhs: TypedFilterExpression<Value>, rhs: Value) -> QueryFilter { lhs.greaterThan(rhs) }
    /// `self ge value`.
    public static func >= (lhs: TypedFilterExpression<Value>, rhs: Value) -> QueryFilter { lhs.greaterEqual(rhs) }
}

extension TypedPropertyPath {
    /// `self eq value`.
    public static func == (lhs: TypedPropertyPath<Value>, rhs: Value) -> QueryFilter { lhs.equal(rhs) }
    /// `self ne value`.
    public static func != (lhs: TypedPropertyPath<Value>, rhs: Value) -> QueryFilter { lhs.notEqual(rhs) }
}

extension TypedPropertyPath where Value: Comparable {
    /// `self lt value`.
    public static func < (lhs: TypedPropertyPath<Value>, rhs: Value) -> QueryFilter { lhs.lessThan(rhs) }
    /// `self le value`.
    public static func <= (lhs: TypedPropertyPath<Value>, rhs: Value) -> QueryFilter { lhs.lessEqual(rhs) }
    /// `self gt value`.
    public static func > (lhs: TypedPropertyPath<Value>, rhs: Value) -> QueryFilter { lhs.greaterThan(rhs) }
    /// `self ge value`.
    public static func >= (lhs: TypedPropertyPath<Value>, rhs: Value) -> QueryFilter { lhs.greaterEqual(rhs) }
}
