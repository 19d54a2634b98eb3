import Foundation

/// Decodes OData v2 Atom/XML payloads: the usual shape of document is read straight from its bytes, anything
/// else (and every malformed document) with libxml2's streaming SAX2 parser, with the same results.
///
/// Reads `<feed>` (with `m:count` and the next link) and `<entry>` (`<id>`, `m:etag`, the
/// `category` type, edit and edit-media links, navigation links with nested `m:inline` feeds and
/// entries, `m:properties` inside `<content>` or directly under the entry for media-link entries,
/// `m:null`, complex properties and collections of `d:element`). Relative links are resolved
/// against `xml:base`. Properties the type does not declare are skipped. An `m:error` document is
/// thrown as an `ODataErrorBody`; malformed XML, any DOCTYPE and unexpected content as an
/// `ODataDecodingError`. Text in UTF-8, UTF-16 (with a byte-order mark), or ISO-8859-1 or Windows-1252
/// named by the XML declaration is read; any other declared encoding is an error that names it.
public struct ODataAtomDecoder: Sendable {
    /// Finds an entity type by qualified name, for derived types named in `<category term>`.
    public var typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?
    /// Whether documents of the usual shape are read straight from their bytes (`AtomDirectScanner`); when
    /// false, libxml2 reads every document. Both give the same results: the differential checks of the tests
    /// and the Atom fuzz target compare them.
    package var usesDirectScanner = true

    /// A decoder; `typeResolver` resolves derived entity types (none when nil).
    public init(typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)? = nil) {
        self.typeResolver = typeResolver
    }

    /// A feed (a single `<entry>` gives a one-entity list).
    public func decodeEntityList(_ data: Data, entityType: EntityTypeDescriptor) throws -> EntityList {
        let reader = try parse(data, entityType: entityType)
        if let list = reader.rootList { return list }
        return EntityList(entities: reader.rootEntity.map { [$0] } ?? [])
    }

    /// A single `<entry>` (a feed of exactly one entry is accepted).
    public func decodeEntity(_ data: Data, entityType: EntityTypeDescriptor) throws -> EntityValue {
        let reader = try parse(data, entityType: entityType)
        if let entity = reader.rootEntity { return entity }
        guard let list = reader.rootList, list.entities.count == 1, let entity = list.entities.first else {
            throw ODataDecodingError(
                format: .atom, offset: 0, line: 1, column: 1,
                message: "expected one entry, found a feed of \(reader.rootList?.entities.count ?? 0)")
        }
        return entity
    }

    /// A single property document (`<d:Name m:type="…">…</d:Name>`).
    public func decodeProperty(_ data: Data, property: PropertyDescriptor) throws -> EdmValue {
        try decodeValue(data, type: property.type)
    }

    /// A value document: a primitive, a complex value, or a collection of `d:element`s.
    public func decodeValue(_ data: Data, type: PropertyType) throws -> EdmValue {
        let reader = try data.withUnsafeBytes { bytes in
            try AtomSAXSession.parse(
                bytes, expectation: .value(type), typeResolver: typeResolver, tables: NameTableCache(), direct: usesDirectScanner)
        }
        return reader.rootValue ?? .null
    }

    /// A `$links` document (`<links><uri>…</uri></links>` or a single `<uri>`).
    public func decodeLinks(_ data: Data) throws -> LinkList {
        try data.withUnsafeBytes { bytes in
            try AtomSAXSession.parse(
                bytes, expectation: .links, typeResolver: typeResolver, tables: NameTableCache(), direct: usesDirectScanner)
        }.linkList
    }

    /// The result of a function import, decoded by its declared return type.
    public func decodeFunctionResult(_ data: Data, function: FunctionImportDescriptor) throws -> FunctionResult {
        try FunctionResult.decoded(
            as: function.returnType, value: { try decodeValue(data, type: $0) }, entity: { try decodeEntity(data, entityType: $0) },
            entities: { try decodeEntityList(data, entityType: $0).entities })
    }

    private func parse(_ data: Data, entityType: EntityTypeDescriptor) throws -> AtomReader {
        let tables = NameTableCache()
        let table = tables.table(for: entityType)
        return try data.withUnsafeBytes { bytes in
            try AtomSAXSession.parse(
                bytes, expectation: .entities(table), typeResolver: typeResolver, tables: tables, direct: usesDirectScanner)
        }
    }
}
