/// The unprefixed attributes CSDL XML 4.01 defines for each element, as interned names, and the OData v2/v3
/// attributes that CSDL 4 dropped. Used to report unknown and v2-only attributes in v4 documents (v2 documents
/// are read as before: their vendors add attributes freely).
struct AllowedAttributes {
    let entityType, complexType, property, navigationProperty, propertyRef, referentialConstraint, onDelete: [XMLName?]
    let enumType, member, typeDefinition, action, function, parameter, returnType: [XMLName?]
    let entityContainer, entitySet, singleton, navigationPropertyBinding, actionImport, functionImport: [XMLName?]
    /// Attributes of OData v1–v3 that CSDL 4 does not have.
    let v2Only: [XMLName?]

    init(_ n: InternedNames) {
        let facets = [n.maxLength, n.precision, n.scale, n.srid, n.unicode]
        entityType = [n.name, n.baseType, n.abstract, n.openType, n.hasStream]
        complexType = [n.name, n.baseType, n.abstract, n.openType]
        property = [n.name, n.type, n.nullable, n.defaultValue] + facets
        navigationProperty = [n.name, n.type, n.nullable, n.partner, n.containsTarget]
        propertyRef = [n.name, n.alias]
        referentialConstraint = [n.property, n.referencedProperty]
        onDelete = [n.action]
        enumType = [n.name, n.underlyingType, n.isFlags]
        member = [n.name, n.value]
        typeDefinition = [n.name, n.underlyingType] + facets
        action = [n.name, n.isBound, n.entitySetPath]
        function = [n.name, n.isBound, n.isComposable, n.entitySetPath]
        parameter = [n.name, n.type, n.nullable] + facets
        returnType = [n.type, n.nullable] + facets
        entityContainer = [n.name, n.extends]
        entitySet = [n.name, n.entityType, n.includeInServiceDocument]
        singleton = [n.name, n.type, n.nullable]
        navigationPropertyBinding = [n.path, n.target]
        actionImport = [n.name, n.action, n.entitySet]
        functionImport = [n.name, n.function, n.entitySet, n.includeInServiceDocument]
        v2Only = [
            n.relationship, n.fromRole, n.toRole, n.returnType, n.mode, n.fixedLength, n.concurrencyMode, n.isSideEffecting,
            n.isBindable, n.isAlwaysBindable, n.association,
        ]
    }
}
