import ODataMetadata

extension EdmType {
    /// The runtime twin of a metadata primitive type; nil for the OData v4 primitives the runtime does not
    /// represent yet (`Edm.Date`, `Edm.TimeOfDay`, `Edm.Duration`, `Edm.Stream`, `Edm.Untyped`). The switch is
    /// exhaustive, so a primitive added to the metadata enum fails to compile here until it is mapped.
    init?(_ primitive: EDMPrimitiveType) {
        switch primitive {
        case .binary: self = .binary
        case .boolean: self = .boolean
        case .byte: self = .byte
        case .dateTime: self = .dateTime
        case .dateTimeOffset: self = .dateTimeOffset
        case .decimal: self = .decimal
        case .double: self = .double
        case .guid: self = .guid
        case .int16: self = .int16
        case .int32: self = .int32
        case .int64: self = .int64
        case .sByte: self = .sByte
        case .single: self = .single
        case .string: self = .string
        case .time: self = .time
        case .date, .timeOfDay, .duration, .stream, .untyped: return nil
        }
    }
}
