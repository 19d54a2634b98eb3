import Foundation

extension JSONEntityReader {
    /// Reads a navigation property's value into `slots`: a deferred link at `<entity uri>/<name>` as a derived
    /// link (no string stored), any other link, an inline feed or entry, or null as an explicit state.
    /// `name` is the navigation property's name as bytes, `plainName` whether they stand for themselves in a JSON
    /// string; `uriBytes` the entity URI's bytes when at hand (the check falls back to `metadata.uri` without them).
    mutating func readNavigation(
        _ navigation: NavigationDescriptor, name: ByteSpan, plainName: Bool, into slots: inout NavigationSlots, count: Int,
        metadata: inout EntityMetadata, uriBytes: ByteSpan?
    ) throws {
        guard try scanner.peek() == UInt8(ascii: "{") else {
            slots.setExplicit(try readNavigationValue(navigation, metadata: &metadata), at: navigation.index, count: count)
            return
        }
        // The usual case first: the link is `<entity uri>/<name>`, compared in place (the URI's bytes were read from
        // the payload without escapes, so they stand for themselves).
        if let uriBytes, plainName, navigation.index < NavigationSlots.derivableCount,
            scanner.consumeCompactDeferred(uri: uriBytes, name: name)
        {
            slots.setDerived(navigation.index)
            return
        }
        let deferred: ByteSpan?
        if let compact = try scanner.readCompactDeferred() {
            deferred = compact
        } else if try classifyObject() == .deferred {
            deferred = try readDeferred()
        } else {
            slots.setExplicit(try readNavigationValue(navigation, metadata: &metadata), at: navigation.index, count: count)
            return
        }
        if let deferred, navigation.index < NavigationSlots.derivableCount,
            uriBytes.map({ deferred.equals($0, then: UInt8(ascii: "/"), then: name) })
                ?? metadata.isURI(deferred.buffer, followedBySlashAnd: navigation.name)
        {
            slots.setDerived(navigation.index)
        } else {
            slots.setExplicit(.deferred(uri: deferred?.string), at: navigation.index, count: count)
        }
    }

    /// A navigation property's value: deferred, an inline feed or entry, or null.
    private mutating func readNavigationValue(_ navigation: NavigationDescriptor, metadata: inout EntityMetadata) throws -> NavigationValue
    {
        switch try scanner.peek() {
        case UInt8(ascii: "n"):
            try scanner.literal("null")
            return navigation.isCollection ? .entities([]) : .entity(nil)
        case UInt8(ascii: "["):
            return .entities(
                try withNestedEntity { reader in try reader.readFeed(reader.tables.table(for: navigation.targetType)) }.entities)
        case UInt8(ascii: "{"):
            switch try classifyObject() {
            case .deferred: return .deferred(uri: try readDeferred()?.string)
            case .empty:
                try scanner.skipValue()
                return .deferred(uri: nil)
            case .feed:
                let list = try withNestedEntity { reader in try reader.readFeed(reader.tables.table(for: navigation.targetType)) }
                if list.inlineCount != nil || list.nextLink != nil {
                    metadata.inlineFeeds[navigation.name] = InlineFeedInfo(count: list.inlineCount, nextLink: list.nextLink)
                }
                return .entities(list.entities)
            case .link, .other:
                let entity = try withNestedEntity { reader in try reader.readEntity(reader.tables.table(for: navigation.targetType)) }
                return navigation.isCollection ? .entities([entity]) : .entity(entity)
            }
        default:
            throw scanner.error("expected a navigation property value (object, array or null), found \(scanner.found)")
        }
    }

    private mutating func withNestedEntity<R>(_ body: (inout JSONEntityReader) throws -> R) throws -> R {
        entityDepth += 1
        defer { entityDepth -= 1 }
        guard entityDepth <= 32 else { throw scanner.error("inline expansions nested deeper than 32 levels") }
        return try body(&self)
    }

    /// `{"__deferred":{"uri":"…"}}` → the URI's bytes (valid until the next string is read), nil when absent or null.
    private mutating func readDeferred() throws -> ByteSpan? {
        var uri: ByteSpan?
        try scanner.beginObject()
        var first = true
        while let key = try scanner.nextKey(&first) {
            guard key.equals("__deferred"), try scanner.peek() == UInt8(ascii: "{") else {
                try scanner.skipValue()
                continue
            }
            try scanner.beginObject()
            var innerFirst = true
            while let innerKey = try scanner.nextKey(&innerFirst) {
                if innerKey.equals("uri") {
                    uri = try scanner.consumeNull() ? nil : try scanner.readString()
                } else {
                    try scanner.skipValue()
                }
            }
        }
        return uri
    }
}
