/// Paging facts of an expanded (inline) to-many navigation property, as the server sent them.
public struct InlineFeedInfo: Sendable, Hashable {
    /// The inline `__count` / `m:count`, when present.
    public var count: Int?
    /// The inline feed's next link, when the server paged the expansion.
    public var nextLink: String?

    /// Creates paging facts.
    public init(count: Int? = nil, nextLink: String? = nil) {
        self.count = count
        self.nextLink = nextLink
    }
}
