extension EntityTypeDescriptor {
    /// The enum type of the property a path (`Color`, `Address/Kind`, `Supplier/Rating`) ends at, through complex
    /// properties and navigation properties; nil when the path does not resolve or its property is not enum-typed.
    func enumType(atPath path: String) -> EnumTypeDescriptor? {
        guard path.contains("/") else { return property(named: path)?.enumType }
        var entity: EntityTypeDescriptor? = self
        var complex: ComplexTypeDescriptor?
        var steps = path.split(separator: "/", omittingEmptySubsequences: false)[...]
        while let step = steps.popFirst() {
            let name = String(step)
            let property = entity?.property(named: name) ?? complex?.property(named: name)
            if steps.isEmpty { return property?.enumType }
            if let property {
                guard let next = property.type.complexType else { return nil }
                (entity, complex) = (nil, next)
            } else if let navigation = entity?.navigationProperty(named: name) {
                (entity, complex) = (navigation.targetType, nil)
            } else {
                return nil
            }
        }
        return nil
    }

    /// The enum type of a key part, by its name in a key predicate (a property name, or a key alias).
    func enumType(ofKeyPart name: String) -> EnumTypeDescriptor? {
        guard hasEnumKeyParts else { return nil }
        guard hasKeyPaths else { return property(named: name)?.enumType }
        return keyParts.first { $0.name == name }?.properties.last?.enumType
    }
}
