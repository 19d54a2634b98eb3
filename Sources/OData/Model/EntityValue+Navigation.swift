/// The state of a navigation property in an entity.
public enum NavigationValue: Sendable, Hashable {
    /// Not loaded; the server gave this URI to load it (`__deferred`), if any.
    case deferred(uri: String?)
    /// A loaded to-many navigation (possibly empty).
    case entities([EntityValue])
    /// A loaded to-one navigation; nil when the server said there is none.
    indirect case entity(EntityValue?)
}

extension EntityValue {
    /// Navigation state by navigation index; nil means not present in the payload.
    public var navigationValues: [NavigationValue?] {
        (0..<entityType.navigationProperties.count).map { navigationValue(at: $0) }
    }

    /// The state of a navigation property; nil when not present.
    public subscript(navigation: NavigationDescriptor) -> NavigationValue? {
        get { navigationValue(at: navigation.index) }
        set {
            let count = entityType.navigationProperties.count
            let index = navigation.index
            guard index < count else { return }
            if case .deferred(let link?) = newValue, Self.isDerivableLink(link, at: index, type: entityType, metadata: metadata) {
                navigationSlots.setDerived(index)
            } else {
                navigationSlots.setExplicit(newValue, at: index, count: count)
            }
        }
    }

    /// Loaded related entities of a to-many navigation (empty when not loaded).
    public func relatedEntities(_ navigation: NavigationDescriptor) -> [EntityValue] {
        switch navigationSlots.explicitValue(navigation.index) {
        case .entities(let list): return list
        case .entity(let single): return single.map { [$0] } ?? []
        case .deferred, nil: return []
        }
    }

    /// The loaded related entity of a to-one navigation (nil when not loaded or none).
    public func relatedEntity(_ navigation: NavigationDescriptor) -> EntityValue? {
        switch navigationSlots.explicitValue(navigation.index) {
        case .entity(let single): return single
        case .entities(let list): return list.first
        case .deferred, nil: return nil
        }
    }

    /// Whether the navigation property was loaded (expanded or fetched).
    public func isLoaded(_ navigation: NavigationDescriptor) -> Bool {
        switch navigationSlots.explicitValue(navigation.index) {
        case .entities, .entity: return true
        case .deferred, nil: return false
        }
    }

    /// The state of navigation `index`, building a derived link from the entity URI.
    func navigationValue(at index: Int) -> NavigationValue? {
        if let value = navigationSlots.explicitValue(index) { return value }
        guard navigationSlots.isDerived(index), index < entityType.navigationProperties.count, let uri = metadata.uri else {
            return nil
        }
        return .deferred(uri: uri + "/" + entityType.navigationProperties[index].name)
    }

    /// Whether `link` can be stored as a derived link of navigation `index`: `<entity uri>/<name>`.
    static func isDerivableLink(
        _ link: String, at index: Int, type: EntityTypeDescriptor, metadata: EntityMetadata
    ) -> Bool {
        guard index < NavigationSlots.derivableCount else { return false }
        var link = link
        let name = type.navigationProperties[index].name
        return link.withUTF8 { metadata.isURI($0, followedBySlashAnd: name) }
    }

    /// Navigation slots from states by index, storing links at `<uri>/<name>` as derived.
    static func navigationSlots(
        _ states: [NavigationValue?], type: EntityTypeDescriptor, metadata: EntityMetadata
    ) -> NavigationSlots {
        var slots = NavigationSlots()
        for (index, state) in states.enumerated() {
            if case .deferred(let link?) = state, isDerivableLink(link, at: index, type: type, metadata: metadata) {
                slots.setDerived(index)
            } else {
                slots.setExplicit(state, at: index, count: states.count)
            }
        }
        return slots
    }

    /// Whether both have the same navigation states (their URIs are already known to be equal).
    func hasSameNavigation(as other: EntityValue) -> Bool {
        if navigationSlots == other.navigationSlots { return true }
        let count = entityType.navigationProperties.count
        return (0..<count).allSatisfy { navigationValue(at: $0) == other.navigationValue(at: $0) }
    }
}
