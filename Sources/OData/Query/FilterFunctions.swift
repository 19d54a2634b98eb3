import Foundation

/// The v2 built-in functions evaluated in memory. A null argument gives null. String positions are
/// UTF-16 offsets (as on .NET and Java servers); matching is ordinal and case-sensitive; date parts are in UTC.
enum FilterFunctions {
    static func call(_ name: String, _ arguments: [QueryFilter], evaluator: FilterEvaluator, expression: QueryFilter)
        throws(QueryEvaluationError) -> EdmValue
    {
        if name == "isof" || name == "cast" {
            return try typeFunction(name, arguments, evaluator: evaluator, expression: expression)
        }
        var values: [EdmValue] = []
        for argument in arguments { values.append(try evaluator.evaluate(argument)) }
        func fail(_ message: String) -> QueryEvaluationError { QueryEvaluationError(message, expression: expression) }
        guard let arity = arities[name] else { throw fail("unsupported function \(name)") }
        guard arity.contains(values.count) else { throw fail("\(name) takes \(arity.lowerBound)…\(arity.upperBound) arguments") }
        if values.contains(where: \.isNull) { return .null }
        switch name {
        case "substringof", "startswith", "endswith", "indexof", "concat":
            let a = try string(values[0], name, expression)
            let b = try string(values[1], name, expression)
            switch name {
            case "substringof": return .boolean(ordinalIndex(of: Array(a.utf16), in: Array(b.utf16)) != nil)
            case "startswith": return .boolean(a.utf16.starts(with: b.utf16))
            case "endswith": return .boolean(a.utf16.reversed().starts(with: b.utf16.reversed()))
            case "concat": return .string(a + b)
            default:
                return .int32(Int32(clamping: ordinalIndex(of: Array(b.utf16), in: Array(a.utf16)) ?? -1))
            }
        case "length":
            return .int32(Int32(clamping: try string(values[0], name, expression).utf16.count))
        case "tolower": return .string(try string(values[0], name, expression).lowercased())
        case "toupper": return .string(try string(values[0], name, expression).uppercased())
        case "trim": return .string(try string(values[0], name, expression).trimmingCharacters(in: .whitespacesAndNewlines))
        case "replace":
            let text = try string(values[0], name, expression)
            let find = try string(values[1], name, expression)
            guard !find.isEmpty else { return .string(text) }
            return .string(ordinalReplace(text, find, try string(values[2], name, expression)))
        case "substring":
            let units = Array(try string(values[0], name, expression).utf16)
            let start = try integer(values[1], name, expression)
            guard start >= 0 else { throw fail("substring start is negative") }
            let from = min(Int(clamping: start), units.count)
            var to = units.count
            if values.count == 3 {
                let length = try integer(values[2], name, expression)
                guard length >= 0 else { throw fail("substring length is negative") }
                to = min(units.count, from + Int(clamping: min(length, Int64(units.count))))
            }
            return .string(String(decoding: units[from..<to], as: UTF16.self))
        case "year", "month", "day", "hour", "minute", "second":
            return .int32(Int32(try datePart(name, values[0], expression)))
        case "round", "floor", "ceiling":
            return try rounding(name, values[0], expression)
        default:
            throw fail("unsupported function \(name)")
        }
    }

