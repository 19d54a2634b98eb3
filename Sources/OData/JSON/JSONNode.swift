import Foundation

/// A small JSON tree, for small documents whose shape is not known in advance (error bodies).
enum JSONNode: Equatable {
    case object([(key: String, value: JSONNode)])
    case array([JSONNode])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): return a == b
        case (.string(let a), .string(let b)), (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    /// Parses a whole JSON document.
    static func parse(_ data: Data) throws -> JSONNode {
        try data.withUnsafeBytes { raw in
            guard raw.count > 0, let base = raw.baseAddress else {
                throw ODataDecodingError(format: .json, offset: 0, line: 1, column: 1, message: "empty payload")
            }
            var scanner = JSONScanner(bytes: raw, base: base.assumingMemoryBound(to: UInt8.self))
            if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF { scanner.position = 3 }
            let node = try parse(&scanner)
            try scanner.expectEnd()
            return node
        }
    }

    /// Parses one value.
    static func parse(_ scanner: inout JSONScanner) throws -> JSONNode {
        switch try scanner.peek() {
        case UInt8(ascii: "{"):
            try scanner.beginObject()
            var members: [(key: String, value: JSONNode)] = []
            var first = true
            while let key = try scanner.nextKey(&first) {
                let name = key.string
                members.append((name, try parse(&scanner)))
            }
            return .object(members)
        case UInt8(ascii: "["):
            try scanner.beginArray()
            var elements: [JSONNode] = []
            var first = true
            while try scanner.nextElement(&first) { elements.append(try parse(&scanner)) }
            return .array(elements)
        case UInt8(ascii: "\""): return .string(try scanner.readString().string)
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try scanner.readBool())
        case UInt8(ascii: "n"):
            try scanner.literal("null")
            return .null
        default: return .number(try scanner.readNumber().string)
        }
    }

    /// The member with this key, for objects.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text of a string, number or boolean.
    var text: String? {
        switch self {
        case .string(let value), .number(let value): return value
        case .bool(let value): return value ? "true" : "false"
        case .object, .array, .null: return nil
        }
    }
}
