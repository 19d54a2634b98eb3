import Foundation
import OData

/// A `$filter` expression translated to SQL over a set's typed columns (`v.`), with its parameters in order.
/// Only what SQLite evaluates exactly as the in-memory evaluator does is translated; `nil` means "evaluate in
/// memory". Booleans follow the evaluator's three values: comparisons and `and`/`or` are never null, `not`
/// and Boolean properties and functions can be.
struct SQLFragment {
    var sql: String
    var parameters: [SQLValue]
    /// The value's kind (nil for a null literal and for Booleans, see `isBoolean`).
    var kind: ColumnKind?
    var isBoolean = false
    /// Whether the fragment is a literal (a parameter).
    var isLiteral = false
    /// The literal, when it is one.
    var literal: EdmValue?

    /// Splices fragments into a template where `$0`, `$1`, … stand for their SQL (parameters follow in the
    /// order the placeholders appear).
    static func render(_ template: String, _ parts: [SQLFragment], kind: ColumnKind?, isBoolean: Bool = false) -> SQLFragment {
        var sql = ""
        var parameters: [SQLValue] = []
        var characters = template[...]
        while let dollar = characters.firstIndex(of: "$") {
            sql += characters[..<dollar]
            let digit = characters.index(after: dollar)
            guard digit < characters.endIndex, let index = characters[digit].wholeNumberValue, index < parts.count else {
                sql += "$"
                characters = characters[digit...]
                continue
            }
            sql += parts[index].sql
            parameters += parts[index].parameters
            characters = characters[characters.index(after: digit)...]
        }
        sql += characters
        return SQLFragment(sql: sql, parameters: parameters, kind: kind, isBoolean: isBoolean)
    }
}

/// Translates filter expressions for one entity set's table.
struct SQLFilterTranslator {
    let table: EntityTable

    /// A Boolean expression: `exact` gives the evaluator's three values (for use under `not`); otherwise
    /// null and false may be confused (a `WHERE` condition), which lets comparisons use indexes.
    func predicate(_ filter: QueryFilter, exact: Bool) -> SQLFragment? {
        switch filter {
        case .binary(let op, let left, let right) where op == .and || op == .or:
            guard let l = predicate(left, exact: exact), let r = predicate(right, exact: exact) else { return nil }
            let word = op == .and ? "AND" : "OR"
            return exact
                ? .render("(coalesce($0, 0) \(word) coalesce($1, 0))", [l, r], kind: nil, isBoolean: true)
                : .render("($0 \(word) $1)", [l, r], kind: nil, isBoolean: true)
        case .not(let operand):
            guard let inner = predicate(operand, exact: true) else { return nil }
            return .render("(NOT $0)", [inner], kind: nil, isBoolean: true)
        case .binary(let op, let left, let right)
        where [.equal, .notEqual, .lessThan, .lessEqual, .greaterThan, .greaterEqual].contains(op):
            return comparison(op, left, right, exact: exact)
        default:
            guard let value = value(filter), value.isBoolean else { return nil }
            return exact ? value : .render("($0 = 1)", [value], kind: nil, isBoolean: true)
        }
    }

    private func comparison(_ op: FilterOperator, _ left: QueryFilter, _ right: QueryFilter, exact: Bool) -> SQLFragment? {
        guard var l = value(left), var r = value(right) else { return nil }
        let isNullLiteral = { (fragment: SQLFragment) in fragment.isLiteral && fragment.literal == .null }
        if isNullLiteral(l) || isNullLiteral(r) {
            let other = isNullLiteral(l) ? r : l
            switch op {
            case .equal: return .render("($0 IS NULL)", [other], kind: nil, isBoolean: true)
            case .notEqual: return .render("($0 IS NOT NULL)", [other], kind: nil, isBoolean: true)
            default: return SQLFragment(sql: "0", parameters: [], kind: nil, isBoolean: true)
            }
        }
        guard let collation = comparable(&l, &r) else { return nil }
        let collate = collation.map { " COLLATE " + $0 } ?? ""
        switch op {
        case .equal:
            let plain = !exact && (l.isLiteral || r.isLiteral)
            return .render(plain ? "($0 = $1\(collate))" : "($0 IS $1\(collate))", [l, r], kind: nil, isBoolean: true)
        case .notEqual:
            return .render("($0 IS NOT $1\(collate))", [l, r], kind: nil, isBoolean: true)
        default:
            let symbol = [FilterOperator.lessThan: "<", .lessEqual: "<=", .greaterThan: ">", .greaterEqual: ">="][op] ?? "="
            return exact
                ? .render("coalesce($0 \(symbol) $1\(collate), 0)", [l, r], kind: nil, isBoolean: true)
                : .render("($0 \(symbol) $1\(collate))", [l, r], kind: nil, isBoolean: true)
        }
    }

