/// A generated entity type: a typed view over an `EntityValue`.
///
/// Generated types declare `entityType`, `init(entityValue:)`, a stored `entityValue`, a static typed
/// descriptor per property (`Customer.firstName`), a nested `Properties` lookup root and accessors for
/// navigation properties; everything else comes from this protocol's extension. Structural properties are
/// read and written on an instance under the descriptor's name (`customer.firstName`, a `String?`) through
/// dynamic member lookup on `Properties` (see ``DynamicProperties``), so a generated type costs the compiler
/// two small getters per property rather than a getter, a setter and a `modify` accessor each, and a
/// misspelled name gets a real diagnostic. Members a type declares itself take precedence.
@dynamicMemberLookup
public protocol EntityProtocol: Sendable, Hashable, Identifiable where ID == EntityKey {
    /// The entity type's descriptor.
    static var entityType: EntityTypeDescriptor { get }
    /// The root of dynamic member lookup: generated types nest a `Properties` struct with one member per
    /// structural property; hand-written types get an empty root and declare their accessors.
    associatedtype Properties: DynamicProperties = NoDynamicProperties
    /// The underlying entity.
    var entityValue: EntityValue { get set }
    /// Wraps an underlying entity (its type must be `entityType` or derived from it).
    init(entityValue: EntityValue)
}

extension EntityProtocol {
    /// A new, empty entity.
    public init() {
        self.init(entityValue: EntityValue(type: Self.entityType))
    }

    /// The entity key.
    public var id: EntityKey { entityValue.key }

    /// Whether the two are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.entityValue == rhs.entityValue }

    /// Hashes the components that equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(entityValue) }

    /// An independent copy (entities are values; changing the copy never changes this one).
    public func copy() -> Self { self }

    /// The entity as it was loaded, before local changes.
    public var old: Self { Self(entityValue: entityValue.old) }

    /// Wraps untyped entities. The entities are moved, not copied, when the caller hands over the only
    /// reference to the array (as `DataService.fetch` does with a page it decoded): a copy of each entity
    /// would retain and later release every reference it holds, which cost more than a tenth of decoding
    /// the page (see Benchmarks/README, "The typed path").
    public static func array(from entities: consuming [EntityValue]) -> [Self] {
        var source = entities
        let count = source.count
        return [Self](unsafeUninitializedCapacity: count) { buffer, initialized in
            // removeLast moves the last entity out of a uniquely referenced array (else copies the array once),
            // straight into the initializer: no binding in between, which the optimizer would copy
            for index in stride(from: count - 1, through: 0, by: -1) {
                (buffer.baseAddress! + index).initialize(to: Self(entityValue: source.removeLast()))
            }
            initialized = count
        }
    }

    /// The value of the structural property that `Properties` names: `customer.firstName` reads and writes
    /// `Customer.firstName` (nil when not loaded or null; writing nil writes null, and every write is recorded
    /// as a change). Inlinable, so that an optimized build folds the key path into a call of the descriptor's
    /// getter.
    @inlinable
    public subscript<Descriptor: TypedPropertyProtocol>(dynamicMember property: KeyPath<Properties, Descriptor>) -> Descriptor
        .PropertyValue?
    {
        get { entityValue.value(of: Properties()[keyPath: property].typedProperty) }
        set { entityValue.setValue(newValue, for: Properties()[keyPath: property].typedProperty) }
    }

    /// Reads a typed property (nil when not loaded or null).
    public func value<Value>(of property: TypedProperty<Value>) -> Value? { entityValue.value(of: property) }

    /// Writes a typed property (nil writes null) and records the change.
    public mutating func setValue<Value>(_ value: Value?, for property: TypedProperty<Value>) {
        entityValue.setValue(value, for: property)
    }

    /// Loaded entities of a to-many navigation property (empty when not loaded).
    public func related<Target>(_ navigation: TypedNavigationProperty<Target>) -> [Target] {
        entityValue.relatedEntities(navigation.descriptor).map(Target.init(entityValue:))
    }

    /// The loaded entity of a to-one navigation property (nil when not loaded or none).
    public func relatedEntity<Target>(_ navigation: TypedNavigationProperty<Target>) -> Target? {
        entityValue.relatedEntity(navigation.descriptor).map(Target.init(entityValue:))
    }

    /// Sets a to-many navigation property's loaded entities.
    public mutating func setRelated<Target>(_ entities: [Target], for navigation: TypedNavigationProperty<Target>) {
        entityValue[navigation.descriptor] = .entities(entities.map(\.entityValue))
    }

    /// Sets a to-one navigation property's loaded entity.
    public mutating func setRelatedEntity<Target>(_ entity: Target?, for navigation: TypedNavigationProperty<Target>) {
        entityValue[navigation.descriptor] = .entity(entity?.entityValue)
    }
}
