/// HTTP headers in insertion order with case-insensitive lookup.
public struct HTTPHeaders: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The fields in insertion order.
    public private(set) var fields: [(name: String, value: String)]

    /// No headers.
    public init() { fields = [] }

    /// Headers from a literal, in the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of a header, or sets it (replacing every field of that name; nil removes it).
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue { fields.append((name: name, value: newValue)) }
        }
    }

    /// Adds a field without removing others of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// These headers with `other`'s fields replacing same-named ones.
    public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        var result = self
        for field in other.fields { result[field.name] = field.value }
        return result
    }

    /// Whether the two are equal.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes the components that equality compares.
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }
}

extension String {
    /// Whether the two strings are equal ignoring case: ASCII letters are folded byte by byte (header
    /// names are ASCII tokens), anything else falls back to comparing the lowercased strings.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        var lhs = self
        var rhs = other
        let folded = lhs.withUTF8 { left in
            rhs.withUTF8 { right -> Bool? in
                guard left.count == right.count else { return false }
                for index in 0..<left.count {
                    let (a, b) = (left[index], right[index])
                    if a == b { continue }
                    if a >= 0x80 || b >= 0x80 { return nil }
                    // two different ASCII bytes with the same lower case are the two cases of a letter
                    guard a.asciiLowercased == b.asciiLowercased else { return false }
                }
                return true
            }
        }
        return folded ?? (lowercased() == other.lowercased())
    }
}