    /// Whether two values compare in SQL as in the evaluator; the collation to use (nil inside for none).
    /// A decimal compared with an integer literal takes the literal as decimal text.
    private func comparable(_ l: inout SQLFragment, _ r: inout SQLFragment) -> String?? {
        if l.isBoolean || r.isBoolean { return l.isBoolean && r.isBoolean ? .some(nil) : nil }
        guard let a = l.kind, let b = r.kind else { return nil }
        switch (a, b) {
        case (.text, .text): return .some("odata_utf16")
        case (.guid, .guid), (.boolean, .boolean), (.time, .time): return .some(nil)
        case (.integer, .integer), (.integer, .real(isSingle: false)), (.real(isSingle: false), .integer), (.real, .real):
            return .some(nil)
        case (.dateTime, .dateTime), (.dateTimeOffset, .dateTimeOffset), (.dateTime, .dateTimeOffset), (.dateTimeOffset, .dateTime):
            return .some(nil)
        case (.decimal, .decimal): return .some("odata_decimal")
        case (.decimal, .integer) where r.isLiteral:
            r = Self.decimalLiteral(r)
            return .some("odata_decimal")
        case (.integer, .decimal) where l.isLiteral:
            l = Self.decimalLiteral(l)
            return .some("odata_decimal")
        default: return nil
        }
    }

    private static func decimalLiteral(_ fragment: SQLFragment) -> SQLFragment {
        var result = fragment
        if case .integer(let number)? = fragment.parameters.first { result.parameters = [.text(String(number))] }
        result.kind = .decimal
        return result
    }

    /// A value expression: a property column, a literal, arithmetic, or a function the store evaluates exactly.
    func value(_ filter: QueryFilter) -> SQLFragment? {
        switch filter {
        case .property(let name):
            guard let index = table.columnIndex[name] else { return nil }
            let column = table.columns[index]
            var fragment = SQLFragment(sql: "v." + column.name, parameters: [], kind: column.kind)
            if column.kind == .boolean {
                fragment.kind = nil
                fragment.isBoolean = true
            }
            if column.kind == .binary { return nil }
            return fragment
        case .literal(let literal):
            return Self.literal(literal)
        case .binary(let op, let left, let right) where [.add, .sub, .mul, .div, .mod].contains(op):
            return arithmetic(op, left, right)
        case .negate(let operand):
            guard let inner = value(operand), let kind = inner.kind else { return nil }
            switch kind {
            case .integer(let isWide): return .render(isWide ? "odata_int64(0 - $0)" : "odata_int32(0 - $0)", [inner], kind: kind)
            case .real(isSingle: false): return .render("(- $0)", [inner], kind: kind)
            default: return nil
            }
        case .function(let name, let arguments):
            return function(name, arguments)
        default:
            return nil
        }
    }

    static func literal(_ value: EdmValue) -> SQLFragment? {
        var fragment: SQLFragment
        switch value {
        case .null: fragment = SQLFragment(sql: "NULL", parameters: [], kind: nil)
        case .boolean(let flag): fragment = SQLFragment(sql: flag ? "1" : "0", parameters: [], kind: nil, isBoolean: true)
        case .string, .guid, .byte, .sByte, .int16, .int32, .int64, .decimal, .dateTime, .dateTimeOffset, .time:
            guard let type = value.edmType else { return nil }
            fragment = SQLFragment(sql: "?", parameters: [EntityTable.sqlValue(value).0], kind: ColumnKind(type))
        case .double(let number) where number.isFinite:
            fragment = SQLFragment(sql: "?", parameters: [.real(number)], kind: .real(isSingle: false))
        case .single(let number) where number.isFinite:
            fragment = SQLFragment(sql: "?", parameters: [.real(Double(number))], kind: .real(isSingle: true))
        default: return nil
        }
        fragment.isLiteral = true
        fragment.literal = value
        return fragment
    }

