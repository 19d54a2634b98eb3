extension EntityValue {
    /// Throws when a property set since load holds what its declaration refuses but no typed write could
    /// refuse when it was set: a null in a non-nullable property other than a key (`order.status = nil`), or an integer
    /// that its declared integer type cannot hold (an `Int` outside Edm.Int32's range written through a typed
    /// property: `Int.edmValue` gives `.int64` then, never a clamped value). Writes run this before building a
    /// request, so such a value is an error, never sent and never silently changed. Only changed properties
    /// are checked: what the server sent is its own business.
    func checkWritableValues() throws(ODataValueError) {
        for index in changedIndices.sorted() {
            let property = entityType.properties[index]
            guard let value = values[index] else { continue }
            // a null key is the server's to refuse or fill (keys it assigns on create; its error says why)
            if value == .null, !property.isNullable, !property.isKey {
                throw ODataValueError(
                    type: property.type.primitiveType, text: "null", reason: "\(entityType.qualifiedName).\(property.name) is not nullable")
            }
            guard case .primitive(let declared) = property.type else { continue }
            try value.checkFits(declared)
        }
    }
}

extension PropertyDescriptor {
    /// Whether `other` describes the same property: the same name, position and type (a base type's
    /// descriptor of a property that a derived type inherits).
    func isSameProperty(as other: PropertyDescriptor) -> Bool {
        guard name == other.name, index == other.index else { return false }
        switch (type, other.type) {
        case (.primitive(let a), .primitive(let b)), (.primitiveCollection(let a), .primitiveCollection(let b)): return a == b
        case (.complex(let a), .complex(let b)), (.complexCollection(let a), .complexCollection(let b)): return a == b
        default: return false
        }
    }

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
            guard let expected = type.primitiveType, !type.isCollection, expected.holds(value) else {
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

extension EdmValue {
    /// Throws `DataModelError` when this is an integer that `property`'s declared integer type cannot hold.
    func checkFits(_ property: PropertyDescriptor) throws(DataModelError) {
        guard case .primitive(let declared) = property.type else { return }
        do { try checkFits(declared) } catch { throw DataModelError("property \(property.name): \(error.reason)") }
    }

    /// Throws when this is an integer of a wider EDM type than `declared` whose value `declared` cannot hold.
    func checkFits(_ declared: EdmType) throws(ODataValueError) {
        let wide: Int64
        switch self {
        case .int64(let value): wide = value
        case .int32(let value): wide = Int64(value)
        case .int16(let value): wide = Int64(value)
        default: return
        }
        let range: ClosedRange<Int64>
        switch declared {
        case .int32: range = Int64(Int32.min)...Int64(Int32.max)
        case .int16: range = Int64(Int16.min)...Int64(Int16.max)
        case .byte: range = 0...Int64(UInt8.max)
        case .sByte: range = Int64(Int8.min)...Int64(Int8.max)
        default: return
        }
        guard !range.contains(wide) else { return }
        throw ODataValueError(type: declared, text: String(wide), reason: "out of range (\(range.lowerBound)…\(range.upperBound))")
    }
}

extension EdmType {
    /// Whether a property declared with this type can hold `value`: a value of the type itself, a time of day for
    /// `Edm.TimeOfDay` (`EdmValue.time` serves `Edm.Time` and `Edm.TimeOfDay`), anything for `Edm.Untyped`.
    func holds(_ value: EdmValue) -> Bool {
        switch self {
        case .untyped: return true
        case .timeOfDay: return value.edmType == .time
        default: return value.edmType == self
        }
    }
}
