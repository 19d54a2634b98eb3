extension EntityValue {
    /// Sets a property by EDM name, checking that the property exists and that the value has its type
    /// (null only when the property is nullable).
    public mutating func set(_ name: String, to value: EdmValue) throws(DataModelError) {
        guard let property = entityType.property(named: name) else {
            throw DataModelError("\(entityType.qualifiedName) has no property \(name)")
        }
        try property.check(value)
        self[property] = value
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

extension PropertyDescriptor {
    /// Throws unless the value fits this property's type and nullability.
    func check(_ value: EdmValue) throws(DataModelError) {
        switch (value, type) {
        case (.null, _):
            guard isNullable else { throw DataModelError("property \(name) is not nullable") }
        case (.complex(let complex), .complex(let expected)) where complex.complexType == expected:
            return
        case (.collection, .primitiveCollection), (.collection, .complexCollection):
            return
        default:
            guard let expected = type.primitiveType, !type.isCollection, value.edmType == expected else {
                throw DataModelError("property \(name) holds \(describe(type)), not \(value.edmType?.rawValue ?? "this value")")
            }
        }
    }

    private func describe(_ type: PropertyType) -> String {
        switch type {
        case .primitive(let edm): return edm.rawValue
        case .complex(let complex): return complex.qualifiedName
        case .primitiveCollection(let edm): return "Collection(\(edm.rawValue))"
        case .complexCollection(let complex): return "Collection(\(complex.qualifiedName))"
        }
    }
}
