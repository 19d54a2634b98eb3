import Foundation

/// Loads a list screen page by page: `loadNextPage()` appends up to `pageSize` entities
/// (requested with `$top`/`$skip`, following the server's `__next` when it pages sooner),
/// `refresh()` starts over. Safe to share; calls are serialized.
public actor EntityPageLoader {
    /// The provider.
    public let provider: any DataServiceProvider
    /// The query (without `$top`/`$skip`, which the loader sets).
    public let query: DataQuery
    /// Entities per page.
    public let pageSize: Int
    /// Everything loaded so far, in order.
    public private(set) var entities: [EntityValue] = []
    /// Whether another page may exist.
    public private(set) var hasMorePages = true

    /// Creates a loader; `pageSize` below 1 is treated as 1. Completion handlers run on the main actor, as every
    /// completion handler of the SDK does.
    public init(provider: any DataServiceProvider, query: DataQuery, pageSize: Int = 20) {
        self.provider = provider
        self.query = query
        self.pageSize = max(1, pageSize)
    }

    /// Loads the next page and returns its entities (empty when there are no more).
    @discardableResult
    public func loadNextPage() async throws(ODataError) -> [EntityValue] {
        guard hasMorePages else { return [] }
        var page: [EntityValue] = []
        var iterator = provider.pages(query.top(pageSize).skip(entities.count)).makeAsyncIterator()
        while page.count < pageSize, let next = try await iterator.next() {
            page += next.entities.prefix(pageSize - page.count)
            if next.nextLink == nil { break }
        }
        hasMorePages = page.count == pageSize
        entities += page
        return page
    }

    /// Forgets everything and loads the first page again.
    @discardableResult
    public func refresh() async throws(ODataError) -> [EntityValue] {
        entities = []
        hasMorePages = true
        return try await loadNextPage()
    }

    /// Completion-handler form of `loadNextPage()`, called on the main actor.
    @discardableResult
    public nonisolated func loadNextPage(completionHandler: @escaping @MainActor ([EntityValue]?, (any Error)?) -> Void) -> Task<
        Void, Never
    > {
        CompletionBridge.run(completionHandler) { try await self.loadNextPage() }
    }

    /// Completion-handler form of `refresh()`, called on the main actor.
    @discardableResult
    public nonisolated func refresh(completionHandler: @escaping @MainActor ([EntityValue]?, (any Error)?) -> Void) -> Task<Void, Never> {
        CompletionBridge.run(completionHandler) { try await self.refresh() }
    }
}
