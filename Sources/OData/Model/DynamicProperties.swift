/// The root of a generated type's dynamic member lookup: a nested `Properties` type with one get-only
/// instance member per structural property, returning the static typed descriptor (`Customer.Properties`
/// has `var firstName: TypedProperty<String> { Customer.firstName }`).
///
/// Instance members on a nested type, rather than the static descriptors on the metatype, are what let the
/// compiler diagnose a misspelled property: `customer.phoneNumbr = "x"` reports that `Customer` has no
/// dynamic member `phoneNumbr` using a key path from `Customer.Properties`, instead of failing to produce a
/// diagnostic. It costs one small getter per property (see README, "Diagnostics on generated entities").
public protocol DynamicProperties: Sendable {
    /// The (stateless) root.
    init()
}

/// The lookup root of a type without generated instance properties (hand-written entity and complex
/// types, which declare their accessors themselves): it has no members, so nothing is found through it.
public struct NoDynamicProperties: DynamicProperties {
    /// The empty root.
    public init() {}
}

/// A typed structural property descriptor, as the members of a `Properties` root return it. The dynamic member
/// subscript is generic over it (rather than over `TypedProperty`'s value type), which lets the compiler
/// diagnose a misspelled name even where the result has a declared type (`let city: String? = a.cty`).
public protocol TypedPropertyProtocol: Sendable {
    /// The Swift value type (named apart from `FilterOperand.Value`, so that filter diagnostics keep
    /// naming plain types).
    associatedtype PropertyValue: EdmValueConvertible
    /// The descriptor.
    var typedProperty: TypedProperty<PropertyValue> { get }
}

extension TypedProperty: TypedPropertyProtocol {
    /// The descriptor itself.
    @inlinable
    public var typedProperty: TypedProperty<Value> { self }
}
