import Foundation
import OData

extension OnlineODataProvider {
    /// Every entity of an entity-set query across server-driven pages, each delivered as soon as the
    /// piece of the body that completes it has arrived: this is `entities(_:headers:)` (which streams over
    /// `CurlTransport` and `URLSessionTransport`), restricted to entity-set reads (JSON or Atom) and delivered as an
    /// `AsyncThrowingStream`. Entities are decoded when the consumer asks for them, so a consumer slower
    /// than the network pauses the transfer instead of piling entities up.
    ///
    /// Requests go through the provider's middlewares (authentication, CSRF, retries, redirects) like
    /// `fetchEntities`. Next links are followed as `EntityPages` does: same origin (`url(for:)`), never
    /// the same link twice, at most `Options.maximumPages` pages. Either format (`Options.format`); the query
    /// names an entity set (no key, navigation or function import). Stopping the iteration
    /// cancels the transfer.
    public func entityStream(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) -> AsyncThrowingStream<EntityValue, any Error> {
        let source = StreamSource(provider: self, query: query, headers: headers)
        return AsyncThrowingStream(unfolding: { try await source.next() })
    }
}

/// The iterator behind `entityStream`, pulled one entity at a time by the stream.
private final class StreamSource: @unchecked Sendable {
    private let provider: OnlineODataProvider
    private let query: DataQuery
    private var iterator: PagedEntities.AsyncIterator?
    private var checked = false

    init(provider: OnlineODataProvider, query: DataQuery, headers: HTTPHeaders) {
        self.provider = provider
        self.query = query
        self.iterator = provider.entities(query, headers: headers).makeAsyncIterator()
    }

    func next() async throws -> EntityValue? {
        if !checked {
            checked = true
            guard query.entitySet != nil, query.key == nil, query.navigationSegments.isEmpty,
                query.invocation == nil
            else {
                iterator = nil
                throw ODataError(.invalidRequest, "entityStream reads the entities of an entity set (no key, navigation or function)")
            }
        }
        // advanced in place: copying the iterator (its query, headers and buffer) out and back for every entity
        // cost more than reading the entity
        do {
            guard let entity = try await iterator?.next() else {
                iterator = nil  // a finished iteration stays finished
                return nil
            }
            return entity
        } catch {
            iterator = nil  // so does a failed one
            throw error
        }
    }
}
