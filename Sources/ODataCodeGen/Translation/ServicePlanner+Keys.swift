import ODataMetadata

/// Planning of entity keys: each key name a property of the type, or (OData 4.01) an aliased path.
extension ServicePlanner {
    /// A key part: a generated property of the type, or a path through its complex properties to a primitive one
    /// that an alias names (OData 4.01); nil when it is neither.
    func plannedKey(
        _ keyName: String, of type: EntityType, properties: [PlannedProperty], resolver: TypeResolver
    ) -> PlannedKey? {
        if let property = properties.first(where: { $0.edm.name == keyName }) {
            return PlannedKey(name: keyName, path: keyName, valueType: property.valueType, property: property)
        }
        let steps = keyName.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard steps.count > 1, let alias = type.keyAliases.first(where: { $0.path == keyName })?.alias,
            var current = properties.first(where: { $0.edm.name == steps[0] })?.edm
        else { return nil }
        for step in steps.dropFirst() {
            guard case .complex(let name) = current.type, let next = metadata.complexType(named: name)?.property(named: step) else {
                return nil
            }
            current = next
        }
        guard let leaf = resolver.scalarSwiftType(current.type) else { return nil }
        return PlannedKey(name: alias, path: keyName, valueType: leaf, property: nil)
    }
}
