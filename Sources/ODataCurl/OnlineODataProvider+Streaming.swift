import Foundation
import OData

extension OnlineODataProvider {
    /// Every entity of an entity-set query across server-driven pages, each delivered as soon as the
    /// piece of the body that completes it has arrived: this is `entities(_:headers:)` (which streams over
    /// `CurlTransport` and `URLSessionTransport`), restricted to entity-set reads (JSON or Atom), as an
    /// `EntityStream` whose failures are `ODataError`. Entities are decoded when the consumer asks for them, so a
    /// consumer slower than the network pauses the transfer instead of piling entities up.
    ///
    /// Requests go through the provider's middlewares (authentication, CSRF, retries, redirects) like
    /// `fetchEntities`. Next links are followed as `EntityPages` does: same origin (`url(for:)`), never
    /// the same link twice, at most `Options.maximumPages` pages. Either format (`Options.format`); the query
    /// names an entity set (no key, navigation or function import). Stopping the iteration
    /// cancels the transfer; cancelling the iterating task ends it with `ODataError` `.cancelled`.
    public func entityStream(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) -> EntityStream {
        EntityStream(entities: entities(query, headers: headers), query: query)
    }
}

/// The entities of `OnlineODataProvider.entityStream(_:headers:)`: an `AsyncSequence` whose failures are
/// `ODataError` (`for try await` rethrows them typed). A query that does not name an entity set fails on the
/// first `next()` with `.invalidRequest`; after a failure or the last entity the iteration stays finished.
public struct EntityStream: AsyncSequence, Sendable {
    /// One entity.
    public typealias Element = EntityValue
    /// Every failure is an `ODataError`.
    public typealias Failure = ODataError

    let entities: PagedEntities
    let query: DataQuery

    /// The iterator.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// Every failure is an `ODataError`.
        public typealias Failure = ODataError

        // advanced in place (an optional's mutating call does not copy it out and back)
        var entities: PagedEntities.AsyncIterator?
        var query: DataQuery?

        /// The next entity, or nil after the last.
        public mutating func next() async throws(ODataError) -> EntityValue? {
            try await next(isolation: nil)
        }

        /// The next entity, or nil after the last (what `for try await` calls).
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(ODataError) -> EntityValue? {
            if let query {
                self.query = nil
                guard query.entitySet != nil, query.key == nil, query.navigationSegments.isEmpty, query.invocation == nil else {
                    entities = nil
                    throw ODataError(.invalidRequest, "entityStream reads the entities of an entity set (no key, navigation or function)")
                }
            }
            do {
                guard let entity = try await entities?.next(isolation: actor) else {
                    entities = nil  // a finished iteration stays finished
                    return nil
                }
                return entity
            } catch {
                entities = nil  // so does a failed one
                throw error
            }
        }
    }

    /// An iterator starting at the first entity.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(entities: entities.makeAsyncIterator(), query: query)
    }
}
