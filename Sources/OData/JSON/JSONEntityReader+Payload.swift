import Foundation

extension JSONEntityReader {
    /// Positions at the content: inside `{"d": …}` (returns true) or at the whole value (returns false).
    /// A top-level `{"error": …}` is thrown as the `ODataErrorBody` it describes.
    mutating func enterPayload() throws -> Bool {
        let byte = try scanner.peek()
        guard byte == UInt8(ascii: "{") else {
            if byte == UInt8(ascii: "[") { return false }
            throw scanner.error("expected a JSON object, found \(scanner.found)")
        }
        let position = scanner.position
        let depth = scanner.depth
        try scanner.beginObject()
        var first = true
        if let key = try scanner.nextKey(&first) {
            if key.equals("d") { return true }
            if key.equals("odata.metadata") || key.equals("@odata.context") {
                // [MS-ODATA] v2 has only verbose JSON; JSON light (v3 `odata.metadata`, v4 `@odata.context`)
                // keeps types, links and counts elsewhere, so reading it as verbose JSON would lose them.
                throw scanner.error(
                    "a JSON light payload (\"\(key.string)\") is not verbose JSON; an OData 3.0 service answers "
                        + "verbose JSON to application/json;odata=verbose, which a provider asks for once it knows the "
                        + "service (a generated container over it, its loadDataModel() or adopt(_:))", at: position)
            }
            if key.equals("error") {
                let bytes = UnsafeRawBufferPointer(rebasing: scanner.bytes[position...])
                let data = Data(bytes)
                throw ODataErrorBody.parsed(ODataErrorBody.parseJSON(data), from: data)
            }
        }
        scanner.position = position
        scanner.depth = depth
        return false
    }

    /// Skips what follows the content inside the wrapper and checks that nothing follows the payload.
    mutating func leavePayload(wrapped: Bool) throws {
        if wrapped {
            var first = false
            while try scanner.nextKey(&first) != nil { try scanner.skipValue() }
        }
        try scanner.expectEnd()
    }

    /// A value of `type`, accepting a one-key wrapper object (`{"Name": value}`) once.
    mutating func readWrappedValue(_ type: PropertyType, mayUnwrap: Bool) throws -> EdmValue {
        let byte = try scanner.peek()
        guard byte == UInt8(ascii: "{"), mayUnwrap else { return try readValue(type) }
        let firstKey = try peekFirstKey()
        let isDirect: Bool
        switch type {
        case .primitive: isDirect = false
        case .complex(let complexType):
            isDirect = firstKey == nil || firstKey == "__metadata" || complexType.property(named: firstKey ?? "") != nil
        case .primitiveCollection, .complexCollection:
            isDirect = firstKey == nil || firstKey == "results" || firstKey == "__metadata"
        }
        if isDirect { return try readValue(type) }
        try scanner.beginObject()
        var first = true
        var value: EdmValue?
        while try scanner.nextKey(&first) != nil {
            if value == nil { value = try readWrappedValue(type, mayUnwrap: false) } else { try scanner.skipValue() }
        }
        return value ?? .null
    }

    /// The first key of the object at the current position, without consuming anything.
    private mutating func peekFirstKey() throws -> String? {
        let position = scanner.position
        let depth = scanner.depth
        defer {
            scanner.position = position
            scanner.depth = depth
        }
        try scanner.beginObject()
        var first = true
        return try scanner.nextKey(&first)?.string
    }

    /// `$links` content: a feed of `{"uri":…}` objects, a bare array, or one `{"uri":…}`.
    mutating func readLinks() throws -> LinkList {
        var list = LinkList(uris: [])
        let byte = try scanner.peek()
        if byte == UInt8(ascii: "[") {
            list.uris = try readLinkArray()
            return list
        }
        guard byte == UInt8(ascii: "{") else { throw scanner.error("expected links, found \(scanner.found)") }
        try scanner.beginObject()
        var first = true
        while let key = try scanner.nextKey(&first) {
            if key.equals("results") {
                list.uris = try readLinkArray()
            } else if key.equals("uri") {
                if let uri = try readOptionalString() { list.uris.append(uri) }
            } else if key.equals("__count") {
                list.count = try readCount()
            } else if key.equals("__next") {
                list.nextLink = try readOptionalString()
            } else {
                try scanner.skipValue()
            }
        }
        return list
    }

    private mutating func readLinkArray() throws -> [String] {
        var uris: [String] = []
        try scanner.beginArray()
        var first = true
        while try scanner.nextElement(&first) {
            try scanner.beginObject()
            var innerFirst = true
            while let key = try scanner.nextKey(&innerFirst) {
                if key.equals("uri") {
                    if let uri = try readOptionalString() { uris.append(uri) }
                } else {
                    try scanner.skipValue()
                }
            }
        }
        return uris
    }
}
