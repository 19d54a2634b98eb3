import Foundation
import OData

/// Drives every value parser and formatter with arbitrary bytes, for the `literal` fuzz target and the
/// replay of its fail cases in the unit tests. Not API: no stability promise.
public enum ValueParserExercise {
    /// Feeds the bytes to the URL-literal, JSON and Atom parsers for every type, to decimal arithmetic and to
    /// URL rendering; returns the invariant violations found (a parsed literal that does not read back as
    /// itself, a rendered URL that Foundation rejects). Malformed input must only ever throw typed errors.
    public static func run(_ bytes: UnsafeRawBufferPointer) -> [String] {
        var problems: [String] = []
        let text = String(decoding: bytes, as: UTF8.self)
        if let value = try? EdmLiteral.parse(text) { check(value, &problems) }
        for type in EdmType.allCases {
            if let value = try? EdmLiteral.parse(bytes: bytes, as: type) { check(value, &problems) }
            if let value = try? EdmJSONForm.parse(bytes, as: type) {
                check(value, &problems)
                if let json = EdmJSONForm.format(value) { _ = try? EdmJSONForm.parse(json.text, as: type) }
            }
            if let value = try? EdmAtomForm.parse(bytes, as: type) {
                check(value, &problems)
                if let atom = EdmAtomForm.format(value) { _ = try? EdmAtomForm.parse(atom, as: type) }
            }
        }
        if let decimal = try? BigDecimal(parsing: text) { exercise(decimal) }
        _ = URLEncoding.encodeLiteral(text)
        return problems
    }

    /// A parsed value must format to a literal that parses back to an equal value, and render into a valid URL.
    private static func check(_ value: EdmValue, _ problems: inout [String]) {
        guard let type = value.edmType else { return }
        let literal = EdmLiteral.format(value)
        do {
            let again = try EdmLiteral.parse(literal, as: type)
            if again != value && !isNaN(value) { problems.append("\(type.rawValue) literal \(literal) reads back as \(again)") }
        } catch {
            problems.append("\(type.rawValue) literal \(literal) does not parse: \(error)")
        }
        let set = EntitySetDescriptor(name: "Set", entityType: exerciseType)
        let query = DataQuery().from(set).withKey(EntityKey([KeyComponent(name: "K", value: value)]))
            .filter(QueryFilter.property("P").equal(.literal(value)).or(.function("substringof", [.literal(value), .property("P")])))
            .custom("x", literal)
        if URL(string: "http://127.0.0.1/" + query.relativeURLString) == nil {
            problems.append("URL for \(literal) is rejected: \(query.relativeURLString)")
        }
    }

    private static func exercise(_ decimal: BigDecimal) {
        let other = BigDecimal(significand: 7, scale: 3)
        _ = decimal + decimal
        _ = decimal * decimal
        _ = decimal - other
        _ = try? decimal.divided(by: other)
        _ = try? other.divided(by: decimal)
        _ = try? decimal.divided(by: decimal, scale: 40, rounding: .halfEven)
        _ = decimal.rounded(scale: 2)
        _ = decimal.doubleValue()
        _ = decimal.intValue()
        _ = decimal.decimalValue
        _ = decimal.description
        _ = decimal < other
    }

    private static func isNaN(_ value: EdmValue) -> Bool {
        switch value {
        case .double(let number): return number.isNaN
        case .single(let number): return number.isNaN
        default: return false
        }
    }

    private static let exerciseType = EntityTypeDescriptor(
        qualifiedName: "Fuzz.T", properties: [PropertyDescriptor(name: "K", type: .primitive(.string), index: 0, isKey: true)],
        keyNames: ["K"])
}
