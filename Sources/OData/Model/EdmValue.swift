import Foundation

/// A value of any OData v2 type, as held by entities and complex values.
///
/// `null` is a value (the property is known to be null); a property that was not loaded
/// has no `EdmValue` at all.
public enum EdmValue: Sendable, Hashable {
    case null
    case binary(Data)
    case boolean(Bool)
    case byte(UInt8)
    case dateTime(LocalDateTime)
    case dateTimeOffset(GlobalDateTime)
    case decimal(BigDecimal)
    case double(Double)
    case guid(GuidValue)
    case int16(Int16)
    case int32(Int32)
    case int64(Int64)
    case sByte(Int8)
    case single(Float)
    case string(String)
    /// A time of day: `Edm.Time` (v2, v3) and `Edm.TimeOfDay` (v4) hold the same values; the property's
    /// declared type says which the wire spells.
    case time(LocalTime)
    /// An OData v4 `Edm.Date`.
    case date(LocalDate)
    /// An OData v4 `Edm.Duration`.
    case duration(DayTimeDuration)
    /// An OData v4 `Edm.Stream` property: the links to the stream, not its bytes (boxed, so that every value stays
    /// 24 bytes).
    indirect case stream(StreamLink)
    /// A complex value.
    case complex(ComplexValue)
    /// A collection of primitive or complex values.
    case collection([EdmValue])

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The primitive type of the value, nil for null, complex and collection values.
    public var edmType: EdmType? {
        switch self {
        case .null, .complex, .collection: return nil
        case .binary: return .binary
        case .boolean: return .boolean
        case .byte: return .byte
        case .dateTime: return .dateTime
        case .dateTimeOffset: return .dateTimeOffset
        case .decimal: return .decimal
        case .double: return .double
        case .guid: return .guid
        case .int16: return .int16
        case .int32: return .int32
        case .int64: return .int64
        case .sByte: return .sByte
        case .single: return .single
        case .string: return .string
        case .time: return .time
        case .date: return .date
        case .duration: return .duration
        case .stream: return .stream
        }
    }
}
