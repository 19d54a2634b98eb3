import Foundation

/// Reads OData v2 verbose JSON structures (entries, feeds, navigation, complex values and
/// collections) from a `JSONScanner` straight into entity values, matching keys by bytes.
struct JSONEntityReader {
    var scanner: JSONScanner
    let typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?
    let tables: NameTableCache
    /// The key order of each object type read so far, to match the next key in place.
    let keyOrders: JSONKeyOrders
    /// Set by `readEntity` when the object was a delta response's deleted-entry marker.
    var deletedEntryID: String?
    /// Nesting of inline entries, bounded by the scanner's depth limit as well.
    var entityDepth = 0
    /// The leading part (through the last `/`) of the last entity URI read: entity URIs that start
    /// with the same bytes share this string and keep only their short rest.
    var sharedURIPrefix: SharedURIPrefix?
    /// Where `sharedURIPrefix`'s bytes were read in the payload, for comparing without touching the string.
    var sharedURIPrefixBytes: ByteSpan?
    /// The bytes of the last entity URI read, when they lie in the payload.
    var previousURIBytes: ByteSpan?

    /// A reader of `scanner`'s bytes; `tables` and `keyOrders` carry what readers of earlier bytes of the same
    /// payload learnt (see `JSONFeedReader`), new ones when nil.
    init(
        scanner: JSONScanner, typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?, tables: NameTableCache? = nil,
        keyOrders: JSONKeyOrders? = nil
    ) {
        self.scanner = scanner
        self.typeResolver = typeResolver
        self.tables = tables ?? NameTableCache()
        self.keyOrders = keyOrders ?? JSONKeyOrders()
    }

    // MARK: Entries

