import OData

/// SAP's `service.metadata`: the entity sets and entity types a service knows, for the dynamic lookups SAP
/// code makes (`service.metadata.entitySet(withName: "Customers")`, `entityType(withName:)`).
///
/// A generated container's document is static, as SAP's generated proxies' is: built from the descriptors
/// generated into `<Container>Metadata`, with no network call. For a plain `DataService` (no generated sets)
/// load the served document with `provider.loadDataModel()`, which has the same `…(withName:)` lookups.
/// As SAP's, the lookups trap on a missing name, with a message that names it.
public struct CSDLDocument: Sendable {
    /// The entity sets, in the container's order.
    public let entitySets: [EntitySetDescriptor]
    /// The entity types of the sets, each once, in the order of their first set.
    public let entityTypes: [EntityTypeDescriptor]

    /// A document of these entity sets (and their entity types).
    public init(entitySets: [EntitySetDescriptor]) {
        self.entitySets = entitySets
        var seen: Set<String> = []
        self.entityTypes = entitySets.map(\.entityType).filter { seen.insert($0.qualifiedName).inserted }
    }

    /// SAP's `entitySet(withName:)`: the entity set with this name; traps when there is none.
    public func entitySet(withName name: String) -> EntitySetDescriptor {
        do { return try findEntitySet(name) } catch { preconditionFailure("entitySet(withName:): \(error.message)") }
    }

    /// SAP's `entityType(withName:)`: the entity type with this qualified name (`ESPM.Customer`) or, when
    /// only one type has it, this local name (`Customer`); traps when there is none.
    public func entityType(withName name: String) -> EntityTypeDescriptor {
        do { return try findEntityType(name) } catch { preconditionFailure("entityType(withName:): \(error.message)") }
    }

    /// The entity set with this name, or the error that names what is missing (what the lookup traps with).
    func findEntitySet(_ name: String) throws(DataModelError) -> EntitySetDescriptor {
        guard let set = entitySets.first(where: { $0.name == name }) else {
            throw DataModelError("no entity set named \(name) (the service has \(entitySets.map(\.name).joined(separator: ", ")))")
        }
        return set
    }

    /// The entity type with this qualified or (unambiguous) local name, or the error that names what is missing.
    func findEntityType(_ name: String) throws(DataModelError) -> EntityTypeDescriptor {
        if let type = entityTypes.first(where: { $0.qualifiedName == name }) { return type }
        let local = entityTypes.filter { $0.name == name }
        guard local.count == 1, let type = local.first else {
            throw DataModelError(
                local.isEmpty ? "no entity type named \(name)" : "\(local.count) entity types are named \(name): use the qualified name")
        }
        return type
    }
}

extension DataService {
    /// SAP's `metadata`: the entity sets and types of this container (`entitySets`), without a network call.
    public var metadata: CSDLDocument { CSDLDocument(entitySets: entitySets) }
}
