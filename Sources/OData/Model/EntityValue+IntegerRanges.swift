extension EntityValue {
    /// Throws when a property holds an integer that its declared integer type cannot hold: an `Int` outside
    /// Edm.Int32's range written through a typed property (`Int.edmValue` gives `.int64` then, never a clamped
    /// value). Writes run this before building a request, so such a value is an error, never silently changed.
    func checkIntegerRanges() throws(ODataValueError) {
        for property in entityType.properties {
            guard case .primitive(let declared) = property.type, let value = self[property] else { continue }
            try value.checkFits(declared)
        }
    }
}

extension EdmValue {
    /// Throws when this is an integer of a wider EDM type than `declared` whose value `declared` cannot hold.
    func checkFits(_ declared: EdmType) throws(ODataValueError) {
        let wide: Int64
        switch self {
        case .int64(let value): wide = value
        case .int32(let value): wide = Int64(value)
        case .int16(let value): wide = Int64(value)
        default: return
        }
        let range: ClosedRange<Int64>
        switch declared {
        case .int32: range = Int64(Int32.min)...Int64(Int32.max)
        case .int16: range = Int64(Int16.min)...Int64(Int16.max)
        case .byte: range = 0...Int64(UInt8.max)
        case .sByte: range = Int64(Int8.min)...Int64(Int8.max)
        default: return
        }
        guard !range.contains(wide) else { return }
        throw ODataValueError(type: declared, text: String(wide), reason: "out of range (\(range.lowerBound)…\(range.upperBound))")
    }
}
