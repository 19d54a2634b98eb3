/// An entity: property values by descriptor, navigation state, server metadata and change tracking.
///
/// A value type: copying an entity and changing the copy never changes the original.
/// Equality compares type, property values, navigation state and metadata; hashing and
/// `id` use the key.
///
/// Reading and writing properties: one read and one write, each by descriptor or by EDM name, as a Swift
/// value or as an `EdmValue`:
///
/// | | by descriptor | by EDM name (the dynamic API) |
/// |---|---|---|
/// | read a Swift value | `value(of:)` | `get(_:as:)` |
/// | read an `EdmValue` | `entity[property]` | `entity["Name"]` |
/// | write a Swift value | `setValue(_:for:)` | `try set(_:_:)` |
/// | write an `EdmValue` | `try set(_:to:)` | `try set(_:to:)` |
///
/// Reads give nil for a property that was not loaded (and by name, for an unknown name). Every write checks:
/// `try set` throws `DataModelError` for a descriptor of another entity type, an unknown name, a value of
/// another EDM type, a null in a non-nullable property or an integer out of its type's range, and changes
/// nothing then. `setValue(_:for:)`, the typed write behind generated properties (`customer.city = "Berlin"`),
/// cannot throw: the compiler checks its value's type, a descriptor of another entity type is a precondition
/// failure (a programming error, like an index out of range), and nullability and integer ranges are checked
/// before the entity is sent (`ODataError.Kind.invalidValue`). A descriptor of another entity type is never
/// written silently, and reads by `subscript(_:)` stop the program on it too (`value(of:)`, the typed hot path,
/// does not check: see there). Generated types (`EntityProtocol`) read and write
/// through these.
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

    /// The value of a property; nil when not loaded. Read-only: a write is `try set(_:to:)` or, typed,
    /// `setValue(_:for:)`, which check the descriptor (and the value).
    ///
    /// - Precondition: `property` is one of `entityType`'s properties, or describes the same property (name,
    ///   position and type: a base type's, or this type's from another model). Any other descriptor is a programming error that stops the program with a
    ///   message naming both; it never reads another property's value.
    public subscript(property: PropertyDescriptor) -> EdmValue? {
        @inlinable get { values[slot(of: property)] }
    }

    /// The value of the property with this EDM name; nil when not loaded or unknown. Read-only: a write by
    /// name is `try set(_:to:)`, which throws for an unknown name or a value of another type, so that a
    /// misspelled name is never dropped silently.
    public subscript(name: String) -> EdmValue? {
        entityType.property(named: name).flatMap { values[$0.index] }
    }

    /// The typed value of a property (nil when not loaded, null, or of another type). Inlinable, so that the
    /// caller's optimized build reads the slot and converts it with the concrete type's conversion, instead of
    /// an unspecialized generic call per read (see Benchmarks/README, "The typed path").
    ///
    /// The one accessor that does not check the descriptor: it is the typed hot path, and a check here kept
    /// the optimizer from folding generated properties' key paths (callgrind, `typed-bench typed`: 73.56 M →
    /// 109.30 M instructions a 5,000-entity page). Generated properties pass their own type's position by
    /// construction, and the read touches no descriptor (`TypedProperty.position`); a property of another type
    /// reads its slot's value only when that value converts to `Value`, and nil past the end.
    @inlinable
    public func value<Value>(of property: TypedProperty<Value>) -> Value? {
        let index = property.position
        guard index < values.count, let value = values[index] else { return nil }
        return Value(edmValue: value)
    }

    /// Sets a typed property (nil writes null) and records the change.
    ///
    /// The compiler has checked the value's Swift type against the property's (`TypedProperty<Value>` is
    /// generated from the declared EDM type). What it cannot see is checked before the entity is sent
    /// (`checkWritableValues()`): a null in a non-nullable property and an integer outside its EDM type's range
    /// are then a typed error (`ODataError.Kind.invalidValue`), never sent and never dropped.
    ///
    /// - Precondition: the descriptor is this entity type's, as for `subscript(_:)`.
    public mutating func setValue<Value>(_ value: Value?, for property: TypedProperty<Value>) {
        assign(value?.edmValue ?? .null, at: slot(of: property.descriptor))
    }

    /// Sets a property from an `EdmValue` and records the change, checking everything first: that the
    /// descriptor is this entity type's (or the same property of a base type), that the value has the
    /// property's type, and that it is null only when the property is nullable. Nothing changes when it throws.
    public mutating func set(_ property: PropertyDescriptor, to value: EdmValue) throws(DataModelError) {
        guard let index = ownIndex(of: property) else {
            throw DataModelError("\(property.name) is not a property of \(entityType.qualifiedName)")
        }
        try property.check(value)
        try value.checkFits(property)
        assign(value, at: index)
    }

    /// Writes a slot and records the change; the one place a property value changes after loading.
    private mutating func assign(_ value: EdmValue, at index: Int) {
        if changes.isEmpty {
            changes = [ChangeRecord(originalValues: values, changedIndices: [index])]
        } else {
            changes[0].changedIndices.insert(index)
        }
        values[index] = value
    }

    /// The slot of `property`: its index when it is this entity type's own descriptor (the fast path, one
    /// identity comparison), else `slowSlot(of:)`.
    @inlinable
    func slot(of property: PropertyDescriptor) -> Int {
        let index = property.index
        let properties = entityType.properties
        if index < properties.count, properties[index] === property { return index }
        return slowSlot(of: property)
    }

    /// The slot of a base type's descriptor of the same property; stops the program for any other.
    @usableFromInline
    func slowSlot(of property: PropertyDescriptor) -> Int {
        guard let index = ownIndex(of: property) else {
            preconditionFailure("\(property.name) (property \(property.index)) is not a property of \(entityType.qualifiedName)")
        }
        return index
    }

    /// The index of `property` in this entity type: it is the type's own descriptor, or one of the same name,
    /// position and type (a base type's, since a derived type lists its bases' properties first, or the same
    /// type's from another model, such as one loaded from `$metadata`); nil else.
    func ownIndex(of property: PropertyDescriptor) -> Int? {
        let index = property.index
        guard index < entityType.properties.count else { return nil }
        let own = entityType.properties[index]
        return own === property || own.isSameProperty(as: property) ? index : nil
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
        guard entityType.hasKeyPaths else {
            return EntityKey(entityType.keyProperties.map { KeyComponent(name: $0.name, value: self[$0] ?? .null) })
        }
        return EntityKey(entityType.keyParts.map { KeyComponent(name: $0.name, value: $0.value(in: self)) })
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
