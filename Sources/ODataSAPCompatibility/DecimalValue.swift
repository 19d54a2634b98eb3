import OData

/// SAP's `DecimalValue`: an Edm.Decimal wrapped as a data value (`DecimalValue.of(price)`, `value`), for code
/// ported from SAP's dynamic API. It converts to and from `EdmValue` like `BigDecimal`, so it goes wherever an
/// Edm.Decimal value does; Swift-native code uses `BigDecimal` itself.
public struct DecimalValue: EdmValueConvertible, Comparable, CustomStringConvertible {
    /// The wrapped decimal.
    public let value: BigDecimal

    /// Wraps `value`.
    public init(_ value: BigDecimal) { self.value = value }

    /// SAP's `DecimalValue.of(_:)`: wraps `value`.
    public static func of(_ value: BigDecimal) -> DecimalValue { DecimalValue(value) }

    /// SAP's `DecimalValue.zero`: zero, wrapped.
    public static let zero = DecimalValue(BigDecimal(0))

    /// SAP's `DecimalValue.compare(_:_:)`: -1, 0 or 1 as `left` is below, equal to or above `right`.
    public static func compare(_ left: DecimalValue, _ right: DecimalValue) -> Int {
        left < right ? -1 : (right < left ? 1 : 0)
    }

    /// SAP's `DecimalValue.equal(_:_:)`: whether both hold equal decimals, or both are nil.
    public static func equal(_ left: DecimalValue?, _ right: DecimalValue?) -> Bool { left == right }

    /// SAP's `toString()`: the decimal's text.
    public func toString() -> String { value.description }

    /// The decimal's text.
    public var description: String { value.description }

    /// The decimal an Edm.Decimal `EdmValue` holds; nil for another type or null.
    public init?(edmValue: EdmValue) {
        guard let value = BigDecimal(edmValue: edmValue) else { return nil }
        self.value = value
    }

    /// The value as an Edm.Decimal `EdmValue`.
    public var edmValue: EdmValue { value.edmValue }

    /// Numeric order of the wrapped decimals.
    public static func < (lhs: DecimalValue, rhs: DecimalValue) -> Bool { lhs.value < rhs.value }
}
