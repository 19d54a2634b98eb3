import Foundation

/// The wire format for entity payloads.
public enum PayloadFormat: String, Sendable, Hashable {
    /// OData v2 verbose JSON (the default).
    case json
    /// Atom/XML.
    case atom

    /// The codec that reads and writes this format for `service`: the one place that switches over formats.
    public func codec(
        typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)? = nil, service: ServiceDescriptor = .v2
    ) -> any ODataPayloadCodec {
        switch self {
        case .json: return JSONPayloadCodec(typeResolver: typeResolver, service: service)
        case .atom: return AtomPayloadCodec(typeResolver: typeResolver)
        }
    }

    /// The `Accept` header value for entity and feed responses.
    public var acceptHeader: String { codec().acceptHeader }
}

/// Reads and writes OData payloads in one wire format, for requests and responses alike.
/// `OnlineODataProvider` uses the codec of its `Options.format` for every read and write.
public protocol ODataPayloadCodec: Sendable {
    /// The format.
    var format: PayloadFormat { get }
    /// The `Accept` header value for entity, feed, value and `$links` responses.
    var acceptHeader: String { get }
    /// The `Content-Type` of entity bodies (create, update).
    var entityContentType: String { get }
    /// The `Content-Type` of `$links` bodies.
    var linkContentType: String { get }
    /// Whether a response's media type (`application/json`, `application/atom+xml`) is this format.
    func accepts(mediaType: String) -> Bool

    /// A feed.
    func decodeEntityList(_ data: Data, entityType: EntityTypeDescriptor) throws -> EntityList
    /// One entry.
    func decodeEntity(_ data: Data, entityType: EntityTypeDescriptor) throws -> EntityValue
    /// A property or other single value.
    func decodeValue(_ data: Data, type: PropertyType) throws -> EdmValue
    /// A function import's result, by its declared return type.
    func decodeFunctionResult(_ data: Data, function: FunctionImportDescriptor) throws -> FunctionResult
    /// A `$links` answer.
    func decodeLinks(_ data: Data) throws -> LinkList

    /// The body creating an entity (deep insert and binding of loaded navigation properties).
    func encodeForCreate(_ entity: EntityValue) -> Data
    /// The body updating an entity with a mode.
    func encodeForUpdate(_ entity: EntityValue, mode: UpdateMode) -> Data
    /// The body of a `$links` request binding an entity by URI.
    func encodeLink(uri: String) -> Data
}

/// OData verbose JSON (v2's JSON, v3's `odata=verbose`) through `ODataJSONDecoder` and `ODataJSONEncoder`.
public struct JSONPayloadCodec: ODataPayloadCodec {
    /// Resolves derived entity types named in payloads.
    public var typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?
    /// The media type of every JSON request and body: `mediaType(for:)` of the service.
    public let mediaType: String

