import Foundation

extension JSONEntityReader {
    /// A navigation property's value: deferred, an inline feed or entry, or null.
    mutating func readNavigation(_ navigation: NavigationDescriptor, metadata: inout EntityMetadata) throws -> NavigationValue {
        switch try scanner.peek() {
        case UInt8(ascii: "n"):
            try scanner.literal("null")
            return navigation.isCollection ? .entities([]) : .entity(nil)
        case UInt8(ascii: "["):
            return .entities(try withNestedEntity { reader in try reader.readFeed(reader.tables.table(for: navigation.targetType)) }.entities)
        case UInt8(ascii: "{"):
            switch try classifyObject() {
            case .deferred: return .deferred(uri: try readDeferred())
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

    /// `{"__deferred":{"uri":"…"}}` → the URI.
    private mutating func readDeferred() throws -> String? {
        var uri: String?
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
                if innerKey.equals("uri") { uri = try readOptionalString() } else { try scanner.skipValue() }
            }
        }
        return uri
    }
}
