import Foundation

extension OnlineODataProvider {
    /// Whether `entities(_:)` streams the pages of `query` (and `fetchEntities` may, see `collectPage`):
    /// collection reads in either format (entity sets and navigations), not function imports, over a transport
    /// that streams bodies (`ODataTransport.streamsResponseBodies`; over any other, a page arrives whole and is decoded
    /// whole).
    func streamsPages(of query: DataQuery) -> Bool {
        query.invocation == nil && query.entitySet != nil && query.key == nil && pipeline.transport.streamsResponseBodies
    }

    /// The media types of the pages a `ResponseBodyStream` streams: those of the provider's format (its codec's).
    var streamedMediaTypes: @Sendable (String) -> Bool {
        { [codec] in codec.accepts(mediaType: $0) }
    }

    /// One page of `query` for `PagedEntities` (the first, or the one `nextLink` addresses): streamed into a
    /// `ResponseBodyStream` when the transport streams bodies, else read whole.
    func streamPage(_ query: DataQuery, nextLink: String?, headers: HTTPHeaders) async throws(ODataError) -> EntityPageStream {
        let request: HTTPRequest
        do {
            if let nextLink {
                request = try requestBuilder.nextPage(nextLink, headers: headers)
            } else {
                try query.checkEntitySetCapabilities()
                request = try requestBuilder.fetch(query, headers: headers)
            }
            guard streamsPages(of: query) else { return EntityPageStream(page: try await page(request, of: query)) }
            return EntityPageStream(streaming: StreamedPage(provider: self, request: request, type: try query.resultEntityType()))
        } catch {
            throw ODataError(wrapping: error)
        }
    }
}

/// The decoding side of a streamed page: takes the pieces of the body from the stream, decodes their
/// entries (the format's `IncrementalFeedReader`: `JSONFeedReader`, `AtomFeedReader`), and builds the page
/// from what is left once the body has ended. Used by one task at a time.
final class StreamedPageDecoder: @unchecked Sendable {
    let stream: ResponseBodyStream
    let request: HTTPRequest
    private let provider: OnlineODataProvider
    private let type: EntityTypeDescriptor
    private var feed: any IncrementalFeedReader

    init(provider: OnlineODataProvider, request: HTTPRequest, type: EntityTypeDescriptor, stream: ResponseBodyStream) {
        self.provider = provider
        self.request = request
        self.type = type
        self.stream = stream
        self.feed = provider.options.format.feedReader(entityType: type, typeResolver: provider.options.typeResolver)
    }

    /// The entities completed by the next piece of the page (none when a piece completes no entry), nil
    /// when the body has ended.
    func nextEntities() async throws -> [EntityValue]? {
        var list = EntityList(entities: [])
        guard try await readNextPiece(into: &list) else { return nil }
        return list.entities
    }

    /// Adds the entries completed by the next piece of the page to `list`; false when the body has ended.
    func readNextPiece(into list: inout EntityList) async throws -> Bool {
        guard var piece = try await stream.nextPiece() else { return false }
        do {
            try piece.bytes.withUnsafeBytes { try feed.read($0, into: &list) }
        } catch let error as ODataDecodingError {
            throw ODataError.decoding(error, request: request, response: HTTPResponse(statusCode: 200, url: request.url))
        }
        stream.recycle(&piece)
        return true
    }

    /// The page once its body has ended (`response` is the transfer's): the paging facts (with no entities
    /// when they were streamed), or the whole page when the body was not streamed.
    func finish(_ response: HTTPResponse) throws -> EntityList {
        guard stream.didStream else { return try provider.decodeList(response, request, type: type) }
        let body: Data
        let isWhole: Bool
        do {
            switch try feed.finishFeed() {
            case .envelope(let data): (body, isWhole) = (data, false)
            case .whole(let data): (body, isWhole) = (data, true)
            case .page(let list): return list
            }
        } catch let error as ODataDecodingError {
            throw ODataError.decoding(error, request: request, response: response)
        }
        var whole = response
        whole.body = body
        let list = try provider.decodeList(whole, request, type: type)
        if !isWhole, !list.entities.isEmpty {
            throw ODataError(.decoding, "\(request.url.absoluteString): the page's envelope held entries after its entry array")
        }
        return list
    }
}

/// One page of `PagedEntities` on its way: the request runs in a task of its own with a
/// `ResponseBodyStream` set, and the reader decodes the entries of each piece of the body as it takes it (every page
/// streams, so that the iteration yields entities while the page arrives).
/// Dropping the reader (the iteration stopped) or cancelling the reading task cancels the request.
final class StreamedPage: @unchecked Sendable {
    let stream: ResponseBodyStream
    private let decoder: StreamedPageDecoder
    private let transfer: Task<HTTPResponse, any Error>

    init(provider: OnlineODataProvider, request: HTTPRequest, type: EntityTypeDescriptor) {
        let stream = ResponseBodyStream(for: request.url, accepts: provider.streamedMediaTypes)
        self.stream = stream
        self.decoder = StreamedPageDecoder(provider: provider, request: request, type: type, stream: stream)
        transfer = Task {
            do {
                var streamed = request
                streamed.responseBodyStream = stream
                let response = try await provider.execute(streamed)
                stream.close()
                return response
            } catch {
                stream.close(error)
                throw error
            }
        }
    }

    deinit {
        transfer.cancel()
    }

    /// The entities completed by the next piece of the page, nil when the body has ended.
    func nextEntities() async throws -> [EntityValue]? {
        let transfer = self.transfer
        return try await withTaskCancellationHandler {
            try await decoder.nextEntities()
        } onCancel: {
            transfer.cancel()
        }
    }

    /// The page once its body has ended: the paging facts (with no entities when they were streamed), or
    /// the whole page when the transport did not stream it.
    func finish() async throws -> EntityList {
        let transfer = self.transfer
        let response = try await withTaskCancellationHandler {
            try await transfer.value
        } onCancel: {
            transfer.cancel()
        }
        return try decoder.finish(response)
    }
}

extension PayloadFormat {
    /// The reader of a feed of `entityType` in this format that arrives in pieces.
    package func feedReader(
        entityType: EntityTypeDescriptor, typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?
    ) -> any IncrementalFeedReader {
        switch self {
        case .json: return JSONFeedReader(entityType: entityType, typeResolver: typeResolver)
        case .atom: return AtomFeedReader(entityType: entityType, typeResolver: typeResolver)
        }
    }
}
