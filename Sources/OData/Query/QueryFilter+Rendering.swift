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

extension QueryFilter {
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
    /// precedence, since operators associate to the left).
    public var expressionString: String {
        var output = ""
        render(into: &output, encoded: false)
        return output
    }

    /// The expression percent-encoded for a URL: spaces as `%20`, reserved characters in literals encoded.
    public var urlEncodedString: String {
        var output = ""
        render(into: &output, encoded: true)
        return output
    }

    func render(into output: inout String, encoded: Bool) {
        let space = encoded ? "%20" : " "
        switch self {
        case .property(let path):
            output += encoded ? URLEncoding.encodePath(path) : path
        case .literal(let value):
            output += encoded ? URLEncoding.literal(value) : EdmLiteral.format(value)
        case .typeName(let name):
            let literal = EdmLiteral.quoted(name)
            output += encoded ? URLEncoding.encodeLiteral(literal) : literal
        case .binary(let op, let left, let right):
            left.renderOperand(into: &output, encoded: encoded, parenthesized: left.precedence < op.precedence)
            output += space + op.rawValue + space
            right.renderOperand(into: &output, encoded: encoded, parenthesized: right.precedence <= op.precedence)
        case .not(let operand):
            output += "not" + space
            operand.renderOperand(into: &output, encoded: encoded, parenthesized: operand.precedence < Self.unaryPrecedence)
        case .negate(let operand):
            output += "-"
            operand.renderOperand(into: &output, encoded: encoded, parenthesized: operand.needsParenthesesAfterMinus)
        case .function(let name, let arguments):
            output += name + "("
            for (i, argument) in arguments.enumerated() {
                if i > 0 { output += "," }
                argument.render(into: &output, encoded: encoded)
            }
            output += ")"
        }
    }

    private func renderOperand(into output: inout String, encoded: Bool, parenthesized: Bool) {
        if parenthesized { output += "(" }
        render(into: &output, encoded: encoded)
        if parenthesized { output += ")" }
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
