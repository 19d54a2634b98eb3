extension EntityValue {
    /// Sets a property by EDM name and records the change, checking that the property exists, that the value
    /// has its type, is null only when the property is nullable, and fits its integer range (as
    /// `set(_:to:)` by descriptor does). Nothing changes when it throws.
    public mutating func set(_ name: String, to value: EdmValue) throws(DataModelError) {
        guard let property = entityType.property(named: name) else {
            throw DataModelError("\(entityType.qualifiedName) has no property \(name)")
        }
        try set(property, to: value)
    }

    /// Sets a property by EDM name from a Swift value (`try customer.set("Age", 42)`).
    public mutating func set(_ name: String, _ value: some EdmValueConvertible) throws(DataModelError) {
        try set(name, to: value.edmValue)
    }

    /// Reads a property by EDM name as a Swift type; nil when not loaded, null, or of another type.
    public func get<Value: EdmValueConvertible>(_ name: String, as _: Value.Type = Value.self) -> Value? {
        self[name].flatMap { Value(edmValue: $0) }
    }
}