    /// A codec for `service` (an OData 2.0 one when not given).
    public init(typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)? = nil, service: ServiceDescriptor = .v2) {
        self.typeResolver = typeResolver
        self.mediaType = Self.mediaType(for: service.protocolVersion)
    }

    /// The media type that asks a service of `version` for verbose JSON: `application/json` for OData 1.0 and 2.0,
    /// whose only JSON it is, and `application/json;odata=verbose` for 3.0, whose plain `application/json` is JSON
    /// light ([MS-ODATA] 2.2.5.1.2 and 2.2.5.1.3). The one place that decides it.
    public static func mediaType(for version: ODataVersion) -> String {
        version == .v3 ? "application/json;odata=verbose" : "application/json"
    }

    /// The format this codec reads and writes.
    public var format: PayloadFormat { .json }
    /// The `Accept` header value of reads.
    public var acceptHeader: String { mediaType }
    /// The `Content-Type` of entity bodies.
    public var entityContentType: String { mediaType }
    /// The `Content-Type` of `$links` bodies.
    public var linkContentType: String { mediaType }
    /// Whether a response media type is this format.
    public func accepts(mediaType: String) -> Bool { mediaType.hasSuffix("json") }

    private var decoder: ODataJSONDecoder { ODataJSONDecoder(typeResolver: typeResolver) }

    /// Decodes a feed.
    public func decodeEntityList(_ data: Data, entityType: EntityTypeDescriptor) throws -> EntityList {
        try decoder.decodeEntityList(data, entityType: entityType)
    }
    /// Decodes one entry.
    public func decodeEntity(_ data: Data, entityType: EntityTypeDescriptor) throws -> EntityValue {
        try decoder.decodeEntity(data, entityType: entityType)
    }
    /// Decodes a property or other single value.
    public func decodeValue(_ data: Data, type: PropertyType) throws -> EdmValue {
        try Self.withResultsUnwrapped(data) { try decoder.decodeValue($0, type: type) }
    }
    /// Decodes a function import result by its declared return type.
    public func decodeFunctionResult(_ data: Data, function: FunctionImportDescriptor) throws -> FunctionResult {
        try Self.withResultsUnwrapped(data) { try decoder.decodeFunctionResult($0, function: function) }
    }
    /// Decodes a `$links` answer.
    public func decodeLinks(_ data: Data) throws -> LinkList { try decoder.decodeLinks(data) }
    /// Encodes an entity for creation (deep insert and binding included).
    public func encodeForCreate(_ entity: EntityValue) -> Data { ODataJSONEncoder().encodeForCreate(entity) }
    /// Encodes an entity for an update with a mode.
    public func encodeForUpdate(_ entity: EntityValue, mode: UpdateMode) -> Data { ODataJSONEncoder().encodeForUpdate(entity, mode: mode) }
    /// Encodes a `$links` body binding an entity by URI.
    public func encodeLink(uri: String) -> Data { ODataJSONEncoder().encodeLink(uri: uri) }

    /// Decodes a single JSON value; when that fails on `{"d":{"results":{"Name":value}}}` (the V2 form
    /// some servers, pyslet among them, use for one primitive or complex value) it retries with the
    /// `results` level removed. Other failures are rethrown unchanged.
    static func withResultsUnwrapped<T>(_ body: Data, _ decode: (Data) throws -> T) throws -> T {
        do {
            return try decode(body)
        } catch {
            guard let unwrapped = JSONResultsWrapper.unwrapped(body) else { throw error }
            return try decode(unwrapped)
        }
    }
}

/// Atom/XML through `ODataAtomDecoder` and `ODataAtomEncoder`.
public struct AtomPayloadCodec: ODataPayloadCodec {
    /// Resolves derived entity types named in payloads.
    public var typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?

    /// A codec.
    public init(typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)? = nil) { self.typeResolver = typeResolver }

    /// The format this codec reads and writes.
    public var format: PayloadFormat { .atom }
    /// The `Accept` header value of reads.
    public var acceptHeader: String { "application/atom+xml,application/xml" }
    /// The `Content-Type` of entity bodies.
    public var entityContentType: String { "application/atom+xml;type=entry" }
    /// The `Content-Type` of `$links` bodies.
    public var linkContentType: String { "application/xml" }
    /// Whether a response media type is this format.
    public func accepts(mediaType: String) -> Bool { mediaType.hasSuffix("xml") }

    private var decoder: ODataAtomDecoder { ODataAtomDecoder(typeResolver: typeResolver) }

    /// Decodes a feed.
    public func decodeEntityList(_ data: Data, entityType: EntityTypeDescriptor) throws -> EntityList {
        try decoder.decodeEntityList(data, entityType: entityType)
    }
    /// Decodes one entry.
    public func decodeEntity(_ data: Data, entityType: EntityTypeDescriptor) throws -> EntityValue {
        try decoder.decodeEntity(data, entityType: entityType)
    }
    /// Decodes a property or other single value.
    public func decodeValue(_ data: Data, type: PropertyType) throws -> EdmValue { try decoder.decodeValue(data, type: type) }
    /// Decodes a function import result by its declared return type.
    public func decodeFunctionResult(_ data: Data, function: FunctionImportDescriptor) throws -> FunctionResult {
        try decoder.decodeFunctionResult(data, function: function)
    }
    /// Decodes a `$links` answer.
    public func decodeLinks(_ data: Data) throws -> LinkList { try decoder.decodeLinks(data) }
    /// Encodes an entity for creation (deep insert and binding included).
    public func encodeForCreate(_ entity: EntityValue) -> Data { ODataAtomEncoder().encodeForCreate(entity) }
    /// Encodes an entity for an update with a mode.
    public func encodeForUpdate(_ entity: EntityValue, mode: UpdateMode) -> Data { ODataAtomEncoder().encodeForUpdate(entity, mode: mode) }
    /// Encodes a `$links` body binding an entity by URI.
    public func encodeLink(uri: String) -> Data { ODataAtomEncoder().encodeLink(uri: uri) }
}
