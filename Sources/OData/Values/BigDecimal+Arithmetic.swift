/// How `BigDecimal` rounds when digits must be dropped.
public enum DecimalRounding: Sendable, Hashable {
    /// Half away from zero (`2.5` → `3`, `-2.5` → `-3`): Foundation's `.plain`, the business default.
    case halfAwayFromZero
    /// Half to even, banker's rounding (`2.5` → `2`, `3.5` → `4`).
    case halfEven
    /// Toward zero (truncation).
    case towardZero
    /// Toward negative infinity (floor).
    case down
    /// Toward positive infinity (ceiling).
    case up
}

extension BigDecimal {
    /// The default scale of a quotient: at least 18 digits after the point.
    public static let defaultDivisionScale = 18

    /// The value with `newScale` digits after the point, rounded as asked.
    /// When more digits would exceed 38 significant digits, the value is returned unchanged.
    public func rounded(scale newScale: Int, rounding: DecimalRounding = .halfAwayFromZero) -> BigDecimal {
        if newScale >= scale {
            guard let scaled = significand.scaledUp(by: newScale - scale) else { return self }
            return BigDecimal(significand: scaled, scale: newScale)
        }
        let drop = scale - newScale
        let negative = significand < 0
        let magnitude = significand.magnitude
        var quotient: UInt128
        var half: HalfComparison
        if drop > 38 {
            quotient = 0
            half = magnitude == 0 ? .exact : .below
        } else {
            var power: UInt128 = 1
            for _ in 0..<drop { power *= 10 }
            quotient = magnitude / power
            let remainder = magnitude % power
            half = HalfComparison(remainder: remainder, divisor: power, sticky: false)
        }
        quotient = Self.applyRounding(quotient, half, negative: negative, rounding: rounding)
        return BigDecimal(significand: Self.signed(quotient, negative: negative), scale: newScale)
    }

    /// The sum; when it needs more than 38 digits, the least significant digits are rounded away (half away from zero).
    public func adding(_ other: BigDecimal) -> BigDecimal {
        var left = self
        var right = other
        for _ in 0..<160 {
            let target = max(left.scale, right.scale)
            guard let a = left.significand.scaledUp(by: target - left.scale),
                let b = right.significand.scaledUp(by: target - right.scale)
            else {
                // Aligning overflows: drop one digit from the operand with the larger scale.
                if left.scale > right.scale {
                    left = left.rounded(scale: left.scale - 1)
                } else {
                    right = right.rounded(scale: right.scale - 1)
                }
                continue
            }
            let (sum, overflow) = a.addingReportingOverflow(b)
            if !overflow { return BigDecimal(significand: sum, scale: target) }
            left = left.rounded(scale: target - 1)
            right = right.rounded(scale: target - 1)
        }
        return BigDecimal(significand: 0, scale: 0)
    }

    /// The difference, rounded like `adding(_:)` when needed.
    public func subtracting(_ other: BigDecimal) -> BigDecimal { adding(other.negated) }

    /// The product; when it needs more than 38 digits, digits are rounded away (half away from zero).
    public func multiplied(by other: BigDecimal) -> BigDecimal {
        var left = self
        var right = other
        for _ in 0..<160 {
            let (product, overflow) = left.significand.multipliedReportingOverflow(by: right.significand)
            if !overflow { return BigDecimal(significand: product, scale: left.scale + right.scale) }
            if left.precision >= right.precision {
                left = left.rounded(scale: left.scale - 1)
            } else {
                right = right.rounded(scale: right.scale - 1)
            }
        }
        return BigDecimal(significand: 0, scale: 0)
    }

