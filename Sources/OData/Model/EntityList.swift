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
