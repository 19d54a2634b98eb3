import Foundation

/// What the Atom reader is inside of, innermost last.
enum AtomFrame {
    /// An element whose content is ignored.
    case skip
    case feed(AtomFeedState)
    case entry(AtomEntryState)
    /// A `<link>` to a navigation property (it may hold `m:inline`); the entry already holds it as deferred.
    case navigationLink(AtomEntryState, NavigationDescriptor)
    case inline(AtomLinkState)
    case content(AtomEntryState)
    case properties(AtomEntryState)
    /// A primitive property or collection element: its text is collected.
    case primitive(AtomValueTarget, EdmType, isNull: Bool)
    /// A complex property or a collection.
    case structured(AtomStructuredState)
    /// An element whose text is wanted (`<id>`, `<m:count>`, `<uri>`).
    case text(AtomTextTarget)
    /// The root `<links>` of a `$links` response.
    case links
}

/// Where a finished value goes.
enum AtomValueTarget {
    case entity(AtomEntryState, Int)
    case complex(AtomStructuredState, PropertyDescriptor)
    case element(AtomStructuredState)
    case root
}

/// Where collected text goes.
enum AtomTextTarget {
    case entryID(AtomEntryState)
    case feedCount(AtomFeedState)
    case linkURI
    case linksCount
}

/// A feed being read.
final class AtomFeedState {
    let table: NameTable
    @exclusivity(unchecked) var list = EntityList(entities: [])
    let savedBase: AtomBaseURI?

    init(table: NameTable, savedBase: AtomBaseURI?) {
        self.table = table
        self.savedBase = savedBase
    }
}

/// An entry being read.
final class AtomEntryState {
    @exclusivity(unchecked) private(set) var table: NameTable
    @exclusivity(unchecked) var values: [EdmValue?]
    @exclusivity(unchecked) var navigations: [NavigationValue?]
    @exclusivity(unchecked) var metadata = EntityMetadata()
    let savedBase: AtomBaseURI?
    /// The property expected next (properties usually come in declaration order).
    @exclusivity(unchecked) var nextHint = 0

    init(table: NameTable, savedBase: AtomBaseURI?) {
        self.table = table
        self.values = [EdmValue?](repeating: nil, count: table.propertyCount)
        self.navigations = [NavigationValue?](repeating: nil, count: table.navigations.count)
        self.savedBase = savedBase
    }

    /// Switches to a derived type, carrying what was read over by name.
    func switchTable(_ derived: NameTable) {
        var newValues = [EdmValue?](repeating: nil, count: derived.propertyCount)
        var newNavigations = [NavigationValue?](repeating: nil, count: derived.navigations.count)
        for (index, value) in values.enumerated() where value != nil {
            if let property = derived.entityType?.property(named: table.properties[index].name) {
                newValues[property.index] = value
            }
        }
        for (index, navigation) in navigations.enumerated() where navigation != nil {
            if let target = derived.entityType?.navigationProperty(named: table.navigations[index].name) {
                newNavigations[target.index] = navigation
            }
        }
        table = derived
        values = newValues
        navigations = newNavigations
    }

    /// The finished entity.
    func entity() -> EntityValue? {
        guard let type = table.entityType else { return nil }
        return EntityValue(type: type, loadedValues: values, navigationValues: navigations, metadata: metadata)
    }
}

/// An `m:inline` inside a navigation `<link>`, being read.
final class AtomLinkState {
    let entry: AtomEntryState
    let navigation: NavigationDescriptor
    @exclusivity(unchecked) var feed: EntityList?
    @exclusivity(unchecked) var entity: EntityValue?

    init(entry: AtomEntryState, navigation: NavigationDescriptor) {
        self.entry = entry
        self.navigation = navigation
    }

    /// The navigation value the `m:inline` stands for (empty: none).
    var value: NavigationValue {
        if let feed { return .entities(feed.entities) }
        if let entity { return navigation.isCollection ? .entities([entity]) : .entity(entity) }
        return navigation.isCollection ? .entities([]) : .entity(nil)
    }
}

/// A complex value or a collection being read.
final class AtomStructuredState {
    let type: PropertyType
    let target: AtomValueTarget
    let isNull: Bool
    @exclusivity(unchecked) var complex: ComplexValue?
    let table: NameTable?
    @exclusivity(unchecked) var elements: [EdmValue] = []

    init(type: PropertyType, target: AtomValueTarget, isNull: Bool, tables: NameTableCache) {
        self.type = type
        self.target = target
        self.isNull = isNull
        if case .complex(let complexType) = type {
            complex = ComplexValue(type: complexType)
            table = tables.table(for: complexType)
        } else {
            table = nil
        }
    }

    /// The finished value.
    var value: EdmValue {
        if isNull { return .null }
        if let complex { return .complex(complex) }
        return .collection(elements)
    }
}
