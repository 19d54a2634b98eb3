/// Assigning to a property of an entity or complex value held in a `let` constant (or a parameter, or another
/// immutable place) does not compile, and these overloads make the compiler say why: entities and complex values are
/// values, so the holder must be `var` (a parameter `inout`). The caret points at the constant.
///
/// Without them the compiler blames the read-only key path of the lookup root (*cannot assign through dynamic lookup
/// property: 'lastName' is a get-only property*), which misleads. Each overload is disfavored, so every read and every
/// write through a `var` keeps using the type's own dynamic member subscript; only a write through a constant, which
/// that subscript cannot take (its setter is mutating), lands here, on a setter that is unavailable with the message
/// below. They cost generated code nothing: no member per property, one generic subscript in the runtime (README,
/// "Porting from SAPOData").
extension EntityProtocol {
    /// Never used: the read is the type's own subscript's; the write through a constant is rejected with the message.
    @_disfavoredOverload
    public subscript<Descriptor: TypedPropertyProtocol & Hashable>(dynamicMember property: KeyPath<Properties, Descriptor>)
        -> Descriptor.PropertyValue?
    {
        get { entityValue.value(of: Properties()[keyPath: property].typedProperty) }
        @available(
            *, unavailable,
            message: "the entity is a 'let' constant (or a parameter): entities are values; use 'var' (or 'inout') to change it"
        )
        nonmutating set { preconditionFailure("unavailable") }
    }
}

extension ComplexTypeProtocol {
    /// Never used: the read is the type's own subscript's; the write through a constant is rejected with the message.
    @_disfavoredOverload
    public subscript<Descriptor: TypedPropertyProtocol & Hashable>(dynamicMember property: KeyPath<Properties, Descriptor>)
        -> Descriptor.PropertyValue?
    {
        get { value(of: Properties()[keyPath: property].typedProperty) }
        @available(
            *, unavailable,
            message: "the complex value is a 'let' constant (or a parameter); use 'var' (or 'inout') to change it"
        )
        nonmutating set { preconditionFailure("unavailable") }
    }
}