    /// The quotient with `scale` digits after the point (default: the larger of 18 and both operands' scales),
    /// rounded as asked. Throws for division by zero and for a quotient beyond 38 digits.
    public func divided(
        by divisor: BigDecimal, scale requestedScale: Int? = nil, rounding: DecimalRounding = .halfAwayFromZero
    ) throws(ODataValueError) -> BigDecimal {
        let text = "\(self) / \(divisor)"
        guard divisor.significand != 0 else { throw ODataValueError(type: .decimal, text: text, reason: "division by zero") }
        let target = requestedScale ?? max(Self.defaultDivisionScale, scale, divisor.scale)
        guard abs(target) <= 2 * Self.maximumScaleMagnitude else {
            throw ODataValueError(type: .decimal, text: text, reason: "scale \(target) out of range")
        }
        let negative = (significand < 0) != (divisor.significand < 0)
        var b = divisor.significand.magnitude
        var divisorScale = divisor.scale
        while b >= (UInt128(1) << 124) {  // keep remainder × 10 within 128 bits
            b = (b + 5) / 10
            divisorScale -= 1
        }
        let a = significand.magnitude
        var quotient = a / b
        var remainder = a % b
        let quotientScale = scale - divisorScale
        let half: HalfComparison
        if target >= quotientScale {
            for _ in 0..<(target - quotientScale) {
                let (times10, overflow) = quotient.multipliedReportingOverflow(by: 10)
                guard !overflow else { throw ODataValueError(type: .decimal, text: text, reason: "quotient exceeds 38 digits") }
                remainder *= 10
                let (next, overflow2) = times10.addingReportingOverflow(remainder / b)
                guard !overflow2 else { throw ODataValueError(type: .decimal, text: text, reason: "quotient exceeds 38 digits") }
                quotient = next
                remainder %= b
            }
            half = HalfComparison(remainder: remainder, divisor: b, sticky: false)
        } else {
            let drop = quotientScale - target
            if drop > 38 {
                half = quotient == 0 && remainder == 0 ? .exact : .below
                quotient = 0
            } else {
                var power: UInt128 = 1
                for _ in 0..<drop { power *= 10 }
                let rest = quotient % power
                quotient /= power
                half = HalfComparison(remainder: rest, divisor: power, sticky: remainder != 0)
            }
        }
        guard quotient < UInt128(Int128.max) else {
            throw ODataValueError(type: .decimal, text: text, reason: "quotient exceeds 38 digits")
        }
        quotient = Self.applyRounding(quotient, half, negative: negative, rounding: rounding)
        guard quotient <= UInt128(Int128.max) else {
            throw ODataValueError(type: .decimal, text: text, reason: "quotient exceeds 38 digits")
        }
        return BigDecimal(significand: Self.signed(quotient, negative: negative), scale: target)
    }

    /// Sum (rounds past 38 digits, never traps).
    public static func + (lhs: BigDecimal, rhs: BigDecimal) -> BigDecimal { lhs.adding(rhs) }
    /// Difference (rounds past 38 digits, never traps).
    public static func - (lhs: BigDecimal, rhs: BigDecimal) -> BigDecimal { lhs.subtracting(rhs) }
    /// Product (rounds past 38 digits, never traps).
    public static func * (lhs: BigDecimal, rhs: BigDecimal) -> BigDecimal { lhs.multiplied(by: rhs) }
    /// Negation.
    public static prefix func - (value: BigDecimal) -> BigDecimal { value.negated }

    // MARK: Rounding helpers

    /// Where a dropped remainder lies relative to one half of the last kept digit.
    enum HalfComparison {
        case exact, below, half, above

        init(remainder: UInt128, divisor: UInt128, sticky: Bool) {
            if remainder == 0 && !sticky {
                self = .exact
                return
            }
            // remainder < divisor < 2^127, so doubling cannot overflow.
            let doubled = remainder * 2
            if doubled < divisor { self = .below } else if doubled > divisor || sticky { self = .above } else { self = .half }
        }
    }

    static func applyRounding(_ quotient: UInt128, _ half: HalfComparison, negative: Bool, rounding: DecimalRounding) -> UInt128 {
        if case .exact = half { return quotient }
        let up: Bool
        switch rounding {
        case .towardZero: up = false
        case .down: up = negative
        case .up: up = !negative
        case .halfAwayFromZero: up = half == .half || half == .above
        case .halfEven: up = half == .above || (half == .half && quotient % 2 == 1)
        }
        return up ? quotient + 1 : quotient
    }

    static func signed(_ magnitude: UInt128, negative: Bool) -> Int128 {
        let clamped = min(magnitude, UInt128(Int128.max))
        return negative ? -Int128(clamped) : Int128(clamped)
    }
}
