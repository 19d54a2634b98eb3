import Foundation

/// Decodes OData v2 verbose JSON payloads straight from bytes into entities and values.
///
/// Accepts the `{"d": …}` wrapper and payloads without it, v2 feeds (`{"results": […]}`) and
/// v1 feeds (a bare array). Properties the type does not declare are skipped (an entity holds
/// only declared properties); `__metadata.type` naming a derived type switches to that type
/// when `typeResolver` knows it. A body that is not an OData v2 payload is refused rather than read as
/// empty entities: an entry object must hold `__metadata` or a property of its type; a `__metadata.type`
/// that `typeResolver` resolves to a type neither expected nor derived from it, a JSON number or
/// boolean for `Edm.String`, and a property named twice in one object are errors; JSON light
/// (`odata.metadata`, `@odata.context`) is refused by name. A body of the form `{"error": …}` is thrown as an
/// `ODataErrorBody`; anything malformed as an `ODataDecodingError` with its byte offset.
public struct ODataJSONDecoder: Sendable {
    /// Finds an entity type by qualified name, for derived types named in `__metadata.type`.
    public var typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?

    /// A decoder; `typeResolver` resolves derived entity types (none when nil).
    public init(typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)? = nil) {
        self.typeResolver = typeResolver
    }

    /// A feed: entities with `__count`, `__next` and, for delta responses, `__delta` and deleted entries.
    /// A single entry is read as a one-entity list.
    public func decodeEntityList(_ data: Data, entityType: EntityTypeDescriptor) throws -> EntityList {
        try data.withUnsafeBytes { try decodeEntityList($0, entityType: entityType) }
    }

    /// A feed read from bytes in place (the runs of a streamed page).
    func decodeEntityList(_ bytes: UnsafeRawBufferPointer, entityType: EntityTypeDescriptor) throws -> EntityList {
        try read(bytes) { reader in
            let table = reader.tables.table(for: entityType)
            if try reader.scanner.peek() == UInt8(ascii: "{"), try reader.classifyObject() != .feed {
                return EntityList(entities: [try reader.readEntity(table)])
            }
            return try reader.readFeed(table)
        }
    }

    /// A single entry.
    public func decodeEntity(_ data: Data, entityType: EntityTypeDescriptor) throws -> EntityValue {
        try read(data) { reader in
            let table = reader.tables.table(for: entityType)
            if try reader.scanner.peek() == UInt8(ascii: "[") || reader.classifyObject() == .feed {
                let list = try reader.readFeed(table)
                guard list.entities.count == 1, let entity = list.entities.first else {
                    throw reader.scanner.error("expected one entry, found a feed of \(list.entities.count)")
                }
                return entity
            }
            return try reader.readEntity(table)
        }
    }

    /// A single property (`{"d":{"Name":…}}`, also unwrapped).
    public func decodeProperty(_ data: Data, property: PropertyDescriptor) throws -> EdmValue {
        try decodeValue(data, type: property.type)
    }

    /// A value of a property type: a primitive, complex value or collection, as returned for a property
    /// or a function import (`{"d":{"Name":…}}`, `{"d":{"results":[…]}}`, `{"d":[…]}` or `{"d":{…complex…}}`).
    public func decodeValue(_ data: Data, type: PropertyType) throws -> EdmValue {
        try read(data) { reader in try reader.readWrappedValue(type, mayUnwrap: true) }
    }

    /// The URIs of a `$links` response (`{"d":{"results":[{"uri":…}]}}`, `{"d":[…]}` or `{"d":{"uri":…}}`).
    public func decodeLinks(_ data: Data) throws -> LinkList {
        try read(data) { reader in try reader.readLinks() }
    }

    /// The result of a function import, decoded by its declared return type.
    public func decodeFunctionResult(_ data: Data, function: FunctionImportDescriptor) throws -> FunctionResult {
        try FunctionResult.decoded(
            as: function.returnType, value: { try decodeValue(data, type: $0) }, entity: { try decodeEntity(data, entityType: $0) },
            entities: { try decodeEntityList(data, entityType: $0).entities })
    }

    /// Runs `body` on a reader positioned at the payload's content (inside `{"d": …}` when present).
    func read<R>(_ data: Data, _ body: (inout JSONEntityReader) throws -> R) throws -> R {
        try data.withUnsafeBytes { raw in try read(raw, body) }
    }

    /// Runs `body` on a reader of `raw`, positioned at the payload's content.
    func read<R>(_ raw: UnsafeRawBufferPointer, _ body: (inout JSONEntityReader) throws -> R) throws -> R {
        guard raw.count > 0, let base = raw.baseAddress else {
            throw ODataDecodingError(format: .json, offset: 0, line: 1, column: 1, message: "empty payload")
        }
        let scanner = JSONScanner(bytes: raw, base: base.assumingMemoryBound(to: UInt8.self))
        var reader = JSONEntityReader(scanner: scanner, typeResolver: typeResolver)
        if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF { reader.scanner.position = 3 }
        let wrapped = try reader.enterPayload()
        let result = try body(&reader)
        try reader.leavePayload(wrapped: wrapped)
        return result
    }
}

/// The result of a `$links` request.
public struct LinkList: Sendable, Hashable {
    /// The URIs of the linked entities.
    public var uris: [String]
    /// `__count` when requested.
    public var count: Int?
    /// The next link for server-driven paging.
    public var nextLink: String?

    /// Creates a result.
    public init(uris: [String], count: Int? = nil, nextLink: String? = nil) {
        self.uris = uris
        self.count = count
        self.nextLink = nextLink
    }
}
