/// The state of a navigation property in an entity.
public enum NavigationValue: Sendable, Hashable {
    /// Not loaded; the server gave this URI to load it (`__deferred`), if any.
    case deferred(uri: String?)
    /// A loaded to-many navigation (possibly empty).
    case entities([EntityValue])
    /// A loaded to-one navigation; nil when the server said there is none.
    indirect case entity(EntityValue?)
}

/// An entity: property values by descriptor, navigation state, server metadata and change tracking.
///
/// A value type: copying an entity and changing the copy never changes the original.
/// Equality compares type, property values, navigation state and metadata; hashing and
/// `id` use the key.
public struct EntityValue: Sendable, Hashable, Identifiable {
    /// The entity type.
    public let entityType: EntityTypeDescriptor
    /// Values by property index; nil means the property was not loaded.
    public private(set) var values: [EdmValue?]
    /// Navigation state by navigation index; nil means not present in the payload.
    public private(set) var navigationValues: [NavigationValue?]
    /// URIs, ETag and media facts.
    public var metadata: EntityMetadata
    /// The values as loaded from the server (or as created), before any local change.
    public private(set) var originalValues: [EdmValue?]
    /// Indexes of properties set since the entity was loaded or created.
    public private(set) var changedIndices: Set<Int>

    /// A new, empty entity of this type: nothing loaded, nothing changed.
    public init(type: EntityTypeDescriptor) {
        self.entityType = type
        self.values = Array(repeating: nil, count: type.properties.count)
        self.navigationValues = Array(repeating: nil, count: type.navigationProperties.count)
        self.metadata = EntityMetadata()
        self.originalValues = values
        self.changedIndices = []
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
        self.navigationValues = navigationValues
        self.metadata = metadata
        self.originalValues = values
        self.changedIndices = []
    }

    // MARK: Properties

    /// The value of a property; nil when not loaded. Setting records a change.
    public subscript(property: PropertyDescriptor) -> EdmValue? {
        get { property.index < values.count ? values[property.index] : nil }
        set {
            guard property.index < values.count else { return }
            values[property.index] = newValue
            changedIndices.insert(property.index)
        }
    }

    /// The value of the property with this EDM name; nil when not loaded or unknown.
    public subscript(name: String) -> EdmValue? {
        get { entityType.property(named: name).flatMap { self[$0] } }
        set {
            guard let property = entityType.property(named: name) else { return }
            self[property] = newValue
        }
    }

    /// The typed value of a property (nil when not loaded, null, or of another type).
    public func value<Value>(of property: TypedProperty<Value>) -> Value? {
        self[property.descriptor].flatMap { Value(edmValue: $0) }
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
    public var hasChanges: Bool { !changedIndices.isEmpty }

    /// The entity as it was loaded: original values, no changes.
    public var old: EntityValue {
        var copy = self
        copy.values = originalValues
        copy.changedIndices = []
        return copy
    }

    /// Marks the current values as the loaded state (after a successful write).
    public mutating func acceptChanges() {
        originalValues = values
        changedIndices = []
    }

    // MARK: Navigation

    /// The state of a navigation property; nil when not present.
    public subscript(navigation: NavigationDescriptor) -> NavigationValue? {
        get { navigation.index < navigationValues.count ? navigationValues[navigation.index] : nil }
        set {
            guard navigation.index < navigationValues.count else { return }
            navigationValues[navigation.index] = newValue
        }
    }

    /// Loaded related entities of a to-many navigation (empty when not loaded).
    public func relatedEntities(_ navigation: NavigationDescriptor) -> [EntityValue] {
        switch self[navigation] {
        case .entities(let list): return list
        case .entity(let single): return single.map { [$0] } ?? []
        case .deferred, nil: return []
        }
    }

    /// The loaded related entity of a to-one navigation (nil when not loaded or none).
    public func relatedEntity(_ navigation: NavigationDescriptor) -> EntityValue? {
        switch self[navigation] {
        case .entity(let single): return single
        case .entities(let list): return list.first
        case .deferred, nil: return nil
        }
    }

    /// Whether the navigation property was loaded (expanded or fetched).
    public func isLoaded(_ navigation: NavigationDescriptor) -> Bool {
        switch self[navigation] {
        case .entities, .entity: return true
        case .deferred, nil: return false
        }
    }

    // MARK: Identity

    /// The key built from the key properties' current values (null where not loaded).
    public var key: EntityKey {
        EntityKey(entityType.keyProperties.map { KeyComponent(name: $0.name, value: self[$0] ?? .null) })
    }

    /// The entity key.
    public var id: EntityKey { key }

    public static func == (lhs: EntityValue, rhs: EntityValue) -> Bool {
        lhs.entityType == rhs.entityType && lhs.values == rhs.values && lhs.navigationValues == rhs.navigationValues
            && lhs.metadata == rhs.metadata && lhs.changedIndices == rhs.changedIndices
            && lhs.originalValues == rhs.originalValues
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entityType)
        hasher.combine(key)
    }
}
