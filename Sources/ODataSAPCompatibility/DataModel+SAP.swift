import OData

// The dynamic lookups as SAP's SDK declares them (`service.entitySet(withName:)`, `model.entitySet(withName:)`,
// `entityType.property(withName:)`): they return the element and, as SAP's do, trap when it is missing, with a
// message that names it. Swift-native code uses the throwing `DataModel.entitySet(_:)` and the optional
// `entityType(named:)`, `property(named:)`. README, "Porting from SAPOData".

extension DataService {
    /// SAP's `DataService.entitySet(withName:)`: the container's entity set with this name; traps when there is
    /// none (`entitySets` lists them).
    public func entitySet(withName name: String) -> EntitySetDescriptor {
        guard let set = entitySets.first(where: { $0.name == name }) else {
            preconditionFailure("entitySet(withName: \"\(name)\"): \(Self.self) has no entity set of that name")
        }
        return set
    }
}

extension DataModel {
    /// SAP's `entitySet(withName:)`: the entity set with this name; traps when there is none.
    public func entitySet(withName name: String) -> EntitySetDescriptor {
        do { return try entitySet(name) } catch { preconditionFailure("entitySet(withName:): \(error.message)") }
    }

    /// SAP's `entityType(withName:)`: the entity type with this qualified (or alias-qualified) name; traps when
    /// there is none.
    public func entityType(withName name: String) -> EntityTypeDescriptor {
        guard let type = entityType(named: name) else { preconditionFailure("entityType(withName:): no entity type named \(name)") }
        return type
    }

    /// SAP's `complexType(withName:)`: the complex type with this qualified (or alias-qualified) name; traps when
    /// there is none.
    public func complexType(withName name: String) -> ComplexTypeDescriptor {
        guard let type = complexType(named: name) else { preconditionFailure("complexType(withName:): no complex type named \(name)") }
        return type
    }

    /// SAP's `functionImport(withName:)`: the function import with this name; traps when there is none.
    public func functionImport(withName name: String) -> FunctionImportDescriptor {
        guard let function = functionImport(named: name) else {
            preconditionFailure("functionImport(withName:): no function import named \(name)")
        }
        return function
    }
}

extension EntityTypeDescriptor {
    /// SAP's `property(withName:)`: the structural property with this EDM name; traps when there is none.
    public func property(withName name: String) -> PropertyDescriptor {
        guard let property = property(named: name) else {
            preconditionFailure("property(withName:): entity type \(qualifiedName) has no property \(name)")
        }
        return property
    }

    /// SAP's `navigationProperty(withName:)`: the navigation property with this name; traps when there is none.
    public func navigationProperty(withName name: String) -> NavigationDescriptor {
        guard let navigation = navigationProperty(named: name) else {
            preconditionFailure("navigationProperty(withName:): entity type \(qualifiedName) has no navigation property \(name)")
        }
        return navigation
    }
}

extension ComplexTypeDescriptor {
    /// SAP's `property(withName:)`: the property with this EDM name; traps when there is none.
    public func property(withName name: String) -> PropertyDescriptor {
        guard let property = property(named: name) else {
            preconditionFailure("property(withName:): complex type \(qualifiedName) has no property \(name)")
        }
        return property
    }
}
