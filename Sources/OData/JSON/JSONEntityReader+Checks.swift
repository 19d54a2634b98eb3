/// The name-table entries already read in one object, to refuse a repeated property name.
///
/// The first 64 entries live in one word (no allocation for ordinary types); more use an array.
struct SeenEntries {
    private var low: UInt64 = 0
    private var high: [Bool] = []

    /// Records `entry`; false when it was already recorded.
    @inline(__always)
    mutating func insert(_ entry: Int) -> Bool {
        if entry < 64 {
            let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: entry)
            if low & bit != 0 { return false }
            low |= bit
            return true
        }
        let index = entry - 64
        if index >= high.count { high.append(contentsOf: repeatElement(false, count: index - high.count + 1)) }
        if high[index] { return false }
        high[index] = true
        return true
    }
}

extension JSONEntityReader {
    /// The key properties read so far as `Name='value',…` (nil when none was read yet).
    static func keyText(_ values: [EdmValue?], _ table: NameTable) -> String? {
        guard let type = table.entityType else { return nil }
        var parts: [String] = []
        for key in type.keyProperties {
            guard let index = table.properties.firstIndex(where: { $0.name == key.name }), let value = values[index] else {
                return nil
            }
            parts.append("\(key.name)=\(EdmLiteral.format(value))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ",")
    }
}

extension ODataDecodingError {
    /// Records the innermost property and entity key the error happened in.
    mutating func locate(property: String, key: String?) {
        if self.property == nil { self.property = property }
        if entityKey == nil { entityKey = key }
    }
}
