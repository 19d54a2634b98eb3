/// Something that names a property path in `$select`, `$expand` and `$orderby`:
/// typed and untyped property descriptors, navigation descriptors, and paths through them.
public protocol PropertyPathConvertible: Sendable {
    /// The path as written in a URL, such as `FirstName` or `SalesOrders/Items`.
    var propertyPath: String { get }
}

extension PropertyDescriptor: PropertyPathConvertible {
    /// The property's path in URLs (its EDM name).
    public var propertyPath: String { name }
}

extension NavigationDescriptor: PropertyPathConvertible {
    /// The property's path in URLs (its EDM name).
    public var propertyPath: String { name }
}

/// A structural property with its Swift value type, as generated code declares it
/// (`Customer.firstName` is a `TypedProperty<String>`). Filters built from it are
/// checked by the compiler: a `String` property cannot be compared with an `Int`.
public struct TypedProperty<Value: EdmValueConvertible>: PropertyPathConvertible, Hashable {
    /// Where the descriptor is: the descriptor itself, or a generated type's table at `position`. A generated
    /// property names its type and position only, so that reading it (`entity.name`) touches no descriptor:
    /// no lazy-static check, no reference counting, just the value's slot.
    @usableFromInline
    enum Source: Sendable {
        case descriptor(PropertyDescriptor)
        case entity(any EntityProtocol.Type)
        case complex(any ComplexTypeProtocol.Type)
    }

    @usableFromInline
    let source: Source
    /// The property's position in its type (`descriptor.index`): the slot a read looks at.
    @usableFromInline
    let position: Int

    /// The untyped descriptor.
    @inlinable
    public var descriptor: PropertyDescriptor {
        switch source {
        case .descriptor(let descriptor): descriptor
        case .entity(let type): type.entityType.properties[position]
        case .complex(let type): type.complexType.properties[position]
        }
    }

    /// Wraps a descriptor.
    @inlinable
    public init(_ descriptor: PropertyDescriptor) {
        self.source = .descriptor(descriptor)
        self.position = descriptor.index
    }

    /// Property `position` of a generated type's table (see `init(entity:index:)`).
    @inlinable
    init(source: Source, position: Int) {
        self.source = source
        self.position = position
    }

    /// Equal when the descriptors are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.descriptor == rhs.descriptor }

    /// Hashes the descriptor.
    public func hash(into hasher: inout Hasher) { hasher.combine(descriptor) }

    /// The EDM name.
    public var name: String { descriptor.name }

    /// The property's path in URLs (its EDM name).
    public var propertyPath: String { descriptor.name }
}

/// A navigation property with its target's Swift type (`Customer.salesOrders`).
public struct TypedNavigationProperty<Target: EntityProtocol>: PropertyPathConvertible, Hashable {
    /// The untyped descriptor.
    public let descriptor: NavigationDescriptor

    /// Wraps a descriptor.
    public init(_ descriptor: NavigationDescriptor) {
        self.descriptor = descriptor
    }

    /// The EDM name.
    public var name: String { descriptor.name }

    /// The property's path in URLs (its EDM name).
    public var propertyPath: String { descriptor.name }
}