    /// Reads an entry object into an entity of `table`'s type (or the derived type its `__metadata.type` names,
    /// switched to where the name is met: `DerivedTypeSwitch`).
    mutating func readEntity(_ initialTable: NameTable) throws -> EntityValue {
        guard try scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.error("expected an entry object, found \(scanner.found)")
        }
        let start = scanner.position
        var table = initialTable
        try scanner.beginObject()
        var seen = SeenEntries()
        var sawMetadata = false
        var values = Self.unloadedValues(table.propertyCount)
        var navigations = NavigationSlots()
        var metadata = EntityMetadata(empty: ())
        // The bytes of `metadata.uri` in the payload (nil when absent, or unescaped into the scratch buffer).
        var uriBytes: ByteSpan?
        var hint = 0
        var readAny = false
        var isDeletedMarker = false
        var markerID: String?
        var first = true
        var order = keyOrders.order(for: table)
        var previous = order.start
        // Where the first key the type being read does not know is, while the type may still change.
        var firstSkippedKey: Int?
        while try scanner.beginKey(&first) {
            let keyOffset = scanner.position
            // The key that followed the previous one last time, matched in place; else read and looked up.
            let predicted = order.predicted(after: previous)
            var key: ByteSpan?
            var slot: Int
            if predicted >= 0, predicted < table.entryCount, let quoted = table.quotedName(predicted), try scanner.consumeKey(quoted) {
                slot = predicted
            } else if predicted == order.metadata, order.metadataKeyIsFree, try scanner.consumeKey("__metadata\"________", length: 11) {
                slot = order.metadata
            } else {
                let read = try scanner.readKeyAtQuote()
                key = read
                if let entry = table.lookup(read, hint: hint) {
                    slot = entry
                } else if read.count == 10, read.equals("__metadata") {
                    slot = order.metadata
                } else {
                    slot = order.other
                }
            }
            order.record(slot, after: previous)
            previous = slot
            if slot < table.entryCount {
                let entry = slot
                hint = entry + 1
                readAny = true
                guard seen.insert(entry) else {
                    throw scanner.error(
                        "property \"\(table.name(entry).string)\" appears twice in one entry",
                        at: key.map { scanner.offset(of: $0) } ?? keyOffset)
                }
                try readMember(entry, of: table, into: &values, navigations: &navigations, metadata: &metadata, uriBytes: uriBytes)
            } else if slot == order.metadata {
                if navigations.derivedLinks != 0 {
                    // A second `__metadata` may change the URI that derived links were checked against.
                    navigations.materializeDerivedLinks(under: metadata.uri, navigations: table.navigations)
                }
                sawMetadata = true
                if let derived = try readEntityMetadata(into: &metadata, uriBytes: &uriBytes, table: table) {
                    if readAny || firstSkippedKey != nil {
                        let switched = DerivedTypeSwitch(
                            from: table, values: values, navigations: navigations, uri: metadata.uri, to: derived)
                        values = switched.values
                        navigations = switched.navigations
                        if let firstSkippedKey {
                            try readSkippedMembers(
                                from: firstSkippedKey, to: keyOffset, base: table, derived: derived, values: &values,
                                navigations: &navigations, metadata: &metadata, uriBytes: uriBytes)
                        }
                        seen = SeenEntries(values: values, navigations: navigations, table: derived)
                    } else {
                        seen = SeenEntries()
                        values = Self.unloadedValues(derived.propertyCount)
                        navigations = NavigationSlots()
                    }
                    table = derived
                    firstSkippedKey = nil
                    order = keyOrders.order(for: table)
                    previous = order.metadata
                }
            } else if let key, key.equals("@odata.context") {
                // A delta response's deleted-entry marker (`…/$deletedEntity`).
                if try readOptionalString()?.hasSuffix("$deletedEntity") == true { isDeletedMarker = true }
            } else if let key, key.equals("id") {
                markerID = try readOptionalString()
            } else {
                if firstSkippedKey == nil { firstSkippedKey = keyOffset }
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
        return EntityValue(type: type, loadedValues: consume values, navigation: consume navigations, metadata: consume metadata)
    }

    /// Reads the value of `table`'s `entry` (a property or a navigation property) into `values` or `navigations`;
    /// an error names the property and the entity.
    @inline(__always)
    mutating func readMember(
        _ entry: Int, of table: NameTable, into values: inout [EdmValue?], navigations: inout NavigationSlots,
        metadata: inout EntityMetadata, uriBytes: ByteSpan?
    ) throws {
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
                    navigation, name: table.name(entry), plainName: table.quotedName(entry) != nil, into: &navigations,
                    count: table.navigations.count, metadata: &metadata, uriBytes: uriBytes)
            }
        } catch var error as ODataDecodingError {
            error.locate(property: table.name(entry).string, key: metadata.uri ?? Self.keyText(values, table))
            throw error
        }
    }

    /// `count` empty value slots. Reserved, then appended: the allocation of `Array(repeating:count:)` looks its
    /// storage class up in the runtime's generic metadata cache on every call, `reserveCapacity` finds it directly.
    @inline(__always)
    static func unloadedValues(_ count: Int) -> [EdmValue?] {
        var values: [EdmValue?] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(nil) }
        return values
    }

    /// Reads `__metadata`; returns a derived type's table when `type` names one.
    private mutating func readEntityMetadata(
        into metadata: inout EntityMetadata, uriBytes: inout ByteSpan?, table: NameTable
    ) throws -> NameTable? {
        if try scanner.consumeNull() { return nil }
        try scanner.beginObject()
        var derived: NameTable?
        var first = true
        let order = keyOrders.metadataOrder
        var previous = order.start
        while try scanner.beginKey(&first) {
            // As for an entry's keys: the key that followed the previous one last time, matched in place.
            let predicted = order.predicted(after: previous)
            var slot: Int
            if predicted >= 0, predicted < MetadataKey.count, try scanner.consumeKey(MetadataKey.quoted(predicted)) {
                slot = predicted
            } else {
                slot = MetadataKey.slot(of: try scanner.readKeyAtQuote()) ?? order.other
            }
            order.record(slot, after: previous)
            previous = slot
            switch slot {
            case MetadataKey.uri: uriBytes = try readEntityURI(into: &metadata)
            case MetadataKey.type:
                if try scanner.consumeNull() { continue }
                // Usually the expected type, compared in place.
                if let quoted = table.quotedTypeName, scanner.consumeString(quoted) {
                    metadata.typeName = table.entityTypeName
                    continue
                }
                let name = try scanner.readString()
                if table.isTypeName(name) {
                    metadata.typeName = table.entityTypeName
                    continue
                }
                let typeName = name.string
                metadata.typeName = typeName
                guard let expected = table.entityType else { continue }
                switch expected.payloadType(named: typeName, resolver: typeResolver) {
                case .keep: break
                case .derived(let type): derived = tables.table(for: type)
                case .unrelated(let message): throw scanner.error("__metadata.type \(message)", at: scanner.offset(of: name))
                }
            case MetadataKey.etag: metadata.etag = try readOptionalString()
            case MetadataKey.mediaSource: metadata.mediaReadLink = try readOptionalString()
            case MetadataKey.editMedia: metadata.mediaEditLink = try readOptionalString()
            case MetadataKey.mediaETag: metadata.mediaETag = try readOptionalString()
            case MetadataKey.contentType: metadata.mediaContentType = try readOptionalString()
            default: try scanner.skipValue()
            }
        }
        return derived
    }

    /// Reads `__metadata.uri`, keeping it as a prefix shared with other entities of the payload and a rest of at
    /// most 15 bytes where it can, so that the rest is a `String` without an allocation (`Items(42)`,
    /// `…'500000042')`): the current shared prefix when the URI starts with it and the rest is that short; else
    /// the URI's leading part through its last `/`, or, when the rest after that would be longer, through the
    /// last character the URI has in common with the previous entity's URI (keys written in full, such as
    /// `SalesOrderItems(ItemNumber%3D10%2CSalesOrderId%3D'500000001')`, differ only at their end).
    /// Returns the URI's bytes when they lie in the payload (valid for the whole decoding run).
    private mutating func readEntityURI(into metadata: inout EntityMetadata) throws -> ByteSpan? {
        if try scanner.consumeNull() {
            metadata.uri = nil
            return nil
        }
        let span = try scanner.readString()
        let inPayload = scanner.contains(span)
        let previous = previousURIBytes
        previousURIBytes = inPayload ? span : nil
        if let shared = sharedURIPrefix, let sharedBytes = sharedURIPrefixBytes, span.count >= sharedBytes.count,
            span.count - sharedBytes.count <= Self.inlineStringBytes, sharedBytes.isPrefix(of: span)
        {
            metadata.setURI(sharedPrefix: shared, rest: Self.rest(of: span, after: sharedBytes.count))
            return inPayload ? span : nil
        }
        var slash = span.count - 1
        while slash >= 0, span[slash] != UInt8(ascii: "/") { slash -= 1 }
        guard slash >= 0 else {
            metadata.uri = span.string
            return inPayload ? span : nil
        }
        var prefixLength = slash + 1
        if span.count - prefixLength > Self.inlineStringBytes, let previous {
            // Cut where the URIs part, at the start of a character (not inside a UTF-8 sequence).
            var common = 0
            let limit = min(span.count, previous.count)
            while common < limit, span[common] == previous[common] { common += 1 }
            while common > prefixLength, common < span.count, span[common] & 0xC0 == 0x80 { common -= 1 }
            if common > prefixLength, span.count - common <= Self.inlineStringBytes { prefixLength = common }
        }
        let prefix = ByteSpan(start: span.start, count: prefixLength)
        if let shared = sharedURIPrefix,
            sharedURIPrefixBytes.map({ prefix.equals($0.buffer) }) ?? shared.hasBytes(prefix)
        {
            metadata.setURI(sharedPrefix: shared, rest: Self.rest(of: span, after: prefixLength))
        } else {
            sharedURIPrefix = SharedURIPrefix(prefix.string)
            sharedURIPrefixBytes = inPayload ? prefix : nil
            metadata.uri = span.string
        }
        return inPayload ? span : nil
    }

    /// The most UTF-8 bytes a `String` holds without an allocation.
    static let inlineStringBytes = 15

    /// The bytes of `span` after its first `count` as a `String`.
    @inline(__always)
    private static func rest(of span: ByteSpan, after count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: span.start + count, count: span.count - count), as: UTF8.self)
    }

    /// The keys of `__metadata` the reader knows, as slots of their key order (`id` only to predict the key after it).
    enum MetadataKey {
        static let uri = 0
        static let type = 1
        static let etag = 2
        static let id = 3
        static let mediaSource = 4
        static let editMedia = 5
        static let mediaETag = 6
        static let contentType = 7
        static let count = 8

        /// Slot `slot`'s key, its closing quote and eight padding bytes (see `JSONScanner.consumeKey`).
        @inline(__always)
        static func quoted(_ slot: Int) -> QuotedName {
            let (text, length): (StaticString, Int)
            switch slot {
            case uri: (text, length) = ("uri\"________", 4)
            case type: (text, length) = ("type\"________", 5)
            case etag: (text, length) = ("etag\"________", 5)
            case id: (text, length) = ("id\"________", 3)
            case mediaSource: (text, length) = ("media_src\"________", 10)
            case editMedia: (text, length) = ("edit_media\"________", 11)
            case mediaETag: (text, length) = ("media_etag\"________", 11)
            default: (text, length) = ("content_type\"________", 13)
            }
            return QuotedName(ByteSpan(start: text.utf8Start, count: length))
        }

        /// The slot of a key read in full; nil for a key the reader skips.
        static func slot(of key: ByteSpan) -> Int? {
            switch key.count {
            case 2 where key.equals("id"): return id
            case 3 where key.equals("uri"): return uri
            case 4 where key.equals("type"): return type
            case 4 where key.equals("etag"): return etag
            case 9 where key.equals("media_src"): return mediaSource
            case 10 where key.equals("edit_media"): return editMedia
            case 10 where key.equals("media_etag"): return mediaETag
            case 12 where key.equals("content_type"): return contentType
            default: return nil
            }
        }
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
