/// The one way both payload readers go on when an entity names, after some of its members, a type derived from
/// the one being read (`PayloadEntityType.derived`: JSON's `__metadata.type`, Atom's `<category term>`): what was
/// read moves into the derived type's slots by name (a derived type has every member of its bases), and the
/// reader then places, as the derived type's, the members it met before the name and could not place then
/// (`newEntry`). Neither reader reads the entity again: JSON reads just the skipped members again from their
/// bytes; Atom, read forward only, keeps the related links it skipped and refuses the entry when it skipped a
/// property the derived type has, rather than lose its value. Servers name the type first, where none of this
/// happens.
struct DerivedTypeSwitch {
    /// The values, in the derived type's slots.
    let values: [EdmValue?]
    /// The navigation states, in the derived type's slots (links derived from the entity URI stay derived).
    let navigations: NavigationSlots

    /// Moves `values` and `navigations`, read as `base`'s type for the entity at `uri`, to `derived`'s slots.
    init(from base: NameTable, values: [EdmValue?], navigations: NavigationSlots, uri: String?, to derived: NameTable) {
        var newValues = [EdmValue?](absentCount: derived.propertyCount)
        for (index, value) in values.enumerated() where value != nil {
            if let target = derived.entityType?.property(named: base.properties[index].name) { newValues[target.index] = value }
        }
        var newNavigations = NavigationSlots()
        for (index, navigation) in base.navigations.enumerated() {
            guard let target = derived.entityType?.navigationProperty(named: navigation.name) else { continue }
            if navigations.isDerived(index), target.index < NavigationSlots.derivableCount {
                newNavigations.setDerived(target.index)
            } else if let state = navigations.value(index, uri: uri, name: navigation.name) {
                newNavigations.setExplicit(state, at: target.index, count: derived.navigations.count)
            }
        }
        self.values = newValues
        self.navigations = newNavigations
    }

    /// The derived table's entry of a member the base type did not know (nil when the derived type does not
    /// know it either, or the base type did: then it was read, or skipped for a reason of its own).
    static func newEntry(_ key: ByteSpan, base: NameTable, derived: NameTable) -> Int? {
        guard base.lookup(key, hint: 0) == nil else { return nil }
        return derived.lookup(key, hint: 0)
    }
}

extension NavigationSlots {
    /// The state of navigation `index` named `name`, building a derived link under `uri`.
    func value(_ index: Int, uri: String?, name: String) -> NavigationValue? {
        if let value = explicitValue(index) { return value }
        guard isDerived(index), let uri else { return nil }
        return .deferred(uri: uri + "/" + name)
    }
}
