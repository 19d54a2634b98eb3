import Foundation
import OData

extension OnlineODataProvider {
    /// Every entity of an entity-set query across server-driven pages, each delivered as soon as the
    /// bytes of its run of entries have arrived: over `CurlTransport` decoding overlaps the transfer and
    /// a huge page never sits whole in memory (only the entry being received and the decoded entities
    /// not yet consumed do). Over another transport each page is read whole, then delivered.
    ///
    /// Requests go through the provider's middlewares (authentication, CSRF, retries, redirects) like
    /// `fetchEntities`. Next links are followed as `EntityPages` does: same origin (`url(for:)`), never
    /// the same link twice, at most `Options.maximumPages` pages. JSON only (`Options.format == .json`);
    /// the query names an entity set (no key, navigation or function import). Stopping the iteration
    /// cancels the transfer.
    public func entityStream(_ query: DataQuery, headers: HTTPHeaders = HTTPHeaders()) -> AsyncThrowingStream<EntityValue, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await streamPages(query, headers: headers) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func streamPages(_ query: DataQuery, headers: HTTPHeaders, yield: @escaping @Sendable (EntityValue) -> Void) async throws {
        guard options.format == .json, let set = query.entitySet, query.key == nil, query.navigationSegments.isEmpty,
            query.invocation == nil
        else {
            throw ODataError(.invalidRequest, "entityStream reads the JSON entities of an entity set (no key, navigation or function)")
        }
        let decoder = ODataJSONDecoder(typeResolver: options.typeResolver)
        let type = set.entityType
        var url = try self.url(for: query.relativeURLString)
        var seen: Set<String> = [url.absoluteString]
        var pages = 0
        while true {
            var request = HTTPRequest(method: "GET", url: url, headers: headers)
            if request.headers["Accept"] == nil { request.headers["Accept"] = "application/json" }
            let list = try await streamPage(request, decoder: decoder, type: type, yield: yield)
            pages += 1
            guard let link = list.nextLink else { return }
            guard pages < options.maximumPages else {
                throw ODataError(.tooManyPages, "paging stopped after \(pages) pages (Options.maximumPages)", url: url)
            }
            url = try self.url(for: link)
            guard seen.insert(url.absoluteString).inserted else {
                throw ODataError(
                    .repeatedNextLink, "the server's next link repeats an earlier request after \(pages) pages: \(link)", url: url)
            }
        }
    }

    /// One page: runs of entries decoded as they arrive; returns the page's paging facts.
    private func streamPage(
        _ request: HTTPRequest, decoder: ODataJSONDecoder, type: EntityTypeDescriptor, yield: @escaping @Sendable (EntityValue) -> Void
    ) async throws -> EntityList {
        let (runs, runsContinuation) = AsyncStream<Data>.makeStream()
        let observer = CurlBodyObserver(runs: runsContinuation)
        let decoding = Task {
            for await run in runs {
                try Task.checkCancellation()
                for entity in try Self.decodeList(run, decoder: decoder, type: type, request: request).entities { yield(entity) }
            }
        }
        let response: HTTPResponse
        let remainder: JSONFeedChunker.Remainder?
        do {
            response = try await CurlBodyObserver.$current.withValue(observer) { try await execute(request) }
            remainder = try observer.finish()
            try await decoding.value
        } catch {
            runsContinuation.finish()
            decoding.cancel()
            throw error
        }
        switch remainder {
        case .envelope(let data)?:
            return try Self.decodeList(data, decoder: decoder, type: type, request: request)
        case .whole(let data)?:
            return try Self.yieldAll(Self.decodeList(data, decoder: decoder, type: type, request: request), yield)
        case nil:
            return try Self.yieldAll(Self.decodeList(response.body, decoder: decoder, type: type, request: request), yield)
        }
    }

    private static func yieldAll(_ list: EntityList, _ yield: (EntityValue) -> Void) -> EntityList {
        for entity in list.entities { yield(entity) }
        return list
    }

    private static func decodeList(_ data: Data, decoder: ODataJSONDecoder, type: EntityTypeDescriptor, request: HTTPRequest) throws
        -> EntityList
    {
        do {
            return try decoder.decodeEntityList(data, entityType: type)
        } catch let error as ODataDecodingError {
            throw ODataError(
                .decoding, "\(request.url.absoluteString): \(error.message)", method: request.method, url: request.url,
                underlyingError: error)
        } catch let error as ODataErrorBody {
            throw ODataError(
                .httpStatus, "\(request.url.absoluteString) answered an OData error: \(error)", method: request.method, url: request.url,
                serviceError: error)
        }
    }
}
