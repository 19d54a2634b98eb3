extension FilterOperator {
    /// Binding strength in `$filter` ([MS-ODATA] operator precedence): `or` binds loosest.
    var precedence: Int {
        switch self {
        case .or: return 1
        case .and: return 2
        case .equal, .notEqual: return 3
        case .greaterThan, .greaterEqual, .lessThan, .lessEqual: return 4
        case .add, .sub: return 5
        case .mul, .div, .mod: return 6
        }
    }
}

extension FilterOperator {
    /// The operator keyword as a static string.
    var token: StaticString {
        switch self {
        case .equal: return "eq"
        case .notEqual: return "ne"
        case .greaterThan: return "gt"
        case .greaterEqual: return "ge"
        case .lessThan: return "lt"
        case .lessEqual: return "le"
        case .and: return "and"
        case .or: return "or"
        case .add: return "add"
        case .sub: return "sub"
        case .mul: return "mul"
        case .div: return "div"
        case .mod: return "mod"
        }
    }
}

extension FilterOperator {
    /// Whether this is `eq`, `ne`, `gt`, `ge`, `lt` or `le`.
    var isComparison: Bool { precedence == 3 || precedence == 4 }
}

extension QueryFilter {
    /// Whether this is a comparison.
    var isComparison: Bool {
        if case .binary(let op, _, _) = self { return op.isComparison }
        return false
    }

    /// Precedence of unary operators (`not`, `-`).
    static let unaryPrecedence = 7
    /// Precedence of primary expressions (paths, literals, calls).
    static let primaryPrecedence = 8

    var precedence: Int {
        switch self {
        case .binary(let op, _, _): return op.precedence
        case .not, .negate: return Self.unaryPrecedence
        case .property, .literal, .function, .typeName: return Self.primaryPrecedence
        }
    }

    /// The expression as written in `$filter`, not percent-encoded: `substringof('x',FirstName) or Age gt 30`.
    ///
    /// Parentheses appear only where precedence requires them (and around a right operand of equal
    /// precedence, since operators associate to the left). A filter alone knows no property types, so each value is
    /// written by its own type; a `DataQuery`'s URL writes a value compared with an enum-typed property of the
    /// entities it reads as an enum literal (`Color eq NS.Color'Red'`).
    public var expressionString: String {
        var writer = URLTextWriter(encoded: false)
        render(into: &writer)
        return writer.text
    }

    /// The expression percent-encoded for a URL: spaces as `%20`, reserved characters in literals encoded (values
    /// by their own types, as in `expressionString`).
    public var urlEncodedString: String {
        var writer = URLTextWriter(encoded: true)
        render(into: &writer)
        return writer.text
    }

    /// Writes the expression. With the entity type it filters (`type`), a value compared with an enum-typed property
    /// is written as an enum literal (`Color eq NS.Color'Red'`), as OData 3.0 and v4 read it; without, as a string.
    func render(into writer: inout URLTextWriter, type: EntityTypeDescriptor? = nil) {
        switch self {
        case .property(let path):
            writer.pathText(path)
        case .literal(let value):
            writer.literal(value)
        case .typeName(let name):
            writer.literal(.string(name))
        case .binary(let op, let left, let right):
            // Comparisons inside comparisons are parenthesized although precedence would allow
            // `A eq B gt 1`: servers disagree on relational vs equality precedence.
            let comparison = op.isComparison
            let enumType = comparison ? comparedEnumType(left, right, in: type) : nil
            left.renderOperand(
                into: &writer, parenthesized: left.precedence < op.precedence || (comparison && left.isComparison), type: type,
                enumType: enumType)
            writer.space()
            writer.raw(op.token)
            writer.space()
            right.renderOperand(
                into: &writer, parenthesized: right.precedence <= op.precedence || (comparison && right.isComparison), type: type,
                enumType: enumType)
        case .not(let operand):
            writer.raw("not")
            writer.space()
            operand.renderOperand(into: &writer, parenthesized: operand.precedence < Self.unaryPrecedence, type: type)
        case .negate(let operand):
            writer.raw(UInt8(ascii: "-"))
            operand.renderOperand(into: &writer, parenthesized: operand.needsParenthesesAfterMinus, type: type)
        case .function(let name, let arguments):
            writer.pathText(name)
            writer.raw(UInt8(ascii: "("))
            for (i, argument) in arguments.enumerated() {
                if i > 0 { writer.raw(UInt8(ascii: ",")) }
                argument.render(into: &writer, type: type)
            }
            writer.raw(UInt8(ascii: ")"))
        }
    }

    /// `enumType` is the enum type of the property this operand is compared with: a literal is then an enum literal.
    private func renderOperand(
        into writer: inout URLTextWriter, parenthesized: Bool, type: EntityTypeDescriptor?, enumType: EnumTypeDescriptor? = nil
    ) {
        if parenthesized { writer.raw(UInt8(ascii: "(")) }
        if let enumType, case .literal(let value) = self {
            writer.enumLiteral(value, of: enumType)
        } else {
            render(into: &writer, type: type)
        }
        if parenthesized { writer.raw(UInt8(ascii: ")")) }
    }

    /// The enum type of a property path compared in `left op right`, looked up in `type`.
    private func comparedEnumType(_ left: QueryFilter, _ right: QueryFilter, in type: EntityTypeDescriptor?) -> EnumTypeDescriptor? {
        guard let type else { return nil }
        if case .property(let path) = left, let found = type.enumType(atPath: path) { return found }
        if case .property(let path) = right { return type.enumType(atPath: path) }
        return nil
    }

    /// `-` before a negative literal or another negation would read as `--`: parenthesize those too.
    private var needsParenthesesAfterMinus: Bool {
        switch self {
        case .negate: return true
        case .literal(let value): return EdmLiteral.format(value).hasPrefix("-")
        default: return precedence < Self.unaryPrecedence
        }
    }
}

extension QueryFilter: CustomStringConvertible {
    /// The `$filter` text (not percent-encoded).
    public var description: String { expressionString }
}
