/// A structural property's descriptor in generated code built with `strictQueryCapabilities`, for a property
/// the service marks `sap:filterable="false"` or `sap:sortable="false"`: it is a `FilterOperand` only when
/// `Filter` is `SetPermissions.Allowed` and a `PropertyPathConvertible` (for `orderBy` and `select`) only when
/// `Sort` is, so filtering or sorting on it where the service forbids it does not compile. Instances still
/// read and write it by name (`entity.note`); `property` is the plain descriptor (for `select` of an
/// unsortable property).
public struct QueryRestrictedProperty<Value: EdmValueConvertible, Filter: SetPermission, Sort: SetPermission>: Sendable, Hashable {
    /// The plain typed descriptor.
    public let property: TypedProperty<Value>

    /// Wraps a typed descriptor.
    public init(_ property: TypedProperty<Value>) {
        self.property = property
    }

    /// The EDM name.
    public var name: String { property.name }
}

extension QueryRestrictedProperty: FilterOperand where Filter == SetPermissions.Allowed {
    /// The property path as an expression.
    public var filterExpression: QueryFilter { .property(property.propertyPath) }
}

extension QueryRestrictedProperty: PropertyPathConvertible where Sort == SetPermissions.Allowed {
    /// The property path as written in a URL.
    public var propertyPath: String { property.propertyPath }
}

extension QueryRestrictedProperty: TypedPropertyProtocol {
    /// The plain typed descriptor: an instance reads and writes the property through it (`entity.note`, by way
    /// of the generated `Properties` root), whatever the service allows in queries.
    public var typedProperty: TypedProperty<Value> { property }
}
