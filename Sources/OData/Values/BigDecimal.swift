import Foundation

/// An exact decimal number (Edm.Decimal): `significand × 10^-scale`.
///
/// Up to 38 significant digits, the range of Edm.Decimal on SAP and Microsoft servers.
/// The scale is kept as written, so `12.50` stays `12.50` on the wire, while
/// equality and ordering compare numeric values (`12.50 == 12.5`).
public struct BigDecimal: Sendable {
    /// The stored value, packed so that an `EdmValue?` stays 24 bytes wide (an `Int128` field would make
    /// it 32, for every property slot of every decoded entity): the significand as two 64-bit words and
    /// a 32-bit scale, or, for a scale outside `Int32` (never produced by parsing), a shared box.
    private let storage: Storage

    private enum Storage: Sendable {
        case inline(low: UInt64, high: Int64, scale: Int32)
        case boxed(Boxed)
    }

    private final class Boxed: Sendable {
        let significand: Int128
        let scale: Int

        init(significand: Int128, scale: Int) {
            self.significand = significand
            self.scale = scale
        }
    }

    /// The digits as an integer.
    public var significand: Int128 {
        switch storage {
        case .inline(let low, let high, _): return Int128(high) << 64 | Int128(low)
        case .boxed(let boxed): return boxed.significand
        }
    }

    /// The number of digits after the decimal point (may be negative for large round numbers).
    public var scale: Int {
        switch storage {
        case .inline(_, _, let scale): return Int(scale)
        case .boxed(let boxed): return boxed.scale
        }
    }

    /// `significand × 10^-scale`.
    public init(significand: Int128, scale: Int) {
        if let narrow = Int32(exactly: scale) {
            storage = .inline(
                low: UInt64(truncatingIfNeeded: significand), high: Int64(truncatingIfNeeded: significand >> 64), scale: narrow)
        } else {
            storage = .boxed(Boxed(significand: significand, scale: scale))
        }
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
