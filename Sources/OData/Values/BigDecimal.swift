import Foundation

/// An exact decimal number (Edm.Decimal): `significand × 10^-scale`.
///
/// Up to 38 significant digits, the range of Edm.Decimal on SAP and Microsoft servers.
/// The scale is kept as written, so `12.50` stays `12.50` on the wire, while
/// equality and ordering compare numeric values (`12.50 == 12.5`).
public struct BigDecimal: Sendable {
    /// The digits as an integer.
    public let significand: Int128
    /// The number of digits after the decimal point (may be negative for large round numbers).
    public let scale: Int

    /// `significand × 10^-scale`.
    public init(significand: Int128, scale: Int) {
        self.significand = significand
        self.scale = scale
    }

    /// An integer value with scale 0.
    public init(_ value: Int) {
        self.init(significand: Int128(value), scale: 0)
    }

    /// The value as the nearest `Double` (correctly rounded; ±infinity beyond Double's range).
    public func doubleValue() -> Double {
        Double(description) ?? (significand < 0 ? -.infinity : .infinity)
    }

    /// The value as the nearest `Float`.
    public func floatValue() -> Float {
        Float(description) ?? (significand < 0 ? -.infinity : .infinity)
    }

    /// The value truncated toward zero to an `Int`, clamped to `Int`'s range.
    public func intValue() -> Int {
        var value = significand
        var remaining = scale
        while remaining > 0 {
            value /= 10
            remaining -= 1
        }
        while remaining < 0 {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return value < 0 ? Int.min : Int.max }
            value = product
            remaining += 1
        }
        if value > Int128(Int.max) { return Int.max }
        if value < Int128(Int.min) { return Int.min }
        return Int(value)
    }
}
