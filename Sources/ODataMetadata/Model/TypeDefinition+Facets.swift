extension ServiceMetadata {
    /// The property as it applies: typed with a `TypeDefinition` (or a collection of one), it gets the definition's
    /// facets — `MaxLength`, `Precision`, `Scale` (a number, `variable` or `floating`), `SRID`, `Unicode` — where it
    /// declares none of its own (its own win). Any other property comes back unchanged.
    public func withTypeDefinitionFacets(_ property: Property) -> Property {
        guard case .typeDefinition(let name) = property.type.elementType, let definition = typeDefinition(named: name) else {
            return property
        }
        var applied = property
        applied.maxLength = property.maxLength ?? definition.maxLength
        applied.precision = property.precision ?? definition.precision
        if property.scale == nil && property.variableScale == nil {
            applied.scale = definition.scale
            applied.variableScale = definition.variableScale
        }
        applied.srid = property.srid ?? definition.srid
        applied.isUnicode = property.isUnicode ?? definition.isUnicode
        return applied
    }
}
