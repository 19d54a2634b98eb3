import Foundation

/// How a provider's server-driven paging is bounded (`DataServiceProvider.pagingPolicy`), so that reading every page
/// of a query always ends: the address a next link resolves to (a link to an address already read is refused with
/// `ODataError.repeatedNextLink`) and the most pages one `EntityPages` or `PagedEntities` sequence reads. The default
/// takes links as they are and reads at most 10,000 pages; `OnlineODataProvider` resolves links against its service
/// root and reads `Options.maximumPages`. A provider of your own that pages states its policy:
///
/// ```swift
/// var pagingPolicy: PagingPolicy {
///     PagingPolicy(maximumPages: 50) { link in URL(string: link, relativeTo: root)?.absoluteString ?? link }
/// }
/// ```
public struct PagingPolicy: Sendable {
    /// The most pages one sequence reads before it ends with `ODataError.tooManyPages`.
    public var maximumPages: Int
    private let resolve: @Sendable (String) throws(ODataError) -> String

    /// A policy reading at most `maximumPages` pages. `address` gives the address a link resolves to (by default the
    /// link itself): two links with the same address are the same page. It may refuse a link by throwing (as the
    /// online provider does for a link to another origin); the sequence then ends with that error.
    public init(
        maximumPages: Int = 10_000, address: @escaping @Sendable (String) throws(ODataError) -> String = { $0 }
    ) {
        self.maximumPages = maximumPages
        self.resolve = address
    }

    /// The address `link` (a next link, or the first request's relative URL) resolves to; throws when the policy
    /// refuses the link.
    public func address(of link: String) throws(ODataError) -> String { try resolve(link) }
}

extension DataServiceProvider {
    /// The default, `PagingPolicy()`: links compared as they are, at most 10,000 pages.
    public var pagingPolicy: PagingPolicy { PagingPolicy() }
}

extension OnlineODataProvider {
    /// Next links resolved against the service root (`url(for:)`: another origin is `.crossOriginNextLink` unless
    /// `Options.redirectPolicy` allows it), at most `Options.maximumPages` pages.
    public var pagingPolicy: PagingPolicy {
        PagingPolicy(maximumPages: options.maximumPages) { [requestBuilder] link throws(ODataError) in
            try ODataError.converting { try requestBuilder.url(for: link).absoluteString }
        }
    }
}

/// Server-driven paging as an `AsyncSequence` of pages: the first page of a query, then each
/// `__next` link in turn through the provider's `fetchPage(nextLink:for:headers:)`. Holds one page
/// at a time. The online provider follows links by its `RedirectPolicy` (another origin is
/// `ODataError.crossOriginNextLink` unless allowed).
///
/// Paging always ends: a next link that repeats the first request or an earlier link is refused
/// with `ODataError.repeatedNextLink` before that page is fetched (so no page is delivered twice),
/// and a chain longer than `Options.maximumPages` (10,000 pages by default, and for providers
/// without that option) ends with `ODataError.tooManyPages` instead of the page after the last allowed one.
public struct EntityPages: AsyncSequence, Sendable {
    /// One page.
    public typealias Element = EntityList
    /// Every failure is an `ODataError` (`for try await` rethrows it typed).
    public typealias Failure = ODataError

    let provider: any DataServiceProvider
    let query: DataQuery
    let headers: HTTPHeaders

    /// The iterator.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// Every failure is an `ODataError`.
        public typealias Failure = ODataError

        let provider: any DataServiceProvider
        let query: DataQuery
        let headers: HTTPHeaders
        /// The provider's `pagingPolicy`.
        let policy: PagingPolicy
        var next: String?
        var seen: Set<String> = []
        var started = false
        var pagesRead = 0

        /// Where the next page starts.
        enum Start {
            /// The query's first page.
            case first
            /// The page a server-driven next link addresses.
            case link(String)

            /// The next link, nil for the first page.
            var nextLink: String? {
                if case .link(let link) = self { return link }
                return nil
            }
        }

        /// The next page, or nil after the last.
        public mutating func next() async throws(ODataError) -> EntityList? {
            try await next(isolation: nil)
        }

        /// The next page, or nil after the last (what `for try await` calls).
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(ODataError) -> EntityList? {
            guard let start = try nextStart() else { return nil }
            return try await fetch(start)
        }

