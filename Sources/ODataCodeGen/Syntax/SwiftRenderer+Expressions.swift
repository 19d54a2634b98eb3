extension SwiftRenderer {
    /// The text of a type.
    func typeText(_ type: SwiftType) -> String {
        switch type {
        case .named(let path): return path.map { SwiftIdentifier.escaped($0) }.joined(separator: ".")
        case .generic(let path, let arguments):
            return path.map { SwiftIdentifier.escaped($0) }.joined(separator: ".")
                + "<" + arguments.map(typeText).joined(separator: ", ") + ">"
        case .optional(let wrapped):
            switch wrapped {
            case .existential, .function: return "(\(typeText(wrapped)))?"
            default: return typeText(wrapped) + "?"
            }
        case .array(let element): return "[\(typeText(element))]"
        case .existential(let base): return "any \(typeText(base))"
        case .attributed(let attribute, let base): return "\(attribute) \(typeText(base))"
        case .function(let attributes, let parameters, let result):
            let prefix = attributes.map { $0 + " " }.joined()
            return prefix + "(" + parameters.map(typeText).joined(separator: ", ") + ") -> " + typeText(result)
        }
    }

    /// The text of an expression; multi-line array literals are indented for `depth`.
    func expr(_ e: SwiftExpr, _ depth: Int) -> String {
        switch e {
        case .identifier(let name): return SwiftIdentifier.escaped(name)
        case .type(let type): return typeText(type)
        case .member(let base, let name): return "\(expr(base, depth)).\(name == "self" ? name : SwiftIdentifier.escaped(name))"
        case .subscript(let base, let index): return "\(expr(base, depth))[\(expr(index, depth))]"
        case .optionalMember(let base, let name): return "\(expr(base, depth))?.\(SwiftIdentifier.escaped(name))"
        case .call(let callee, let arguments, let trailing):
            var text = expr(callee, depth)
            if arguments.contains(where: { Self.isMultiline($0.value) }) {
                let indent = String(repeating: " ", count: (depth + 1) * 4)
                text +=
                    "(\n" + arguments.map { indent + argument($0, depth + 1) }.joined(separator: ",\n")
                    + "\n" + String(repeating: " ", count: depth * 4) + ")"
            } else if !arguments.isEmpty || trailing == nil {
                text += "(" + arguments.map { argument($0, depth) }.joined(separator: ", ") + ")"
            }
            if let trailing {
                text += " { " + trailing.map { stmt($0, depth) }.joined(separator: "; ") + " }"
            }
            return text
        case .string(let value): return Self.stringLiteral(value)
        case .int(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .array(let elements, let multiline):
            if elements.isEmpty { return "[]" }
            if !multiline { return "[" + elements.map { expr($0, depth) }.joined(separator: ", ") + "]" }
            let indent = String(repeating: " ", count: (depth + 1) * 4)
            let closing = String(repeating: " ", count: depth * 4)
            return "[\n" + elements.map { indent + expr($0, depth + 1) + ",\n" }.joined() + closing + "]"
        case .tuple(let arguments): return "(" + arguments.map { argument($0, depth) }.joined(separator: ", ") + ")"
        case .tryAwait(let inner): return "try await \(expr(inner, depth))"
        case .tryExpr(let inner): return "try \(expr(inner, depth))"
        case .coalesce(let lhs, let rhs): return "\(expr(lhs, depth)) ?? \(expr(rhs, depth))"
        case .self: return "self"
        case .selfType: return "Self"
        case .nil: return "nil"
        }
    }

    /// Whether an expression renders on several lines (a non-empty multi-line array literal, or a call with one
    /// among its arguments).
    static func isMultiline(_ e: SwiftExpr) -> Bool {
        switch e {
        case .array(let elements, true): return !elements.isEmpty
        case .call(_, let arguments, _): return arguments.contains { isMultiline($0.value) }
        default: return false
        }
    }

    /// The text of a statement.
    func stmt(_ s: SwiftStmt, _ depth: Int) -> String {
        switch s {
        case .expr(let e): return expr(e, depth)
        case .return(let e): return "return \(expr(e, depth))"
        case .assign(let lhs, let rhs): return "\(expr(lhs, depth)) = \(expr(rhs, depth))"
        }
    }

    private func argument(_ a: SwiftArgument, _ depth: Int) -> String {
        guard let label = a.label else { return expr(a.value, depth) }
        // Argument labels may be any keyword except `inout`, `var` and `let`.
        let written = ["inout", "var", "let"].contains(label) ? "`\(label)`" : label
        return "\(written): \(expr(a.value, depth))"
    }

    /// A Swift string literal for any text: quotes, backslashes and non-printable scalars are escaped.
    static func stringLiteral(_ value: String) -> String {
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) { return "\"" + value + "\"" }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.properties.generalCategory == .format
                {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// Accumulates lines with indentation.
struct Output {
    private(set) var text = ""

    private static let indents = (0..<16).map { String(repeating: " ", count: $0 * 4) }

    mutating func line(_ depth: Int, _ content: String) {
        text += depth < Self.indents.count ? Self.indents[depth] : String(repeating: " ", count: depth * 4)
        text += content
        text += "\n"
    }

    mutating func blank() { text += "\n" }
}
