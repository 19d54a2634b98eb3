import Foundation

extension JSONEntityReader {
    // MARK: Feeds

    /// Entities, count and links of a feed: `[…]` (v1) or `{"results":[…],"__count":…,"__next":…}`.
    mutating func readFeed(_ table: NameTable) throws -> EntityList {
        var list = EntityList(entities: [])
        if try scanner.peek() == UInt8(ascii: "[") {
            try readEntries(table, into: &list)
            return list
        }
        try scanner.beginObject()
        var sawResults = false
        var first = true
        while let key = try scanner.nextKey(&first) {
            if key.equals("results") {
                sawResults = true
                try readEntries(table, into: &list)
            } else if key.equals("__count") {
                list.inlineCount = try readCount()
            } else if key.equals("__next") {
                list.nextLink = try readOptionalString()
            } else if key.equals("__delta") {
                list.deltaLink = try readOptionalString()
            } else {
                try scanner.skipValue()
            }
        }
        guard sawResults else { throw scanner.error("expected a \"results\" array in a feed") }
        return list
    }

    mutating func readEntries(_ table: NameTable, into list: inout EntityList) throws {
        try scanner.beginArray()
        var first = true
        var isFirstEntry = true
        var index = 0
        while try scanner.nextElement(&first) {
            let entryStart = scanner.position
            let entity: EntityValue
            do {
                entity = try readEntity(table)
            } catch var error as ODataDecodingError {
                if error.entityIndex == nil { error.entityIndex = index }
                throw error
            }
            index += 1
            if isFirstEntry {
                // Size the array from the first entry, so a large feed is not copied through repeated growth.
                isFirstEntry = false
                let entryBytes = scanner.position - entryStart
                let estimate = (scanner.count - scanner.position) / max(entryBytes, 1)
                if entryBytes >= 64, estimate < 10_000_000 { list.entities.reserveCapacity(estimate + 1) }
            }
            if let deleted = deletedEntryID {
                list.deletedEntryIDs.append(deleted)
                deletedEntryID = nil
            } else {
                list.entities.append(entity)
            }
        }
    }

    /// `__count` as a string or a number.
    mutating func readCount() throws -> Int? {
        if try scanner.consumeNull() { return nil }
        let start = scanner.position
        let span = try scanner.peek() == UInt8(ascii: "\"") ? try scanner.readString() : try scanner.readNumber()
        guard let count = WireValueAdapter.count(span) else {
            throw scanner.error("invalid count \"\(span.string)\"", at: start)
        }
        return count
    }
}
