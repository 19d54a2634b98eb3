import ODataMetadata

extension EdmType {
    /// The runtime twin of a metadata primitive type. The switch is exhaustive over both enums,
    /// so a primitive added to one and not the other fails to compile here.
    init(_ primitive: EDMPrimitiveType) {
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
        }
    }
}
