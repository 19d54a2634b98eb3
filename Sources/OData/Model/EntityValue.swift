/// An entity: property values by descriptor, navigation state, server metadata and change tracking.
///
/// A value type: copying an entity and changing the copy never changes the original.
/// Equality compares type, property values, navigation state and metadata; hashing and
/// `id` use the key.
///
/// Reading and writing properties, three ways, each with a read and a write:
/// - by descriptor, as `EdmValue`: `entity[property]` (get and set; the descriptor is the type's own, so
///   nothing can be unknown);
/// - by typed descriptor, as a Swift value: `value(of:)` and `setValue(_:for:)` (what generated
///   properties call);
/// - by EDM name, for the dynamic API: `entity["Name"]` and `get(_:as:)` read (nil for an unknown name);
///   `try set(_:to:)` and `try set(_:_:)` write, and throw `DataModelError` for an unknown name or a value
///   of another type. There is no setter by name that could drop a misspelled name silently.
public struct EntityValue: Sendable, Hashable, Identifiable {
    /// The entity type.
    public let entityType: EntityTypeDescriptor
    /// Values by property index; nil means the property was not loaded.
    public private(set) var values: [EdmValue?]
    /// Navigation states; see `navigationValues`.
    var navigationSlots: NavigationSlots
    /// URIs, ETag and media facts.
    public var metadata: EntityMetadata {
        didSet {
            // Derived navigation links follow the entity URI: keep them as they were when it changes.
            guard navigationSlots.derivedLinks != 0, !oldValue.hasSameURI(as: metadata) else { return }
            navigationSlots.materializeDerivedLinks(under: oldValue.uri, navigations: entityType.navigationProperties)
        }
    }
    /// Change tracking: empty until a property is set (the original values are then `values` themselves),
    /// else one record, so that an unchanged entity spends one reference on it and no allocation.
    private var changes: [ChangeRecord] = []

    /// The loaded values and the indexes set since, kept from the first change on.
    private struct ChangeRecord: Sendable, Hashable {
        var originalValues: [EdmValue?]
        var changedIndices: Set<Int>
    }

    /// The values as loaded from the server (or as created), before any local change.
    public var originalValues: [EdmValue?] { changes.first?.originalValues ?? values }
    /// Indexes of properties set since the entity was loaded or created.
    public var changedIndices: Set<Int> { changes.first?.changedIndices ?? [] }

    /// A new, empty entity of this type: nothing loaded, nothing changed.
    public init(type: EntityTypeDescriptor) {
        self.entityType = type
        self.values = Array(repeating: nil, count: type.properties.count)
        self.navigationSlots = NavigationSlots()
        self.metadata = EntityMetadata()
    }

    /// An entity as loaded from a payload: the given values become the original ones, nothing is changed.
    /// `values` and `navigationValues` must have one slot per property / navigation property.
    public init(
        type: EntityTypeDescriptor, loadedValues values: [EdmValue?], navigationValues: [NavigationValue?],
        metadata: EntityMetadata
    ) {
        precondition(values.count == type.properties.count && navigationValues.count == type.navigationProperties.count)
        self.entityType = type
        self.values = values
        self.navigationSlots = Self.navigationSlots(navigationValues, type: type, metadata: metadata)
        self.metadata = metadata
    }

    /// An entity as loaded by a decoder that built its navigation slots itself.
    init(type: EntityTypeDescriptor, loadedValues values: [EdmValue?], navigation: NavigationSlots, metadata: EntityMetadata) {
        self.entityType = type
        self.values = values
        self.navigationSlots = navigation
        self.metadata = metadata
    }

    // MARK: Properties

    /// The value of a property; nil when not loaded. Setting records a change.
    public subscript(property: PropertyDescriptor) -> EdmValue? {
        @inlinable get { property.index < values.count ? values[property.index] : nil }
        set {
            guard property.index < values.count else { return }
            if changes.isEmpty {
                changes = [ChangeRecord(originalValues: values, changedIndices: [property.index])]
            } else {
                changes[0].changedIndices.insert(property.index)
            }
            values[property.index] = newValue
        }
    }

    /// The value of the property with this EDM name; nil when not loaded or unknown. Read-only: a write by
    /// name is `try set(_:to:)`, which throws for an unknown name or a value of another type, so that a
    /// misspelled name is never dropped silently.
    public subscript(name: String) -> EdmValue? {
        entityType.property(named: name).flatMap { self[$0] }
    }

    /// The typed value of a property (nil when not loaded, null, or of another type). Inlinable, so that the
    /// caller's optimized build reads the slot and converts it with the concrete type's conversion, instead of
    /// an unspecialized generic call per read (see Benchmarks/README, "The typed path").
    @inlinable
    public func value<Value>(of property: TypedProperty<Value>) -> Value? {
        let index = property.descriptor.index
        guard index < values.count, let value = values[index] else { return nil }
        return Value(edmValue: value)
    }

    /// Sets a typed property (nil writes null) and records the change.
    public mutating func setValue<Value>(_ value: Value?, for property: TypedProperty<Value>) {
        self[property.descriptor] = value?.edmValue ?? .null
    }

    /// Whether the property was loaded (or set).
    public func isLoaded(_ property: PropertyDescriptor) -> Bool { self[property] != nil }

    /// Whether the property was set since the entity was loaded or created.
    public func isChanged(_ property: PropertyDescriptor) -> Bool { changedIndices.contains(property.index) }

    /// Properties set since load, in declaration order.
    public var changedProperties: [PropertyDescriptor] {
        changedIndices.sorted().map { entityType.properties[$0] }
    }

    /// Whether anything was set since load.
    public var hasChanges: Bool { !changes.isEmpty }

    /// The entity as it was loaded: original values, no changes.
    public var old: EntityValue {
        var copy = self
        copy.values = originalValues
        copy.changes = []
        return copy
    }

    /// Marks the current values as the loaded state (after a successful write).
    public mutating func acceptChanges() {
        changes = []
    }

    // MARK: Identity

    /// The key built from the key properties' current values (null where not loaded).
    public var key: EntityKey {
        EntityKey(entityType.keyProperties.map { KeyComponent(name: $0.name, value: self[$0] ?? .null) })
    }

    /// The entity key.
    public var id: EntityKey { key }

    /// Whether the two are equal.
    public static func == (lhs: EntityValue, rhs: EntityValue) -> Bool {
        lhs.entityType == rhs.entityType && lhs.values == rhs.values && lhs.metadata == rhs.metadata
            && lhs.hasSameNavigation(as: rhs) && lhs.changes == rhs.changes
    }

    /// Hashes the components that equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entityType)
        hasher.combine(key)
    }
}