    private func arithmetic(_ op: FilterOperator, _ left: QueryFilter, _ right: QueryFilter) -> SQLFragment? {
        guard let l = value(left), let r = value(right), let a = l.kind, let b = r.kind else { return nil }
        let symbol = [FilterOperator.add: "+", .sub: "-", .mul: "*", .div: "/", .mod: "%"][op] ?? "+"
        let isNonZeroLiteral: Bool
        switch r.literal {
        case .int32(let n)?: isNonZeroLiteral = n != 0
        case .int64(let n)?: isNonZeroLiteral = n != 0 && n != -1
        case .int16(let n)?: isNonZeroLiteral = n != 0
        case .byte(let n)?: isNonZeroLiteral = n != 0
        case .sByte(let n)?: isNonZeroLiteral = n != 0
        case .double(let n)?: isNonZeroLiteral = n != 0
        default: isNonZeroLiteral = false
        }
        if (op == .div || op == .mod) && !isNonZeroLiteral { return nil }
        switch (a, b) {
        case (.integer(let x), .integer(let y)):
            let wide = x || y
            return .render(wide ? "odata_int64($0 \(symbol) $1)" : "odata_int32($0 \(symbol) $1)", [l, r], kind: .integer(isWide: wide))
        case (.real(isSingle: false), .real), (.real, .real(isSingle: false)), (.integer, .real(isSingle: false)),
            (.real(isSingle: false), .integer):
            guard op != .mod else { return nil }
            return .render("($0 \(symbol) $1)", [l, r], kind: .real(isSingle: false))
        default:
            return nil
        }
    }

    private func function(_ name: String, _ arguments: [QueryFilter]) -> SQLFragment? {
        var parts: [SQLFragment] = []
        for argument in arguments {
            guard let part = value(argument) else { return nil }
            parts.append(part)
        }
        let texts = parts.allSatisfy { $0.kind == .text }
        switch (name, parts.count) {
        case ("substringof", 2) where texts: return .render("(instr($1, $0) > 0)", parts, kind: nil, isBoolean: true)
        case ("startswith", 2) where texts: return .render("(substr($0, 1, length($1)) = $1)", parts, kind: nil, isBoolean: true)
        case ("endswith", 2) where texts:
            return .render(
                "(CASE WHEN $0 IS NULL OR $1 IS NULL THEN NULL WHEN length($1) = 0 THEN 1 ELSE substr($0, -length($1)) = $1 END)", parts,
                kind: nil, isBoolean: true)
        case ("indexof", 2) where texts: return .render("odata_indexof($0, $1)", parts, kind: .integer(isWide: false))
        case ("concat", 2) where texts: return .render("($0 || $1)", parts, kind: .text)
        case ("length", 1) where texts: return .render("odata_length($0)", parts, kind: .integer(isWide: false))
        case ("tolower", 1) where texts: return .render("odata_lower($0)", parts, kind: .text)
        case ("toupper", 1) where texts: return .render("odata_upper($0)", parts, kind: .text)
        case ("trim", 1) where texts: return .render("odata_trim($0)", parts, kind: .text)
        case ("substring", 2), ("substring", 3):
            guard parts[0].kind == .text, parts.dropFirst().allSatisfy({ if case .integer? = $0.kind { true } else { false } }) else {
                return nil
            }
            return .render(parts.count == 2 ? "odata_substring($0, $1)" : "odata_substring($0, $1, $2)", parts, kind: .text)
        case ("year", 1), ("month", 1), ("day", 1), ("hour", 1), ("minute", 1), ("second", 1):
            switch parts[0].kind {
            case .dateTime?, .dateTimeOffset?:
                return .render("odata_datepart('\(name)', $0)", parts, kind: .integer(isWide: false))
            case .time? where name == "hour": return .render("($0 / 36000000000)", parts, kind: .integer(isWide: false))
            case .time? where name == "minute": return .render("($0 / 600000000 % 60)", parts, kind: .integer(isWide: false))
            case .time? where name == "second": return .render("($0 / 10000000 % 60)", parts, kind: .integer(isWide: false))
            default: return nil
            }
        case ("round", 1), ("floor", 1), ("ceiling", 1):
            switch parts[0].kind {
            case .integer?: return parts[0]
            case .real(isSingle: false)?:
                return .render("odata_round('\(name)', $0)", parts, kind: .real(isSingle: false))
            default: return nil
            }
        default:
            return nil
        }
    }
}
