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
    /// The untyped descriptor.
    public let descriptor: PropertyDescriptor

    /// Wraps a descriptor.
    @inlinable
    public init(_ descriptor: PropertyDescriptor) {
        self.descriptor = descriptor
    }

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
