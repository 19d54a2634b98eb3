import ODataMetadata
import Synchronization

/// The runtime descriptors of a service, built from its `$metadata` model: the dynamic API for programs
/// without generated code. Entity sets, entity and complex types and function imports can be looked up
/// by name; queries and entities are then built by property name on the same core that generated code uses:
///
/// ```swift
/// let model = try DataModel(metadata: MetadataParser.parse(data))
/// let customers = try model.entitySet("Customers")
/// let query = DataQuery().from(customers).filter(.property("LastName").equal(.literal(.string("Smith"))))
/// var customer = model.newEntity(of: customers)
/// try customer.set("FirstName", to: .string("Ada"))
/// ```
///
/// Elements the runtime cannot represent (a property of an unknown type, a navigation whose association
/// does not resolve) are left out and listed in `diagnostics`.
public final class DataModel: Sendable {
    /// The metadata the model was built from.
    public let metadata: ServiceMetadata
    /// The entity container whose sets and imports are exposed.
    public let containerName: String?
    /// The service, with the document's protocol version, which its entity sets and function imports refer to.
    public let service: ServiceDescriptor
    /// The entity types by qualified name.
    public let entityTypes: [String: EntityTypeDescriptor]
    /// The complex types by qualified name.
    public let complexTypes: [String: ComplexTypeDescriptor]
    /// The entity sets in document order.
    public let entitySets: [EntitySetDescriptor]
    /// The function imports in document order.
    public let functionImports: [FunctionImportDescriptor]
    /// What was left out and why, in a stable order.
    public let diagnostics: [String]
    private let entitySetIndex: [String: EntitySetDescriptor]
    private let functionImportIndex: [String: FunctionImportDescriptor]

    /// Builds the descriptors of every type, and the sets and function imports of the default container
    /// (or of `container` when given). Throws when the container does not exist or complex types nest in a cycle.
    public init(metadata: ServiceMetadata, container: String? = nil) throws(DataModelError) {
        var builder = DataModelBuilder(metadata: metadata)
        let owner: EntityContainer?
        if let container {
            guard let found = metadata.entityContainer(named: container) else {
                throw DataModelError("no entity container named \(container)")
            }
            owner = found
        } else {
            owner = metadata.defaultContainer
        }
        try builder.buildComplexTypes()
        builder.buildEntityTypes()
        let sets = builder.buildEntitySets(of: owner)
        let imports = builder.buildFunctionImports(owner?.functionImports ?? [])
        self.metadata = metadata
        self.containerName = owner?.name
        self.service = builder.service
        self.entityTypes = builder.entityTypes
        self.complexTypes = builder.complexTypes
        self.entitySets = sets
        self.functionImports = imports
        self.diagnostics = builder.diagnostics
        var setIndex: [String: EntitySetDescriptor] = [:]
        for set in sets where setIndex[set.name] == nil { setIndex[set.name] = set }
        self.entitySetIndex = setIndex
        var importIndex: [String: FunctionImportDescriptor] = [:]
        for function in imports where importIndex[function.name] == nil { importIndex[function.name] = function }
        self.functionImportIndex = importIndex
    }

    /// The entity set with this name, nil when there is none.
    public func entitySet(named name: String) -> EntitySetDescriptor? { entitySetIndex[name] }

    /// The entity set with this name; throws a `DataModelError` naming it when there is none.
    public func entitySet(_ name: String) throws(DataModelError) -> EntitySetDescriptor {
        guard let set = entitySetIndex[name] else { throw DataModelError("no entity set named \(name)") }
        return set
    }

    /// The entity type by qualified (or alias-qualified) name.
    public func entityType(named name: String) -> EntityTypeDescriptor? {
        entityTypes[name] ?? entityTypes[metadata.resolveAlias(name)]
    }

    /// The complex type by qualified (or alias-qualified) name.
    public func complexType(named name: String) -> ComplexTypeDescriptor? {
        complexTypes[name] ?? complexTypes[metadata.resolveAlias(name)]
    }

    /// The function import with this name.
    public func functionImport(named name: String) -> FunctionImportDescriptor? { functionImportIndex[name] }

    /// A query addressing the entity set with this name.
    public func query(_ entitySetName: String) throws(DataModelError) -> DataQuery {
        DataQuery().from(try entitySet(entitySetName))
    }

    /// A new, empty entity of the set's type.
    public func newEntity(of entitySet: EntitySetDescriptor) -> EntityValue {
        EntityValue(type: entitySet.entityType)
    }

    /// The entity set a navigation property of the given set leads to (through the association sets).
    public func targetEntitySet(from entitySet: EntitySetDescriptor, navigation name: String) -> EntitySetDescriptor? {
        guard let source = metadata.entitySet(named: entitySet.name, in: containerName),
            let target = metadata.targetEntitySet(from: source, navigationProperty: name)
        else { return nil }
        return entitySetIndex[target.name]
    }
}

/// Entity types resolved after all descriptors exist, so that navigation properties may point anywhere.
final class EntityTypeTable: Sendable {
    private let storage = Mutex<[String: EntityTypeDescriptor]>([:])

    func set(_ types: [String: EntityTypeDescriptor]) { storage.withLock { $0 = types } }

    func type(_ name: String) -> EntityTypeDescriptor? { storage.withLock { $0[name] } }
}
