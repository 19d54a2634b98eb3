import Foundation

/// Server-driven paging as an `AsyncSequence` of pages: the first page of a query, then each
/// `__next` link in turn (through the provider's `fetchPage(nextLink:for:headers:)`). Holds one page
/// at a time and stops with `.decoding` if a next link repeats; the online provider refuses a next
/// link to another origin (`ODataError.crossOriginNextLink`).
public struct EntityPages: AsyncSequence, Sendable {
    /// One page.
    public typealias Element = EntityList

    let provider: any DataServiceProvider
    let query: DataQuery
    let headers: HTTPHeaders

    /// The iterator.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let provider: any DataServiceProvider
        let query: DataQuery
        let headers: HTTPHeaders
        var next: String?
        var seen: Set<String> = []
        var started = false

        /// The next page, or nil after the last.
        public mutating func next() async throws -> EntityList? {
            let page: EntityList
            if !started {
                started = true
                page = try await provider.fetchEntities(query, headers: headers, options: RequestOptions())
            } else {
                guard let link = next else { return nil }
                guard seen.insert(link).inserted else {
                    throw ODataError(.decoding, "the server's next link repeats: \(link)")
                }
                page = try await provider.fetchPage(nextLink: link, for: query, headers: headers)
            }
            next = page.nextLink
            return page
        }
    }

    /// An iterator starting at the query's first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(provider: provider, query: query, headers: headers)
    }
}

/// Every entity of a query across server-driven pages, one page in memory at a time.
public struct PagedEntities: AsyncSequence, Sendable {
    /// One entity.
    public typealias Element = EntityValue

    let pages: EntityPages

    /// The iterator.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: EntityPages.AsyncIterator
        var buffer: [EntityValue] = []
        var index = 0

        /// The next entity, or nil after the last page.
        public mutating func next() async throws -> EntityValue? {
            while index >= buffer.count {
                guard let page = try await pages.next() else { return nil }
                buffer = page.entities
                index = 0
            }
            defer { index += 1 }
            return buffer[index]
        }
    }

    /// An iterator starting at the first entity.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator())
    }
}

extension DataServiceProvider {
    /// The pages of a query, following `__next` links.
    public func pages(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) -> EntityPages {
        EntityPages(provider: self, query: query, headers: headers)
    }

    /// The entities of a query across all pages.
    public func entities(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) -> PagedEntities {
        PagedEntities(pages: pages(query, headers: headers))
    }
}
