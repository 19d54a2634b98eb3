/// `add`, `sub`, `mul`, `div`, `mod` on non-null numeric values, after promotion; integer overflow and
/// division by zero are typed errors. Integer results keep the wider operand type (Int32 unless an Int64 is involved).
enum EdmArithmetic {
    static func apply(_ op: FilterOperator, _ lhs: EdmValue, _ rhs: EdmValue, expression: QueryFilter) throws(QueryEvaluationError)
        -> EdmValue
    {
        guard let a = PromotedNumber(lhs), let b = PromotedNumber(rhs) else {
            throw QueryEvaluationError("arithmetic needs numbers", expression: expression)
        }
        switch PromotedNumber.promote(a, b) {
        case (.integer(let x), .integer(let y)):
            let result = try integer(op, x, y, expression: expression)
            let wide = lhs.edmType == .int64 || rhs.edmType == .int64
            if wide { return .int64(result) }
            guard let narrow = Int32(exactly: result) else { throw QueryEvaluationError("Edm.Int32 overflow", expression: expression) }
            return .int32(narrow)
        case (.decimal(let x), .decimal(let y)):
            return .decimal(try decimal(op, x, y, expression: expression))
        case (.double(let x), .double(let y)):
            let result: Double
            switch op {
            case .add: result = x + y
            case .sub: result = x - y
            case .mul: result = x * y
            case .div: result = x / y
            default: result = x.truncatingRemainder(dividingBy: y)
            }
            if lhs.edmType == .single && rhs.edmType == .single { return .single(Float(result)) }
            return .double(result)
        default:
            throw QueryEvaluationError("arithmetic needs numbers", expression: expression)
        }
    }

    private static func integer(_ op: FilterOperator, _ x: Int64, _ y: Int64, expression: QueryFilter) throws(QueryEvaluationError) -> Int64
    {
        let (value, overflow): (Int64, Bool)
        switch op {
        case .add: (value, overflow) = x.addingReportingOverflow(y)
        case .sub: (value, overflow) = x.subtractingReportingOverflow(y)
        case .mul: (value, overflow) = x.multipliedReportingOverflow(by: y)
        case .div:
            guard y != 0 else { throw QueryEvaluationError("division by zero", expression: expression) }
            (value, overflow) = x.dividedReportingOverflow(by: y)
        default:
            guard y != 0 else { throw QueryEvaluationError("division by zero", expression: expression) }
            (value, overflow) = x.remainderReportingOverflow(dividingBy: y)
        }
        guard !overflow else { throw QueryEvaluationError("Edm.Int64 overflow", expression: expression) }
        return value
    }

    private static func decimal(_ op: FilterOperator, _ x: BigDecimal, _ y: BigDecimal, expression: QueryFilter)
        throws(QueryEvaluationError) -> BigDecimal
    {
        do throws(ODataValueError) {
            switch op {
            case .add: return x + y
            case .sub: return x - y
            case .mul: return x * y
            case .div: return try x.divided(by: y)
            default:
                let quotient = try x.divided(by: y, scale: 0, rounding: .towardZero)
                return x - quotient * y
            }
        } catch {
            throw QueryEvaluationError(error.reason, expression: expression)
        }
    }
}
