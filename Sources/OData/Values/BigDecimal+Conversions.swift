import Foundation

extension BigDecimal {
    /// An integer value with scale 0.
    public init(_ value: Int64) {
        self.init(significand: Int128(value), scale: 0)
    }

    /// The shortest decimal that reads back as `value` (`0.1` → `0.1`); nil for NaN and infinities.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        guard let parsed = try? BigDecimal(parsing: "\(value)") else { return nil }
        self = parsed.significand == 0 ? BigDecimal(significand: 0, scale: 0) : parsed.normalized
    }

    /// A Foundation `Decimal` as an exact BigDecimal; nil for NaN.
    public init?(_ value: Decimal) {
        guard !value.isNaN, let parsed = try? BigDecimal(parsing: value.description) else { return nil }
        self = parsed
    }

    /// The value as a Foundation `Decimal` (exact up to 38 digits); nil beyond Decimal's exponent range.
    public var decimalValue: Decimal? {
        guard abs(scale) <= 127 else { return significand == 0 ? Decimal(0) : nil }
        return Decimal(string: description, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The value as an `Int64` when it is an integer within range, else nil.
    public var exactInt64Value: Int64? {
        let value = normalized
        guard value.scale <= 0, let scaled = value.significand.scaledUp(by: -value.scale),
            scaled >= Int128(Int64.min), scaled <= Int128(Int64.max)
        else { return nil }
        return Int64(scaled)
    }

    /// Whether the value is negative, zero or positive: −1, 0 or 1.
    public var signum: Int { Int(significand.signum()) }

    /// The value with its sign flipped.
    public var negated: BigDecimal {
        let (value, overflow) = Int128(0).subtractingReportingOverflow(significand)
        if overflow { return BigDecimal(significand: Int128.max, scale: scale) }
        return BigDecimal(significand: value, scale: scale)
    }

    /// The number of significant digits in the significand (0 has 1).
    public var precision: Int {
        var magnitude = significand.magnitude
        var count = 1
        while magnitude >= 10 {
            magnitude /= 10
            count += 1
        }
        return count
    }
}