    /// The first UTF-16 offset at or after `start` where `needle` occurs in `haystack` (ordinal); 0 for an empty needle.
    static func ordinalIndex(of needle: [UInt16], in haystack: [UInt16], from start: Int = 0) -> Int? {
        guard !needle.isEmpty else { return start <= haystack.count ? start : nil }
        guard haystack.count >= needle.count else { return nil }
        var i = start
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// Replaces every ordinal occurrence of `find` (non-empty) by `replacement`, left to right.
    static func ordinalReplace(_ text: String, _ find: String, _ replacement: String) -> String {
        let units = Array(text.utf16)
        let needle = Array(find.utf16)
        var output: [UInt16] = []
        var position = 0
        while let found = ordinalIndex(of: needle, in: units, from: position) {
            output += units[position..<found]
            output += replacement.utf16
            position = found + needle.count
        }
        output += units[position...]
        return String(decoding: output, as: UTF16.self)
    }

    private static let arities: [String: ClosedRange<Int>] = [
        "substringof": 2...2, "startswith": 2...2, "endswith": 2...2, "indexof": 2...2, "concat": 2...2, "length": 1...1,
        "tolower": 1...1, "toupper": 1...1, "trim": 1...1, "replace": 3...3, "substring": 2...3, "year": 1...1, "month": 1...1,
        "day": 1...1, "hour": 1...1, "minute": 1...1, "second": 1...1, "round": 1...1, "floor": 1...1, "ceiling": 1...1,
    ]

    private static func string(_ value: EdmValue, _ name: String, _ expression: QueryFilter) throws(QueryEvaluationError) -> String {
        guard case .string(let text) = value else {
            throw QueryEvaluationError("\(name) needs Edm.String arguments", expression: expression)
        }
        return text
    }

    private static func integer(_ value: EdmValue, _ name: String, _ expression: QueryFilter) throws(QueryEvaluationError) -> Int64 {
        guard case .integer(let number)? = PromotedNumber(value) else {
            throw QueryEvaluationError("\(name) needs an integer argument", expression: expression)
        }
        return number
    }

    private static func datePart(_ name: String, _ value: EdmValue, _ expression: QueryFilter) throws(QueryEvaluationError) -> Int {
        let ticks: Int64
        switch value {
        case .dateTime(let dateTime): ticks = dateTime.ticks
        case .dateTimeOffset(let dateTime): ticks = dateTime.utcTicks
        case .date(let date):
            switch name {
            case "year": return date.year
            case "month": return date.month
            case "day": return date.day
            default: throw QueryEvaluationError("\(name) needs a value with a time of day", expression: expression)
            }
        case .time(let time):
            switch name {
            case "hour": return time.hour
            case "minute": return time.minute
            case "second": return time.second
            default: throw QueryEvaluationError("\(name) needs an Edm.DateTime or Edm.DateTimeOffset", expression: expression)
            }
        default: throw QueryEvaluationError("\(name) needs a date-time argument", expression: expression)
        }
        let parts = DateTimeParts(ticks: ticks)
        switch name {
        case "year": return parts.year
        case "month": return parts.month
        case "day": return parts.day
        case "hour": return parts.hour
        case "minute": return parts.minute
        default: return parts.second
        }
    }

    private static func rounding(_ name: String, _ value: EdmValue, _ expression: QueryFilter) throws(QueryEvaluationError) -> EdmValue {
        let rule: FloatingPointRoundingRule = name == "round" ? .toNearestOrAwayFromZero : (name == "floor" ? .down : .up)
        let decimalRule: DecimalRounding = name == "round" ? .halfAwayFromZero : (name == "floor" ? .down : .up)
        switch value {
        case .double(let number): return .double(number.rounded(rule))
        case .single(let number): return .single(number.rounded(rule))
        case .decimal(let number): return .decimal(number.rounded(scale: 0, rounding: decimalRule))
        case .byte, .sByte, .int16, .int32, .int64: return value
        default: throw QueryEvaluationError("\(name) needs a number", expression: expression)
        }
    }

    /// `isof('T')`, `isof(x,'T')`, `cast(x,'T')`.
    private static func typeFunction(_ name: String, _ arguments: [QueryFilter], evaluator: FilterEvaluator, expression: QueryFilter)
        throws(QueryEvaluationError) -> EdmValue
    {
        guard let last = arguments.last, case .typeName(let typeName) = last, (1...2).contains(arguments.count),
            name == "isof" || arguments.count == 2
        else { throw QueryEvaluationError("\(name) needs a type name as its last argument", expression: expression) }
        let subject: EdmValue? = arguments.count == 2 ? try evaluator.evaluate(arguments[0]) : nil
        if name == "isof" {
            guard let subject else {
                let type = evaluator.entity.entityType
                return .boolean(
                    type.qualifiedName == typeName || evaluator.entity.metadata.typeName == typeName || type.baseTypeName == typeName)
            }
            switch subject {
            case .null: return .boolean(false)
            case .complex(let complex): return .boolean(complex.complexType.qualifiedName == typeName)
            default: return .boolean(subject.edmType?.rawValue == typeName)
            }
        }
        guard let target = EdmType(rawValue: typeName) else {
            throw QueryEvaluationError("cast to \(typeName) is not supported in memory", expression: expression)
        }
        guard let subject, !subject.isNull else { return .null }
        return try cast(subject, to: target, expression: expression)
    }

    private static func cast(_ value: EdmValue, to target: EdmType, expression: QueryFilter) throws(QueryEvaluationError) -> EdmValue {
        if value.edmType == target { return value }
        if target == .string {
            if case .string = value { return value }
            return .string(EdmAtomForm.format(value) ?? "")
        }
        guard let number = PromotedNumber(value) else {
            throw QueryEvaluationError("cannot cast \(value.edmType?.rawValue ?? "value") to \(target.rawValue)", expression: expression)
        }
        func integer(_ range: ClosedRange<Int64>) throws(QueryEvaluationError) -> Int64 {
            let whole: Int64?
            switch number {
            case .integer(let v): whole = v
            case .decimal(let v): whole = v.rounded(scale: 0, rounding: .towardZero).exactInt64Value
            case .double(let v): whole = v.isFinite && abs(v) < 9.2e18 ? Int64(v.rounded(.towardZero)) : nil
            }
            guard let whole, range.contains(whole) else {
                throw QueryEvaluationError("value out of range for \(target.rawValue)", expression: expression)
            }
            return whole
        }
        switch target {
        case .byte: return .byte(UInt8(try integer(0...255)))
        case .sByte: return .sByte(Int8(try integer(-128...127)))
        case .int16: return .int16(Int16(try integer(Int64(Int16.min)...Int64(Int16.max))))
        case .int32: return .int32(Int32(try integer(Int64(Int32.min)...Int64(Int32.max))))
        case .int64: return .int64(try integer(Int64.min...Int64.max))
        case .double: return .double(number.doubleValue)
        case .single: return .single(Float(number.doubleValue))
        case .decimal:
            guard let decimal = number.decimalValue else {
                throw QueryEvaluationError("value out of range for Edm.Decimal", expression: expression)
            }
            return .decimal(decimal)
        default:
            throw QueryEvaluationError("cannot cast a number to \(target.rawValue)", expression: expression)
        }
    }
}
