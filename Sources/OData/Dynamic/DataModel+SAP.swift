// The dynamic lookups as SAP's SDK spells them (`service.metadata.entitySet(withName:)`,
// `entityType.property(withName:)`). SAP's return the element and trap when it is missing; these throw a
// `DataModelError` naming it instead. README, "Porting from SAPOData".

extension DataModel {
    /// SAP's `entitySet(withName:)`: the entity set with this name; throws when there is none.
    public func entitySet(withName name: String) throws(DataModelError) -> EntitySetDescriptor { try entitySet(name) }

    /// SAP's `entityType(withName:)`: the entity type with this qualified (or alias-qualified) name.
    public func entityType(withName name: String) throws(DataModelError) -> EntityTypeDescriptor {
        guard let type = entityType(named: name) else { throw DataModelError("no entity type named \(name)") }
        return type
    }

    /// SAP's `complexType(withName:)`: the complex type with this qualified (or alias-qualified) name.
    public func complexType(withName name: String) throws(DataModelError) -> ComplexTypeDescriptor {
        guard let type = complexType(named: name) else { throw DataModelError("no complex type named \(name)") }
        return type
    }

    /// SAP's `functionImport(withName:)`: the function import with this name.
    public func functionImport(withName name: String) throws(DataModelError) -> FunctionImportDescriptor {
        guard let function = functionImport(named: name) else { throw DataModelError("no function import named \(name)") }
        return function
    }
}

extension EntityTypeDescriptor {
    /// SAP's `property(withName:)`: the structural property with this EDM name; throws when there is none.
    public func property(withName name: String) throws(DataModelError) -> PropertyDescriptor {
        guard let property = property(named: name) else { throw DataModelError("entity type \(qualifiedName) has no property \(name)") }
        return property
    }

    /// SAP's `navigationProperty(withName:)`: the navigation property with this name; throws when there is none.
    public func navigationProperty(withName name: String) throws(DataModelError) -> NavigationDescriptor {
        guard let navigation = navigationProperty(named: name) else {
            throw DataModelError("entity type \(qualifiedName) has no navigation property \(name)")
        }
        return navigation
    }
}

extension ComplexTypeDescriptor {
    /// SAP's `property(withName:)`: the property with this EDM name; throws when there is none.
    public func property(withName name: String) throws(DataModelError) -> PropertyDescriptor {
        guard let property = property(named: name) else { throw DataModelError("complex type \(qualifiedName) has no property \(name)") }
        return property
    }
}
