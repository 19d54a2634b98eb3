import Foundation

/// One open element, innermost last: plain data, so pushing and popping frames costs no reference counting.
/// The states a frame stands for live in the reader's stacks (`feeds`, `entries`, `links`, `structures`);
/// the innermost state of a kind is always the one an open frame means, because elements nest.
struct AtomFrame {
    /// What the element is.
    enum Kind: UInt8 {
        /// An element whose content is ignored.
        case skip
        /// A feed (`feeds.last`).
        case feed
        /// An entry (`entries.last`).
        case entry
        /// A `<link>` to navigation property `index` of `entries.last` (it may hold `m:inline`); the entry
        /// already holds it as deferred.
        case navigationLink
        /// An `m:inline` (`links.last`).
        case inline
        /// The `<content>` of `entries.last`.
        case content
        /// The `m:properties` of `entries.last`.
        case properties
        /// A primitive property or collection element of `edmType`: its text is collected.
        case primitive
        /// A complex property or a collection (`structures.last`).
        case structured
        /// An element whose text is wanted (`<id>`, `<m:count>`, `<uri>`), for `textTarget`.
        case text
        /// The root `<links>` of a `$links` response.
        case links
        /// An element of `entries.last` on the way to a customizable-feed target (`<author>`, a custom
        /// element): `index` is its `AtomFeedMap` node.
        case mapped
        /// A customizable-feed target holding XHTML: its content is collected as markup for property `index`.
        case markup
        /// An element inside such markup, written into the collected text.
        case markupElement
    }

    /// Where a finished primitive or structured value goes.
    enum Target: UInt8 {
        /// Property `index` of `entries.last`.
        case entity
        /// Property `index` of `entries.last` from a customizable-feed Atom element: kept only when
        /// `m:properties` did not give the property.
        case mappedEntity
        /// Property `index` of the complex value being read in the enclosing structure.
        case complex
        /// An element of the collection being read in the enclosing structure.
        case element
        /// The document's value.
        case root
    }

    /// Where collected text goes.
    enum TextTarget: UInt8 {
        /// The `<id>` of `entries.last`.
        case entryID
        /// The `m:count` of `feeds.last`.
        case feedCount
        /// A `$links` URI.
        case linkURI
        /// The `m:count` of a `$links` response.
        case linksCount
    }

    var kind: Kind
    var target = Target.root
    var textTarget = TextTarget.entryID
    /// `m:null="true"` (primitives).
    var isNull = false
    /// The primitive type (primitives).
    var edmType = EdmType.string
    /// The property index for the `entity` and `complex` targets, the navigation index for `navigationLink`.
    var index = 0

    static let skip = AtomFrame(kind: .skip)
}

/// A feed being read.
struct AtomFeedState {
    let table: NameTable
    var list = EntityList(entities: [])
    let savedBase: AtomBaseURI?
}

/// An entry being read.
struct AtomEntryState {
    private(set) var table: NameTable
    var values: [EdmValue?]
    /// Navigation states: a deferred link at `<entity uri>/<name>` is a bit (see `setDeferredLink`).
    var navigations = NavigationSlots()
    var metadata = EntityMetadata()
    let savedBase: AtomBaseURI?
    /// The property expected next (properties usually come in declaration order).
    var nextHint = 0
    /// The table's `AtomPropertyCache`.
    private(set) var cache: AtomPropertyCache.Slots
    /// Whether the entry's `<category term>` was read. Until then, members the type does not know are kept
    /// (links) or remembered (properties) for the derived type the term may name (see `switchTable`); servers
    /// write `<category>` first, so this costs nothing there.
    var typeNamed = false
    /// What the type did not know, met before `<category>` (nil while nothing was: no storage to set up or free).
    private var skipped: Skipped?

    /// Members met before `<category>` that the type did not know.
    private struct Skipped {
        /// Related links: their names and resolved hrefs.
        var links: [(name: String, href: String?)] = []
        /// Properties: their interned element names.
        var properties: [AtomXMLName] = []
    }

    /// Remembers a related link the type does not know, while the entry may still name a derived type.
    mutating func skipLink(named name: String, href: String?) {
        guard !typeNamed else { return }
        if skipped == nil { skipped = Skipped() }
        skipped?.links.append((name, href))
    }

    /// Remembers a property the type does not know, while the entry may still name a derived type.
    mutating func skipProperty(_ name: AtomXMLName) {
        guard !typeNamed else { return }
        if skipped == nil { skipped = Skipped() }
        skipped?.properties.append(name)
    }

    init(table: NameTable, cache: AtomPropertyCache.Slots, savedBase: AtomBaseURI?) {
        self.table = table
        self.values = Array(absentCount: table.propertyCount)
        self.cache = cache
        self.savedBase = savedBase
    }

