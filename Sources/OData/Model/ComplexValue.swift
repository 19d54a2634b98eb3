/// A value of a complex type: property values by descriptor, with value semantics.
public struct ComplexValue: Sendable, Hashable {
    /// The complex type.
    public let complexType: ComplexTypeDescriptor
    /// Values by property index; nil means not present in the payload.
    public private(set) var values: [EdmValue?]

    /// An empty value of this type (every property absent).
    public init(type: ComplexTypeDescriptor) {
        self.complexType = type
        self.values = Array(repeating: nil, count: type.properties.count)
    }

    /// The value of a property, nil when absent, or when `property` is not one of this type's (nor describes
    /// the same property: name, position and type). Read-only: a write is `try set(_:to:)` or, typed,
    /// `setValue(_:for:)`, which check the descriptor (and the value).
    public subscript(property: PropertyDescriptor) -> EdmValue? {
        @inlinable get { ownIndex(of: property).flatMap { values[$0] } }
    }

    /// The value of the property with this EDM name; nil when absent or unknown. Read-only: a write by name is
    /// `try set(_:to:)`, which throws for an unknown name, so that a misspelled name is never dropped silently.
    public subscript(name: String) -> EdmValue? {
        complexType.property(named: name).flatMap { values[$0.index] }
    }

    /// Sets a property from an `EdmValue`, checking first that the descriptor is this type's (or describes the
    /// same property), that the value has the property's type, is null only when the property is nullable,
    /// and fits its integer range. Nothing changes when it throws.
    public mutating func set(_ property: PropertyDescriptor, to value: EdmValue) throws(DataModelError) {
        guard let index = ownIndex(of: property) else {
            throw DataModelError("\(property.name) is not a property of \(complexType.qualifiedName)")
        }
        try property.check(value)
        try value.checkFits(property)
        values[index] = value
    }

    /// Sets a property by EDM name, with the checks of `set(_:to:)` by descriptor; an unknown name throws.
    public mutating func set(_ name: String, to value: EdmValue) throws(DataModelError) {
        guard let property = complexType.property(named: name) else {
            throw DataModelError("\(complexType.qualifiedName) has no property \(name)")
        }
        try set(property, to: value)
    }

    /// Sets a property by EDM name from a Swift value (`try address.set("City", "Walldorf")`).
    public mutating func set(_ name: String, _ value: some EdmValueConvertible) throws(DataModelError) {
        try set(name, to: value.edmValue)
    }

    /// The index of `property` in this type: its own descriptor (one identity comparison), or one describing the
    /// same property (name, position and type: this type's from another model); nil else.
    @inlinable
    func ownIndex(of property: PropertyDescriptor) -> Int? {
        let index = property.index
        guard index < values.count else { return nil }
        return complexType.properties[index] === property || isSameProperty(property, at: index) ? index : nil
    }

    /// Whether this type's property `index` describes the same property as `property`.
    @usableFromInline
    func isSameProperty(_ property: PropertyDescriptor, at index: Int) -> Bool {
        complexType.properties[index].isSameProperty(as: property)
    }

    /// Stores the value of property `index` unchecked: for readers of payloads and stores, which take the
    /// descriptor from this type's own table.
    @inline(__always)
    package mutating func store(_ value: consuming EdmValue?, at index: Int) {
        values[index] = value
    }
}

/// A generated complex type: a typed view over a `ComplexValue`.
///
/// As for entity types, properties are read and written on an instance (`address.city`) through
/// dynamic member lookup on the nested `Properties` root, whose members return the static typed
/// descriptors (`Address.city`).
@dynamicMemberLookup
public protocol ComplexTypeProtocol: EdmValueConvertible {
    /// The complex type's descriptor.
    static var complexType: ComplexTypeDescriptor { get }
    /// The root of dynamic member lookup (see ``DynamicProperties``).
    associatedtype Properties: DynamicProperties = NoDynamicProperties
    /// The underlying value.
    var complexValue: ComplexValue { get set }
    /// Wraps an underlying value (its type must be `complexType`).
    init(complexValue: ComplexValue)
}

extension ComplexTypeProtocol {
    /// The value an `EdmValue` of the matching EDM type holds; nil for another type or null.
    public init?(edmValue: EdmValue) {
        guard case .complex(let value) = edmValue, value.complexType == Self.complexType else { return nil }
        self.init(complexValue: value)
    }

    /// The value as an `EdmValue`.
    public var edmValue: EdmValue { .complex(complexValue) }

    /// The value of the property that `Properties` names: `address.city` reads and writes `Address.city`
    /// (nil when absent or null; writing nil writes null). Inlinable, so that an optimized build folds the
    /// key path into a call of the descriptor's getter.
    @inlinable
    public subscript<Descriptor: TypedPropertyProtocol>(dynamicMember property: KeyPath<Properties, Descriptor>) -> Descriptor
        .PropertyValue?
    {
        get { value(of: Properties()[keyPath: property].typedProperty) }
        set { setValue(newValue, for: Properties()[keyPath: property].typedProperty) }
    }

    /// Reads a typed property. Inlinable, as `EntityValue.value(of:)` is.
    @inlinable
    public func value<Value>(of property: TypedProperty<Value>) -> Value? {
        guard let value = complexValue[property.descriptor] else { return nil }
        return Value(edmValue: value)
    }

    /// Writes a typed property (nil writes null).
    ///
    /// - Precondition: the property is this complex type's (generated properties are, by construction); any
    ///   other stops the program with a message naming both, rather than write another property's slot.
    public mutating func setValue<Value>(_ value: Value?, for property: TypedProperty<Value>) {
        let descriptor = property.descriptor
        guard let index = complexValue.ownIndex(of: descriptor) else {
            preconditionFailure(
                "\(descriptor.name) (property \(descriptor.index)) is not a property of \(complexValue.complexType.qualifiedName)")
        }
        complexValue.store(value?.edmValue ?? .null, at: index)
    }
}
