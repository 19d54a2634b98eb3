import Foundation

/// The wire names of a type's properties (and navigation properties) as bytes, for matching
/// keys and element names without creating strings. Entry `i < propertyCount` is property `i`;
/// the rest are navigation properties in order.
/// Immutable once built, and kept in its type's `readerCache` (hence the unowned references to the type,
/// which owns the table) for every later decoding run.
final class NameTable: @unchecked Sendable {
    /// The entity type, when the table is for one.
    unowned let entityType: EntityTypeDescriptor?
    /// The complex type, when the table is for one.
    unowned let complexType: ComplexTypeDescriptor?
    /// The structural properties.
    let properties: [PropertyDescriptor]
    /// The navigation properties.
    let navigations: [NavigationDescriptor]
    /// The qualified type name as bytes.
    let typeName: [UInt8]
    /// The qualified type name of the entity type (nil for a complex type's table).
    let entityTypeName: String?
    /// The qualified type name followed by `"` and eight zero bytes (see `JSONScanner.consumeString`), nil when it
    /// has a byte that a JSON string would escape.
    let quotedTypeName: QuotedName?
    private let quotedTypeNameStorage: UnsafeMutablePointer<UInt8>
    /// Each name followed by a `"` (for matching a JSON key with its closing quote in one comparison), then
    /// `padding` zero bytes, so that a comparison may load eight bytes at any name's end.
    private let storage: UnsafeMutablePointer<UInt8>
    private let offsets: [Int]
    private let lengths: [Int]
    /// Per entry, its name and closing quote in `storage`, or nil when the name has a byte that does not stand for
    /// itself inside a JSON string (`"`, `\`, a control character), so that equal raw bytes in a payload mean an
    /// equal key.
    private let quotedNames: UnsafeMutablePointer<QuotedName?>
    /// The number of entries: structural properties, then navigation properties.
    let entryCount: Int
    /// The zero bytes after the last name.
    static let padding = 8
    /// Per structural property, its primitive type (nil for complex values and collections): read
    /// without touching the property's descriptor.
    private let primitives: UnsafeMutablePointer<EdmType?>

    /// The number of structural properties.
    var propertyCount: Int { properties.count }

    convenience init(entityType: EntityTypeDescriptor) {
        self.init(
            entityType: entityType, complexType: nil, properties: entityType.properties,
            navigations: entityType.navigationProperties, typeName: entityType.qualifiedName)
    }

    convenience init(complexType: ComplexTypeDescriptor) {
        self.init(
            entityType: nil, complexType: complexType, properties: complexType.properties, navigations: [],
            typeName: complexType.qualifiedName)
    }

    private init(
        entityType: EntityTypeDescriptor?, complexType: ComplexTypeDescriptor?, properties: [PropertyDescriptor],
        navigations: [NavigationDescriptor], typeName: String
    ) {
        self.entityType = entityType
        self.complexType = complexType
        self.properties = properties
        self.navigations = navigations
        let typeBytes = Array(typeName.utf8)
        self.typeName = typeBytes
        entityTypeName = entityType?.qualifiedName
        let quotedStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: typeBytes.count + 1 + Self.padding)
        quotedStorage.initialize(repeating: 0, count: typeBytes.count + 1 + Self.padding)
        quotedStorage.update(from: typeBytes, count: typeBytes.count)
        quotedStorage[typeBytes.count] = UInt8(ascii: "\"")
        quotedTypeNameStorage = quotedStorage
        quotedTypeName = Self.isPlain(typeBytes) ? QuotedName(ByteSpan(start: quotedStorage, count: typeBytes.count + 1)) : nil
        let names = properties.map { Array($0.name.utf8) } + navigations.map { Array($0.name.utf8) }
        let total = names.reduce(0) { $0 + $1.count + 1 } + Self.padding
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
        storage.initialize(repeating: 0, count: total)
        var offsets: [Int] = []
        var lengths: [Int] = []
        var offset = 0
        for name in names {
            (storage + offset).update(from: name, count: name.count)
            storage[offset + name.count] = UInt8(ascii: "\"")
            offsets.append(offset)
            lengths.append(name.count)
            offset += name.count + 1
        }
        self.offsets = offsets
        self.lengths = lengths
        entryCount = names.count
        quotedNames = UnsafeMutablePointer<QuotedName?>.allocate(capacity: max(names.count, 1))
        for (entry, name) in names.enumerated() {
            (quotedNames + entry).initialize(
                to: Self.isPlain(name) ? QuotedName(ByteSpan(start: storage + offsets[entry], count: name.count + 1)) : nil)
        }
        primitives = UnsafeMutablePointer<EdmType?>.allocate(capacity: max(properties.count, 1))
        for (index, property) in properties.enumerated() {
            if case .primitive(let type) = property.type {
                (primitives + index).initialize(to: type)
            } else {
                (primitives + index).initialize(to: nil)
            }
        }
    }

    deinit {
        storage.deallocate()
        primitives.deallocate()
        quotedNames.deallocate()
        quotedTypeNameStorage.deallocate()
    }

    /// Whether every byte stands for itself inside a JSON string (no `"`, `\\` or control character).
    private static func isPlain(_ bytes: [UInt8]) -> Bool {
        !bytes.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
    }

    /// The primitive type of structural property `entry`, nil when it is complex or a collection.
    @inline(__always)
    func primitiveType(_ entry: Int) -> EdmType? {
        primitives[entry]
    }

    /// The entry whose name equals `key`, trying `hint` (the expected next entry) first.
    @inline(__always)
    func lookup(_ key: ByteSpan, hint: Int) -> Int? {
        if hint < lengths.count, lengths[hint] == key.count, memcmp(storage + offsets[hint], key.start, key.count) == 0 {
            return hint
        }
        return scan(key)
    }

    private func scan(_ key: ByteSpan) -> Int? {
        for entry in 0..<lengths.count where lengths[entry] == key.count {
            if memcmp(storage + offsets[entry], key.start, key.count) == 0 { return entry }
        }
        return nil
    }

    /// The wire name of entry `entry` as bytes (valid while the table is).
    @inline(__always)
    func name(_ entry: Int) -> ByteSpan {
        ByteSpan(start: storage + offsets[entry], count: lengths[entry])
    }

    /// Entry `entry`'s name followed by its closing `"` (eight readable bytes follow its end), or nil when the
    /// name has a byte that a JSON key would have to escape.
    @inline(__always)
    func quotedName(_ entry: Int) -> QuotedName? {
        quotedNames[entry]
    }

    /// Whether `name` is this table's qualified type name.
    func isTypeName(_ name: ByteSpan) -> Bool {
        typeName.withUnsafeBufferPointer { name.equals($0) }
    }
}

/// Name tables by type: each built once per type and kept in the type's `readerCache`.
struct NameTableCache {
    func table(for type: EntityTypeDescriptor) -> NameTable {
        type.readerCache.value { NameTable(entityType: type) }
    }

    func table(for type: ComplexTypeDescriptor) -> NameTable {
        type.readerCache.value { NameTable(complexType: type) }
    }
}
