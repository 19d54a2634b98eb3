import Foundation

/// Reads OData v2 verbose JSON structures (entries, feeds, navigation, complex values and
/// collections) from a `JSONScanner` straight into entity values, matching keys by bytes.
struct JSONEntityReader {
    var scanner: JSONScanner
    let typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?
    let tables = NameTableCache()
    /// Set by `readEntity` when the object was a delta response's deleted-entry marker.
    var deletedEntryID: String?
    /// Nesting of inline entries, bounded by the scanner's depth limit as well.
    var entityDepth = 0
    /// The leading part (through the last `/`) of the last entity URI read: entity URIs that start
    /// with the same bytes share this string and keep only their short rest.
    var sharedURIPrefix: SharedURIPrefix?
    /// Where `sharedURIPrefix`'s bytes were read in the payload, for comparing without touching the string.
    var sharedURIPrefixBytes: ByteSpan?

    init(scanner: JSONScanner, typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?) {
        self.scanner = scanner
        self.typeResolver = typeResolver
    }

    // MARK: Entries

    /// Reads an entry object into an entity of `table`'s type (or the derived type its `__metadata.type` names).
    mutating func readEntity(_ initialTable: NameTable) throws -> EntityValue {
        guard try scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.error("expected an entry object, found \(scanner.found)")
        }
        let start = scanner.position
        let startDepth = scanner.depth
        var table = initialTable
        var typeFixed = false
        while true {
            let result = try readEntityBody(table, typeFixed: typeFixed, start: start)
            switch result {
            case .entity(let entity): return entity
            case .restart(let derived):
                // `__metadata.type` named a derived type after some properties: read the object again as that type.
                scanner.position = start
                scanner.depth = startDepth
                table = derived
                typeFixed = true
            }
        }
    }

    private enum EntityResult {
        case entity(EntityValue)
        case restart(NameTable)
    }

    private mutating func readEntityBody(_ initialTable: NameTable, typeFixed: Bool, start: Int) throws -> EntityResult {
        var table = initialTable
        try scanner.beginObject()
        var seen = SeenEntries()
        var sawMetadata = false
        var values = [EdmValue?](repeating: nil, count: table.propertyCount)
        var navigations = NavigationSlots()
        var metadata = EntityMetadata()
        // The bytes of `metadata.uri` in the payload (nil when absent, or unescaped into the scratch buffer).
        var uriBytes: ByteSpan?
        var hint = 0
        var readAny = false
        var isDeletedMarker = false
        var markerID: String?
        var first = true
        while let key = try scanner.nextKey(&first) {
            if let entry = table.lookup(key, hint: hint) {
                hint = entry + 1
                readAny = true
                guard seen.insert(entry) else {
                    throw scanner.error("property \"\(table.name(entry).string)\" appears twice in one entry", at: scanner.offset(of: key))
                }
                do {
                    if entry < table.propertyCount {
                        if let primitive = table.primitiveType(entry) {
                            values[entry] = try readPrimitive(primitive)
                        } else {
                            values[entry] = try readPropertyValue(table.properties[entry])
                        }
                    } else {
                        let navigation = table.navigations[entry - table.propertyCount]
                        try readNavigation(
                            navigation, name: table.name(entry), into: &navigations, count: table.navigations.count,
                            metadata: &metadata, uriBytes: uriBytes)
                    }
                } catch var error as ODataDecodingError {
                    error.locate(property: table.name(entry).string, key: metadata.uri ?? Self.keyText(values, table))
                    throw error
                }
            } else if key.count == 10, key.equals("__metadata") {
                if navigations.derivedLinks != 0 {
                    // A second `__metadata` may change the URI that derived links were checked against.
                    navigations.materializeDerivedLinks(under: metadata.uri, navigations: table.navigations)
                }
                sawMetadata = true
                if let derived = try readEntityMetadata(into: &metadata, uriBytes: &uriBytes, table: table, typeFixed: typeFixed) {
                    if readAny { return .restart(derived) }
                    seen = SeenEntries()
                    table = derived
                    values = [EdmValue?](repeating: nil, count: table.propertyCount)
                    navigations = NavigationSlots()
                }
            } else if key.equals("@odata.context") {
                // A delta response's deleted-entry marker (`…/$deletedEntity`).
                if try readOptionalString()?.hasSuffix("$deletedEntity") == true { isDeletedMarker = true }
            } else if key.equals("id") {
                markerID = try readOptionalString()
            } else {
                try scanner.skipValue()
            }
        }
        if isDeletedMarker { deletedEntryID = markerID ?? "" }
        guard readAny || metadata.uri != nil || metadata.typeName != nil || isDeletedMarker else {
            let name = table.entityType?.qualifiedName ?? "entity"
            let what = sawMetadata ? "a \"__metadata\" without uri or type" : "neither \"__metadata\""
            throw scanner.error("not an OData entry: an object with \(what) nor a property of \(name)", at: start)
        }
        guard let type = table.entityType else { throw scanner.error("internal: entity table without an entity type") }
        return .entity(EntityValue(type: type, loadedValues: values, navigation: navigations, metadata: metadata))
    }

    /// Reads `__metadata`; returns a derived type's table when `type` names one.
    private mutating func readEntityMetadata(
        into metadata: inout EntityMetadata, uriBytes: inout ByteSpan?, table: NameTable, typeFixed: Bool
    ) throws -> NameTable? {
        if try scanner.consumeNull() { return nil }
        try scanner.beginObject()
        var derived: NameTable?
        var first = true
        while let key = try scanner.nextKey(&first) {
            switch key.count {
            case 3 where key.equals("uri"): uriBytes = try readEntityURI(into: &metadata)
            case 4 where key.equals("type"):
                if try scanner.consumeNull() { continue }
                let name = try scanner.readString()
                if table.isTypeName(name) {
                    metadata.typeName = table.entityType?.qualifiedName
                    continue
                }
                let typeName = name.string
                metadata.typeName = typeName
                guard !typeFixed, let expected = table.entityType else { continue }
                switch expected.payloadType(named: typeName, resolver: typeResolver) {
                case .keep: break
                case .derived(let type): derived = tables.table(for: type)
                case .unrelated(let message): throw scanner.error("__metadata.type \(message)", at: scanner.offset(of: name))
                }
            case 4 where key.equals("etag"): metadata.etag = try readOptionalString()
            case 9 where key.equals("media_src"): metadata.mediaReadLink = try readOptionalString()
            case 10 where key.equals("edit_media"): metadata.mediaEditLink = try readOptionalString()
            case 10 where key.equals("media_etag"): metadata.mediaETag = try readOptionalString()
            case 12 where key.equals("content_type"): metadata.mediaContentType = try readOptionalString()
            default: try scanner.skipValue()
            }
        }
        return derived
    }

    /// Reads `__metadata.uri`; its leading part (through the last `/`) shares storage with the previous
    /// entity's when the bytes are the same, so that only the short rest (`Items(42)`) is stored per entity.
    /// Returns the URI's bytes when they lie in the payload (valid for the whole decoding run).
    private mutating func readEntityURI(into metadata: inout EntityMetadata) throws -> ByteSpan? {
        if try scanner.consumeNull() {
            metadata.uri = nil
            return nil
        }
        let span = try scanner.readString()
        let inPayload = scanner.contains(span)
        var slash = span.count - 1
        while slash >= 0, span[slash] != UInt8(ascii: "/") { slash -= 1 }
        guard slash >= 0 else {
            metadata.uri = span.string
            return inPayload ? span : nil
        }
        let prefix = ByteSpan(start: span.start, count: slash + 1)
        let rest = UnsafeBufferPointer(start: span.start + prefix.count, count: span.count - prefix.count)
        if let shared = sharedURIPrefix,
            sharedURIPrefixBytes.map({ prefix.equals($0.buffer) }) ?? shared.hasBytes(prefix)
        {
            metadata.setURI(sharedPrefix: shared, rest: String(decoding: rest, as: UTF8.self))
        } else {
            sharedURIPrefix = SharedURIPrefix(prefix.string)
            sharedURIPrefixBytes = inPayload ? prefix : nil
            metadata.uri = span.string
        }
        return inPayload ? span : nil
    }

    /// A string, or nil for `null`; other kinds of value are an error.
    mutating func readOptionalString() throws -> String? {
        if try scanner.consumeNull() { return nil }
        return try scanner.readString().string
    }

    /// What the next object is, judged by its first key, without consuming it.
    mutating func classifyObject() throws -> ObjectKind {
        let position = scanner.position
        let depth = scanner.depth
        defer {
            scanner.position = position
            scanner.depth = depth
        }
        try scanner.beginObject()
        var first = true
        guard let key = try scanner.nextKey(&first) else { return .empty }
        if key.equals("__deferred") { return .deferred }
        if key.equals("results") || key.equals("__count") || key.equals("__next") || key.equals("__delta") { return .feed }
        if key.equals("uri") { return .link }
        return .other
    }

    /// The kinds of object the first key tells apart.
    enum ObjectKind {
        case empty, deferred, feed, link, other
    }
}
