import Foundation

/// A numeric value after promotion.
enum PromotedNumber {
    case integer(Int64)
    case decimal(BigDecimal)
    case double(Double)

    init?(_ value: EdmValue) {
        switch value {
        case .byte(let v): self = .integer(Int64(v))
        case .sByte(let v): self = .integer(Int64(v))
        case .int16(let v): self = .integer(Int64(v))
        case .int32(let v): self = .integer(Int64(v))
        case .int64(let v): self = .integer(v)
        case .decimal(let v): self = .decimal(v)
        case .single(let v): self = .double(Double(v))
        case .double(let v): self = .double(v)
        default: return nil
        }
    }

    var doubleValue: Double {
        switch self {
        case .integer(let v): return Double(v)
        case .decimal(let v): return v.doubleValue()
        case .double(let v): return v
        }
    }

    var decimalValue: BigDecimal? {
        switch self {
        case .integer(let v): return BigDecimal(v)
        case .decimal(let v): return v
        case .double(let v): return BigDecimal(v)
        }
    }

    /// Both operands brought to the wider kind: Double if either is, else Decimal if either is, else integers.
    static func promote(_ a: PromotedNumber, _ b: PromotedNumber) -> (PromotedNumber, PromotedNumber) {
        switch (a, b) {
        case (.integer, .integer), (.decimal, .decimal), (.double, .double): return (a, b)
        case (.double, _), (_, .double): return (.double(a.doubleValue), .double(b.doubleValue))
        default: return (.decimal(a.decimalValue ?? BigDecimal(0)), .decimal(b.decimalValue ?? BigDecimal(0)))
        }
    }
}

/// Ordering of non-null primitive values for filters and `$orderby`.
enum EdmComparison {
    /// −1, 0 or 1; throws for values of incomparable types.
    static func compare(_ lhs: EdmValue, _ rhs: EdmValue, expression: QueryFilter?, forEquality: Bool) throws(QueryEvaluationError) -> Int {
        if let a = PromotedNumber(lhs), let b = PromotedNumber(rhs) {
            switch PromotedNumber.promote(a, b) {
            case (.integer(let x), .integer(let y)): return x == y ? 0 : (x < y ? -1 : 1)
            case (.decimal(let x), .decimal(let y)): return BigDecimal.compare(x, y)
            case (.double(let x), .double(let y)):
                if x.isNaN || y.isNaN { return x.isNaN && y.isNaN ? 0 : (x.isNaN ? -1 : 1) }
                return x == y ? 0 : (x < y ? -1 : 1)
            default: break
            }
        }
        switch (lhs, rhs) {
        case (.string(let x), .string(let y)): return ordinalCompare(x, y)
        case (.boolean(let x), .boolean(let y)): return x == y ? 0 : (!x ? -1 : 1)
        case (.dateTime(let x), .dateTime(let y)): return order(x.ticks, y.ticks)
        case (.dateTimeOffset(let x), .dateTimeOffset(let y)): return order(x.utcTicks, y.utcTicks)
        case (.dateTime(let x), .dateTimeOffset(let y)): return order(x.ticks, y.utcTicks)
        case (.dateTimeOffset(let x), .dateTime(let y)): return order(x.utcTicks, y.ticks)
        case (.time(let x), .time(let y)): return order(x.ticks, y.ticks)
        case (.guid(let x), .guid(let y)): return ordinalCompare(x.stringValue, y.stringValue)
        case (.binary(let x), .binary(let y)):
            if forEquality { return x == y ? 0 : 1 }
            return x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1)
        case (.complex(let x), .complex(let y)) where forEquality: return x == y ? 0 : 1
        default:
            let left = lhs.edmType?.rawValue ?? "a complex or collection value"
            let right = rhs.edmType?.rawValue ?? "a complex or collection value"
            throw QueryEvaluationError("cannot compare \(left) with \(right)", expression: expression)
        }
    }

    /// Ordinal (UTF-16 code unit) comparison, case-sensitive, as .NET and Java servers compare strings.
    static func ordinalCompare(_ x: String, _ y: String) -> Int {
        var a = x.utf16.makeIterator()
        var b = y.utf16.makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let p?, let q?): if p != q { return p < q ? -1 : 1 }
            }
        }
    }

    private static func order(_ x: Int64, _ y: Int64) -> Int { x == y ? 0 : (x < y ? -1 : 1) }
}
