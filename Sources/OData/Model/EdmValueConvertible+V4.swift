extension LocalDate: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .date(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .date(self) }
}

extension DayTimeDuration: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .duration(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .duration(self) }
}

extension StreamLink: EdmValueConvertible {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    @inlinable
    public init?(edmValue: EdmValue) {
        guard case .stream(let value) = edmValue else { return nil }
        self = value
    }
    /// The value as an `EdmValue`.
    @inlinable
    public var edmValue: EdmValue { .stream(self) }
}

/// `EdmValue` is the Swift type of `Edm.Untyped` (OData 4.01), whose values have any type.
extension EdmValue: EdmValueConvertible {
    /// The value itself; nil for null (a property that is null reads as nil).
    @inlinable
    public init?(edmValue: EdmValue) {
        guard !edmValue.isNull else { return nil }
        self = edmValue
    }
    /// The value itself.
    @inlinable
    public var edmValue: EdmValue { self }
}
