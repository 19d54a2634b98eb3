/// A typed operand of a `$filter` expression: a typed property (`Customer.age`) or an expression
/// built from one (`Customer.lastName.toLower()`). Its `Value` type decides which comparisons and
/// functions compile: `Customer.age.equal("x")` and `Customer.age.contains("x")` do not.
public protocol FilterOperand<Value>: Sendable {
    /// The Swift type of the operand's values.
    associatedtype Value: EdmValueConvertible
    /// The untyped expression.
    var filterExpression: QueryFilter { get }
}

/// A typed `$filter` expression that is not a plain property: a function result, arithmetic, a literal, a cast.
public struct TypedFilterExpression<Value: EdmValueConvertible>: FilterOperand, Hashable {
    /// The untyped expression.
    public let filterExpression: QueryFilter

    /// Wraps an untyped expression, asserting its type.
    public init(_ expression: QueryFilter) {
        self.filterExpression = expression
    }

    /// A literal value as an operand.
    public static func literal(_ value: Value) -> TypedFilterExpression<Value> {
        TypedFilterExpression(.literal(value.edmValue))
    }
}

extension TypedProperty: FilterOperand {
    /// The property path as an expression.
    public var filterExpression: QueryFilter { .property(propertyPath) }
}

/// A property path through complex properties (`Customer.address.path(Address.city)` → `Address/City`), typed by its last step.
public struct TypedPropertyPath<Value: EdmValueConvertible>: FilterOperand, PropertyPathConvertible, Hashable {
    /// The path as written in a URL.
    public let propertyPath: String

    /// A path from its URL text.
    public init(_ propertyPath: String) {
        self.propertyPath = propertyPath
    }

    /// The path as an expression.
    public var filterExpression: QueryFilter { .property(propertyPath) }

    /// The path extended by a property of the complex type at its end.
    public func path<Next>(_ next: TypedProperty<Next>) -> TypedPropertyPath<Next> {
        TypedPropertyPath<Next>(propertyPath + "/" + next.propertyPath)
    }
}

extension TypedProperty {
    /// The path through this (complex) property to a property of its type: `Address/City`.
    public func path<Next>(_ next: TypedProperty<Next>) -> TypedPropertyPath<Next> {
        TypedPropertyPath<Next>(propertyPath + "/" + next.propertyPath)
    }
}

/// A path through navigation properties for `$expand`, `$select` and `$orderby` (`SalesOrders/Items`).
public struct NavigationPath: PropertyPathConvertible, Hashable {
    /// The path as written in a URL.
    public let propertyPath: String

    /// A path from its URL text.
    public init(_ propertyPath: String) {
        self.propertyPath = propertyPath
    }

    /// The path extended by one more step.
    public func path(_ next: any PropertyPathConvertible) -> NavigationPath {
        NavigationPath(propertyPath + "/" + next.propertyPath)
    }
}

extension TypedNavigationProperty {
    /// The path through this navigation property to a property or navigation of its target: `SalesOrders/Items`.
    public func path(_ next: any PropertyPathConvertible) -> NavigationPath {
        NavigationPath(propertyPath + "/" + next.propertyPath)
    }

    /// The path through this navigation property to a property of its target, typed for filters (SAP's
    /// `SalesOrderHeader.customerDetails.path(Customer.country).equal("DE")` → `CustomerDetails/Country eq 'DE'`).
    /// OData v2 filters only through single-valued navigation: a server refuses the path of a to-many one.
    public func path<Next>(_ next: TypedProperty<Next>) -> TypedPropertyPath<Next> {
        TypedPropertyPath<Next>(propertyPath + "/" + next.propertyPath)
    }
}

/// Value types that support `add`, `sub`, `mul`, `div`, `mod` in filters.
public protocol FilterNumeric: EdmValueConvertible {}
extension UInt8: FilterNumeric {}
extension Int8: FilterNumeric {}
extension Int16: FilterNumeric {}
extension Int: FilterNumeric {}
extension Int64: FilterNumeric {}
extension Float: FilterNumeric {}
extension Double: FilterNumeric {}
extension BigDecimal: FilterNumeric {}

/// Value types that support `round`, `floor`, `ceiling` in filters.
public protocol FilterFractional: FilterNumeric {}
extension Float: FilterFractional {}
extension Double: FilterFractional {}
extension BigDecimal: FilterFractional {}

/// Value types that have `year`, `month`, `day` in filters.
public protocol FilterDate: EdmValueConvertible {}
extension LocalDateTime: FilterDate {}
extension GlobalDateTime: FilterDate {}

/// Value types that have `hour`, `minute`, `second` in filters.
public protocol FilterTimeOfDay: EdmValueConvertible {}
extension LocalDateTime: FilterTimeOfDay {}
extension GlobalDateTime: FilterTimeOfDay {}
extension LocalTime: FilterTimeOfDay {}
