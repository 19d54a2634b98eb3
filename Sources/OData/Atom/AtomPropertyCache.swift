import Foundation

/// Per-table facts for matching property elements fast, for one parse: the parser-dictionary pointers of
/// the property names, learned as they are met (element names are interned in the parser's dictionary, so a
/// pointer seen once for property `i` identifies it from then on), and each property's primitive type.
final class AtomPropertyCache {
    /// Where an entry reaches the cache (the storage lives as long as the cache, which the reader keeps).
    struct Slots {
        let names: UnsafeMutablePointer<AtomXMLName?>
        /// The primitive type of each property; nil for complex values and collections.
        let primitiveTypes: UnsafeMutablePointer<EdmType?>
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
        slots = Slots(names: names, primitiveTypes: types)
    }

    deinit {
        slots.names.deallocate()
        slots.primitiveTypes.deinitialize(count: count)
        slots.primitiveTypes.deallocate()
    }
}
