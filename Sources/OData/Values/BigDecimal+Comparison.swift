extension BigDecimal: Hashable, Comparable {
    /// The same number with trailing zeros after the point removed (`12.50` → `12.5`).
    public var normalized: BigDecimal {
        var significand = self.significand
        var scale = self.scale
        if significand == 0 { return BigDecimal(significand: 0, scale: 0) }
        while significand % 10 == 0 {
            significand /= 10
            scale -= 1
        }
        return BigDecimal(significand: significand, scale: scale)
    }

    /// Numeric equality: `12.50 == 12.5`.
    public static func == (lhs: BigDecimal, rhs: BigDecimal) -> Bool {
        let left = lhs.normalized
        let right = rhs.normalized
        return left.significand == right.significand && left.scale == right.scale
    }

    /// Hashes the numeric value, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        let value = normalized
        hasher.combine(value.significand)
        hasher.combine(value.scale)
    }

    /// Numeric ordering, exact.
    public static func < (lhs: BigDecimal, rhs: BigDecimal) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// −1, 0 or 1 as `lhs` is less than, equal to or greater than `rhs`.
    static func compare(_ lhs: BigDecimal, _ rhs: BigDecimal) -> Int {
        if lhs.significand.signum() != rhs.significand.signum() {
            return lhs.significand.signum() < rhs.significand.signum() ? -1 : 1
        }
        let left = lhs.normalized
        let right = rhs.normalized
        // Bring both to the larger scale; when that overflows, the one that overflowed is larger in magnitude.
        let target = max(left.scale, right.scale)
        guard let a = left.significand.scaledUp(by: target - left.scale) else {
            return left.significand > 0 ? 1 : -1
        }
        guard let b = right.significand.scaledUp(by: target - right.scale) else {
            return right.significand > 0 ? -1 : 1
        }
        return a == b ? 0 : (a < b ? -1 : 1)
    }
}

extension Int128 {
    /// `self × 10^digits`, nil on overflow.
    func scaledUp(by digits: Int) -> Int128? {
        var value = self
        for _ in 0..<Swift.max(digits, 0) {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = product
        }
        return value
    }
}
