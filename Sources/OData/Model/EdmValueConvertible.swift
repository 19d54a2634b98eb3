import Foundation

/// A Swift type that maps to and from an `EdmValue`: the primitive Swift types of
/// generated code, and generated complex types.
public protocol EdmValueConvertible: Sendable, Hashable {
    /// Converts from an `EdmValue`; nil when the value has another type or is null.
    init?(edmValue: EdmValue)
    /// The value as an `EdmValue`.
    var edmValue: EdmValue { get }
}

extension String: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .string(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .string(self) }
}

extension Bool: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .boolean(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .boolean(self) }
}

extension UInt8: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .byte(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .byte(self) }
}

extension Int8: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .sByte(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .sByte(self) }
}

extension Int16: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        switch edmValue {
        case .int16(let value): self = value
        case .byte(let value): self = Int16(value)
        case .sByte(let value): self = Int16(value)
        default: return nil
        }
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .int16(self) }
}

/// `Int` is the Swift type of Edm.Int32 (as in SAP's proxies). A value outside Int32's range is never
/// clamped: it becomes an `.int64` value, which every write refuses for an Edm.Int32 property with a typed
/// error (`ODataError.Kind.invalidValue`, see `EntityValue.checkWritableValues()`), as `set(_:_:)` does.
extension Int: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        switch edmValue {
        case .int32(let value): self = Int(value)
        case .int16(let value): self = Int(value)
        case .byte(let value): self = Int(value)
        case .sByte(let value): self = Int(value)
        default: return nil
        }
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { Int32(exactly: self).map(EdmValue.int32) ?? .int64(Int64(self)) }
}

extension Int64: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        switch edmValue {
        case .int64(let value): self = value
        case .int32(let value): self = Int64(value)
        case .int16(let value): self = Int64(value)
        default: return nil
        }
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .int64(self) }
}

extension Float: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .single(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .single(self) }
}

extension Double: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        switch edmValue {
        case .double(let value): self = value
        case .single(let value): self = Double(value)
        default: return nil
        }
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .double(self) }
}

extension BigDecimal: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .decimal(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .decimal(self) }
}

extension LocalDateTime: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .dateTime(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .dateTime(self) }
}

extension GlobalDateTime: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .dateTimeOffset(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .dateTimeOffset(self) }
}

extension LocalTime: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .time(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .time(self) }
}

extension GuidValue: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .guid(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .guid(self) }
}

extension Data: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .binary(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .binary(self) }
}

extension Array: EdmValueConvertible where Element: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .collection(let values) = edmValue else { return nil }
        var result: [Element] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let element = Element(edmValue: value) else { return nil }
            result.append(element)
        }
        self = result
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .collection(map(\.edmValue)) }
}
