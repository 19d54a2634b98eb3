import Foundation

/// Options for one request.
public struct RequestOptions: Sendable {
    /// How an update is sent.
    public var updateMode: UpdateMode
    /// Send `X-HTTP-Method` tunnelling (POST) for MERGE, PATCH, PUT and DELETE.
    public var tunnelsHTTPMethod: Bool

    /// Default options: MERGE updates, no tunnelling.
    public init(updateMode: UpdateMode = .merge, tunnelsHTTPMethod: Bool = false) {
        self.updateMode = updateMode
        self.tunnelsHTTPMethod = tunnelsHTTPMethod
    }
}

/// How an update is sent.
public enum UpdateMode: String, Sendable, Hashable {
    /// `MERGE` with only changed properties (OData v2's partial update; the default).
    case merge = "MERGE"
    /// `PATCH` with only changed properties.
    case patch = "PATCH"
    /// `PUT` with every property (full replace).
    case replace = "PUT"
}

/// The result of reading a collection: the entities plus paging facts.
public struct EntityList: Sendable {
    /// The entities of this page.
    public var entities: [EntityValue]
    /// `__count` / `m:count` when `$inlinecount` was requested.
    public var inlineCount: Int?
    /// The next link for server-driven paging, if any.
    public var nextLink: String?
    /// The delta link of a delta response (`__delta`), if any.
    public var deltaLink: String?
    /// The ids of entries a delta response reports as deleted.
    public var deletedEntryIDs: [String]

    /// Creates a result.
    public init(
        entities: [EntityValue], inlineCount: Int? = nil, nextLink: String? = nil, deltaLink: String? = nil,
        deletedEntryIDs: [String] = []
    ) {
        self.entities = entities
        self.inlineCount = inlineCount
        self.nextLink = nextLink
        self.deltaLink = deltaLink
        self.deletedEntryIDs = deletedEntryIDs
    }
}

/// The decoded result of a function import.
public enum FunctionResult: Sendable {
    /// No content.
    case none
    /// A primitive, complex, or collection of primitive/complex values.
    case value(EdmValue)
    /// One entity.
    case entity(EntityValue)
    /// Entities.
    case entities([EntityValue])
}
