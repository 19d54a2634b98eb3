/// Untyped builders: combine conditions, and build filters by property name without generated code.
extension QueryFilter {
    /// `self and other`.
    public func and(_ other: QueryFilter) -> QueryFilter { .binary(.and, self, other) }
    /// `self or other`.
    public func or(_ other: QueryFilter) -> QueryFilter { .binary(.or, self, other) }

    /// `lhs and rhs`.
    public static func && (lhs: QueryFilter, rhs: QueryFilter) -> QueryFilter { .binary(.and, lhs, rhs) }
    /// `lhs or rhs`.
    public static func || (lhs: QueryFilter, rhs: QueryFilter) -> QueryFilter { .binary(.or, lhs, rhs) }
    /// `not operand`.
    public static prefix func ! (operand: QueryFilter) -> QueryFilter { .not(operand) }

    /// A property by descriptor (dynamic use).
    public static func property(_ descriptor: PropertyDescriptor) -> QueryFilter { .property(descriptor.name) }

    /// `isof('typeName')`: whether the entity is of that type.
    public static func isOf(_ typeName: String) -> QueryFilter { .function("isof", [.typeName(typeName)]) }

    /// `self eq other`.
    public func equal(_ other: QueryFilter) -> QueryFilter { .binary(.equal, self, other) }
    /// `self ne other`.
    public func notEqual(_ other: QueryFilter) -> QueryFilter { .binary(.notEqual, self, other) }
    /// `self gt other`.
    public func greaterThan(_ other: QueryFilter) -> QueryFilter { .binary(.greaterThan, self, other) }
    /// `self ge other`.
    public func greaterEqual(_ other: QueryFilter) -> QueryFilter { .binary(.greaterEqual, self, other) }
    /// `self lt other`.
    public func lessThan(_ other: QueryFilter) -> QueryFilter { .binary(.lessThan, self, other) }
    /// `self le other`.
    public func lessEqual(_ other: QueryFilter) -> QueryFilter { .binary(.lessEqual, self, other) }
    /// `self add other`.
    public func add(_ other: QueryFilter) -> QueryFilter { .binary(.add, self, other) }
    /// `self sub other`.
    public func sub(_ other: QueryFilter) -> QueryFilter { .binary(.sub, self, other) }
    /// `self mul other`.
    public func mul(_ other: QueryFilter) -> QueryFilter { .binary(.mul, self, other) }
    /// `self div other`.
    public func div(_ other: QueryFilter) -> QueryFilter { .binary(.div, self, other) }
    /// `self mod other`.
    public func mod(_ other: QueryFilter) -> QueryFilter { .binary(.mod, self, other) }

    /// A call of a built-in function by name: `QueryFilter.call("startswith", .property("Name"), .literal(.string("A")))`.
    public static func call(_ name: String, _ arguments: QueryFilter...) -> QueryFilter { .function(name, arguments) }
}

extension PropertyDescriptor {
    /// The property as a filter operand (dynamic use).
    public var filterExpression: QueryFilter { .property(name) }

    /// The literal of this property's type parsed from URL-literal text (`'x'`, `12.5M`, `datetime'…'`);
    /// throws when the text is not a literal of the property's primitive type.
    public func literal(parsing text: String) throws(ODataValueError) -> QueryFilter {
        guard let type = type.primitiveType, !self.type.isCollection else {
            throw ODataValueError(type: nil, text: text, reason: "property \(name) is not primitive")
        }
        return .literal(try EdmLiteral.parse(text, as: type))
    }

    /// `Name eq value`, checking that the value has the property's type (nil when it does not).
    public func equal(_ value: EdmValue) -> QueryFilter? {
        guard value.isNull || value.edmType == type.primitiveType else { return nil }
        return .binary(.equal, filterExpression, .literal(value))
    }
}
