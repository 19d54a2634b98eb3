import Foundation

/// Per-table facts for matching property elements fast, for one parse: the parser-dictionary pointers of
/// the property names, learned as they are met (element names are interned in the parser's dictionary, so a
/// pointer seen once for property `i` identifies it from then on), each property's primitive type, and the
/// table's customizable-feed map.
final class AtomPropertyCache {
    /// Where an entry reaches the cache (the storage lives as long as the cache, which the reader keeps).
    struct Slots {
        let names: UnsafeMutablePointer<AtomXMLName?>
        /// The primitive type of each property; nil for complex values and collections.
        let primitiveTypes: UnsafeMutablePointer<EdmType?>
        /// The table's customizable-feed mappings; nil when it has none (the usual case).
        let feedMap: AtomFeedMap?
    }

    let slots: Slots
    private let count: Int

    init(table: NameTable) {
        count = max(table.propertyCount, 1)
        let names = UnsafeMutablePointer<AtomXMLName?>.allocate(capacity: count)
        names.initialize(repeating: nil, count: count)
        let types = UnsafeMutablePointer<EdmType?>.allocate(capacity: count)
        types.initialize(repeating: nil, count: count)
        for (index, property) in table.properties.enumerated() {
            if case .primitive(let type) = property.type { types[index] = type }
        }
        let feedMap = AtomFeedMap(properties: table.properties)
        slots = Slots(names: names, primitiveTypes: types, feedMap: feedMap.isEmpty ? nil : feedMap)
    }

    deinit {
        slots.names.deallocate()
        slots.primitiveTypes.deinitialize(count: count)
        slots.primitiveTypes.deallocate()
    }
}