        /// Reads the page at `start` whole and records it.
        mutating func fetch(_ start: Start, isolation actor: isolated (any Actor)? = #isolation) async throws(ODataError) -> EntityList? {
            let page: EntityList
            switch start {
            case .first: page = try await provider.send(.fetchEntities(query), headers: headers)
            case .link(let link): page = try await provider.send(.fetchPage(nextLink: link, for: query), headers: headers)
            }
            record(page)
            return page
        }

        /// Where the next page starts, nil after the last; refuses a repeated link and a page beyond
        /// `maximumPages` before it is fetched.
        mutating func nextStart() throws(ODataError) -> Start? {
            if !started {
                started = true
                if let first = try? policy.address(of: query.relativeURLString) { seen.insert(first) }
                return .first
            }
            guard let link = next else { return nil }
            let address = try policy.address(of: link)
            guard seen.insert(address).inserted else {
                throw ODataError(
                    .repeatedNextLink, "the server's next link repeats an earlier request after \(pagesRead) pages: \(link)",
                    url: URL(string: address))
            }
            guard pagesRead < policy.maximumPages else {
                throw ODataError(
                    .tooManyPages,
                    "paging stopped after \(pagesRead) pages (Options.maximumPages); the server still sent a next link: "
                        + String(link.prefix(200)), url: URL(string: address))
            }
            return .link(link)
        }

        /// Counts a page read and keeps its next link.
        mutating func record(_ page: EntityList) {
            pagesRead += 1
            next = page.nextLink
        }
    }

    /// An iterator starting at the query's first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(provider: provider, query: query, headers: headers, policy: provider.pagingPolicy)
    }
}
/// Every entity of a query across server-driven pages, one page in memory at a time.
///
/// Each page is read with `DataServiceOperation.streamPage`. From an `OnlineODataProvider` over a transport that
/// streams response bodies (`URLSessionTransport` with its own session, `CurlTransport`, any transport whose
/// `streamsResponseBodies` is true), entities come while their page is still arriving: the page's body is cut
/// into runs of complete entries that are decoded when the iteration reaches them, so a huge page never
/// sits whole in memory, and a consumer slower than the network pauses the transfer (at most about 1 MB of
/// the body waits for it). Stopping the iteration (or cancelling its task) cancels the transfer. A provider that
/// answers `streamPage` with `.unsupportedOperation` is read a whole page at a time.
public struct PagedEntities: AsyncSequence, Sendable {
    /// One entity.
    public typealias Element = EntityValue
    /// Every failure is an `ODataError` (`for try await` rethrows it typed).
    public typealias Failure = ODataError

    let pages: EntityPages

    /// The iterator.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// Every failure is an `ODataError`.
        public typealias Failure = ODataError

        var pages: EntityPages.AsyncIterator
        var buffer: [EntityValue] = []
        var index = 0
        /// The page being streamed, if any.
        var streamed: EntityPageStream?
        /// Whether the provider answers `streamPage` (else pages are read whole).
        var streams = true

        /// The next entity, or nil after the last page.
        public mutating func next() async throws(ODataError) -> EntityValue? {
            try await next(isolation: nil)
        }

        /// The next entity, or nil after the last page (what `for try await` calls).
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(ODataError) -> EntityValue? {
            while index >= buffer.count {
                index = 0
                if let page = streamed {
                    if let entities = try await ODataError.converting({ try await page.nextEntities() }) {
                        buffer = entities
                        continue
                    }
                    streamed = nil
                    let list = try await ODataError.converting { try await page.finish() }
                    pages.record(list)
                    buffer = list.entities
                } else if streams {
                    guard let start = try pages.nextStart() else { return nil }
                    if let page = try await stream(start) {
                        streamed = page
                        buffer = []
                    } else {
                        streams = false
                        guard let page = try await pages.fetch(start) else { return nil }
                        buffer = page.entities
                    }
                } else {
                    guard let page = try await pages.next(isolation: actor) else { return nil }
                    buffer = page.entities
                }
            }
            defer { index += 1 }
            return buffer[index]
        }

        /// The page at `start` as the provider delivers it, nil when the provider does not stream pages
        /// (`.unsupportedOperation`).
        private func stream(
            _ start: EntityPages.AsyncIterator.Start, isolation actor: isolated (any Actor)? = #isolation
        ) async throws(ODataError) -> EntityPageStream? {
            do {
                return try await pages.provider.send(.streamPage(pages.query, nextLink: start.nextLink), headers: pages.headers)
            } catch {
                if error.kind == .unsupportedOperation { return nil }
                throw error
            }
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
