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

    /// The value of a property, nil when absent.
    public subscript(property: PropertyDescriptor) -> EdmValue? {
        @inlinable get { property.index < values.count ? values[property.index] : nil }
        set {
            guard property.index < values.count else { return }
            values[property.index] = newValue
        }
    }

    /// The value of the property with this EDM name; nil when absent or unknown.
    public subscript(name: String) -> EdmValue? {
        get { complexType.property(named: name).flatMap { self[$0] } }
        set {
            guard let property = complexType.property(named: name) else { return }
            self[property] = newValue
        }
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
    public mutating func setValue<Value>(_ value: Value?, for property: TypedProperty<Value>) {
        complexValue[property.descriptor] = value?.edmValue ?? .null
    }
}
