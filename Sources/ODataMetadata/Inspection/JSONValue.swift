/// A JSON value with object keys kept in the order they were added, rendered deterministically.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys appear in this order.
    case object([(String, JSONValue)])

    /// An optional string as a string or `null`.
    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// An optional integer as an integer or `null`.
    static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }

    /// The value as pretty-printed JSON (two-space indentation, a trailing newline).
    public func rendered() -> String {
        var output = ""
        write(into: &output, indent: 0)
        output += "\n"
        return output
    }

    private func write(into output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): Self.writeString(value, into: &output)
        case .array(let values):
            if values.isEmpty {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, value) in values.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                value.write(into: &output, indent: indent + 1)
                output += index == values.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                Self.writeString(key, into: &output)
                output += ": "
                value.write(into: &output, indent: indent + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        }
    }

    private static func writeString(_ value: String, into output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// Two values are equal when they render to the same text.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }
    /// Hashes the rendered text.
    public func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }
}