    /// The index of the structural property whose element is `name`, expected at `nextHint`: an interned
    /// name already met there is recognized by its pointer, others by their bytes.
    @inline(__always)
    mutating func propertyIndex(_ name: AtomXMLName) -> Int? {
        let hint = nextHint
        let index: Int
        if hint < table.propertyCount, cache.names[hint] == name {
            index = hint
        } else {
            let key = ByteSpan(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)))
            guard let found = table.lookup(key, hint: hint), found < table.propertyCount else { return nil }
            cache.names[found] = name
            index = found
        }
        nextHint = index + 1
        return index
    }

    /// The state of navigation `index` (a derived link as its string).
    func navigationValue(_ index: Int) -> NavigationValue? {
        if let value = navigations.explicitValue(index) { return value }
        guard navigations.isDerived(index), let uri = metadata.uri else { return nil }
        return .deferred(uri: uri + "/" + table.navigations[index].name)
    }

    /// Stores the state of navigation `index`.
    mutating func setNavigation(_ value: NavigationValue?, at index: Int) {
        navigations.setExplicit(value, at: index, count: table.navigations.count)
    }

    /// Stores a deferred link: as a bit when `link` is the entity URI followed by `/` and the navigation's
    /// name (the usual case, compared without building a string), else as `string(link)`.
    mutating func setDeferredLink(_ link: ByteSpan, at index: Int, string: (ByteSpan) -> String) {
        if index < NavigationSlots.derivableCount, metadata.isURI(link.buffer, followedBySlashAnd: table.navigations[index].name) {
            navigations.setDerived(index)
        } else {
            setNavigation(.deferred(uri: string(link)), at: index)
        }
    }

    /// Sets the entity URI; derived links become explicit first, so that they keep the URI they were read with.
    mutating func setURI(_ uri: String) {
        if navigations.derivedLinks != 0 {
            navigations.materializeDerivedLinks(under: metadata.uri, navigations: table.navigations)
        }
        metadata.uri = uri
    }

    /// Switches to a derived type the way JSON does (`DerivedTypeSwitch`): what was read moves over by name, and
    /// skipped links the derived type has are placed. Returns the name of a skipped property the derived type has
    /// (its value was not kept, since Atom is read forward only): the caller refuses the entry rather than lose it.
    mutating func switchTable(_ derived: NameTable, cache derivedCache: AtomPropertyCache.Slots) -> String? {
        let switched = DerivedTypeSwitch(from: table, values: values, navigations: navigations, uri: metadata.uri, to: derived)
        let base = table
        table = derived
        cache = derivedCache
        values = switched.values
        navigations = switched.navigations
        guard let skipped else { return nil }
        self.skipped = nil
        for link in skipped.links where base.entityType?.navigationProperty(named: link.name) == nil {
            guard let target = derived.entityType?.navigationProperty(named: link.name) else { continue }
            setNavigation(.deferred(uri: link.href), at: target.index)
        }
        for property in skipped.properties {
            let name = ByteSpan(start: property, count: strlen(UnsafeRawPointer(property).assumingMemoryBound(to: CChar.self)))
            if let entry = DerivedTypeSwitch.newEntry(name, base: base, derived: derived), entry < derived.propertyCount {
                return name.string
            }
        }
        return nil
    }

    /// The finished entity (the arrays and metadata move into it); nil when the table is not an entity type's.
    consuming func entity() -> EntityValue? {
        guard let type = table.entityType else { return nil }
        if navigations.explicit.isEmpty {
            return EntityValue(type: type, loadedValues: values, navigation: navigations, metadata: metadata)
        }
        // Explicit states (inline content, other links, links read before the URI): the public initializer
        // stores those that are `<uri>/<name>` links as bits.
        let states = (0..<table.navigations.count).map { navigationValue($0) }
        return EntityValue(type: type, loadedValues: values, navigationValues: states, metadata: metadata)
    }
}

/// An `m:inline` inside a navigation `<link>` of `entries.last`, being read.
struct AtomLinkState {
    let navigation: NavigationDescriptor
    var feed: EntityList?
    var entity: EntityValue?

    /// The navigation value the `m:inline` stands for (empty: none).
    var value: NavigationValue {
        if let feed { return .entities(feed.entities) }
        if let entity { return navigation.isCollection ? .entities([entity]) : .entity(entity) }
        return navigation.isCollection ? .entities([]) : .entity(nil)
    }
}

/// A complex value or a collection being read.
struct AtomStructuredState {
    let type: PropertyType
    let isNull: Bool
    var complex: ComplexValue?
    let table: NameTable?
    var elements: [EdmValue] = []

    init(type: PropertyType, isNull: Bool, tables: NameTableCache) {
        self.type = type
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
