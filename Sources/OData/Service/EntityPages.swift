import Foundation

/// Server-driven paging as an `AsyncSequence` of pages: the first page of a query, then each
/// `__next` link in turn. Holds one page at a time and follows links by the provider's
/// `RedirectPolicy` (another origin is `ODataError.crossOriginNextLink` unless allowed).
///
/// Paging always ends: a next link that repeats the first request or an earlier link is refused
/// with `ODataError.repeatedNextLink` before that page is fetched (so no page is delivered twice),
/// and a chain longer than `Options.maximumPages` (10,000 pages by default) ends with
/// `ODataError.tooManyPages` instead of the page after the last allowed one.
public struct EntityPages: AsyncSequence, Sendable {
    /// One page.
    public typealias Element = EntityList

    let provider: OnlineODataProvider
    let query: DataQuery
    let headers: HTTPHeaders

    /// The iterator.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let provider: OnlineODataProvider
        let query: DataQuery
        let headers: HTTPHeaders
        var next: String?
        var seen: Set<String> = []
        var started = false
        var pagesRead = 0

        /// The next page, or nil after the last.
        public mutating func next() async throws -> EntityList? {
            let page: EntityList
            if !started {
                started = true
                if let first = try? provider.url(of: query) { seen.insert(first.absoluteString) }
                page = try await provider.fetchEntities(query, headers: headers, options: RequestOptions())
            } else {
                guard let link = next else { return nil }
                let url = try provider.url(for: link)
                guard seen.insert(url.absoluteString).inserted else {
                    throw ODataError(
                        .repeatedNextLink, "the server's next link repeats an earlier request after \(pagesRead) pages: \(link)",
                        url: url)
                }
                guard pagesRead < provider.options.maximumPages else {
                    throw ODataError(
                        .tooManyPages,
                        "paging stopped after \(pagesRead) pages (Options.maximumPages); the server still sent a next link: "
                            + String(link.prefix(200)), url: url)
                }
                let (request, response) = try await provider.read(url, headers: headers)
                page = try provider.decodeList(response, request, type: try provider.resultType(of: query))
            }
            pagesRead += 1
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

extension OnlineODataProvider {
    /// The pages of a query, following `__next` links.
    public func pages(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) -> EntityPages {
        EntityPages(provider: self, query: query, headers: headers)
    }

    /// The entities of a query across all pages.
    public func entities(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) -> PagedEntities {
        PagedEntities(pages: pages(query, headers: headers))
    }
}
