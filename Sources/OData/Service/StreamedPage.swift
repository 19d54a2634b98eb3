import Foundation

extension OnlineODataProvider {
    /// Whether `entities(_:)` streams the pages of `query` (and `fetchEntities` may, see `collectPage`): JSON
    /// collection reads (entity sets and navigations), not function imports, over a transport that streams
    /// bodies (see `ResponseStreamingTransport`; over any other, a page arrives whole and is decoded whole).
    func streamsPages(of query: DataQuery) -> Bool {
        options.format == .json && query.invocation == nil && query.entitySet != nil && query.key == nil
            && (pipeline.transport as? any ResponseStreamingTransport)?.streamsResponseBodies == true
    }

    /// Starts reading one page with its body streamed into a `ResponseBodyStream` (when the transport can).
    func streamPage(_ start: EntityPages.AsyncIterator.Start, of query: DataQuery, headers: HTTPHeaders) throws -> StreamedPage {
        let request: HTTPRequest
        switch start {
        case .first:
            try query.checkEntitySetCapabilities()
            request = try requestBuilder.fetch(query, headers: headers)
        case .link(let link): request = try requestBuilder.nextPage(link, headers: headers)
        }
        return StreamedPage(provider: self, request: request, type: try resultType(of: query))
    }
}

/// The decoding side of a streamed page: takes the runs of entries from the stream, decodes them, and
/// builds the page from what is left once the body has ended. Used by one task at a time.
final class StreamedPageDecoder: @unchecked Sendable {
    let stream: ResponseBodyStream
    let request: HTTPRequest
    private let provider: OnlineODataProvider
    private let type: EntityTypeDescriptor
    private let decoder: ODataJSONDecoder
    /// Entities of this page handed out so far (for the entity index of a decoding error).
    private var delivered = 0

    init(provider: OnlineODataProvider, request: HTTPRequest, type: EntityTypeDescriptor, stream: ResponseBodyStream) {
        self.provider = provider
        self.request = request
        self.type = type
        self.stream = stream
        self.decoder = ODataJSONDecoder(typeResolver: provider.options.typeResolver)
    }

    /// The entities of the next run of the page, nil when the body has ended.
    func nextEntities() async throws -> [EntityValue]? {
        guard let run = try await stream.nextRun() else { return nil }
        do {
            let entities = try run.bytes.withUnsafeBytes { bytes in
                try decoder.decodeEntityList(UnsafeRawBufferPointer(rebasing: bytes[run.range]), entityType: type).entities
            }
            delivered += entities.count
            return entities
        } catch let error as ODataDecodingError {
            throw decodingError(error, runOffset: run.bodyOffset)
        }
    }

    /// The page once its body has ended (`response` is the transfer's): the paging facts (with no entities
    /// when they were streamed), or the whole page when the body was not streamed.
    func finish(_ response: HTTPResponse) throws -> EntityList {
        guard stream.didStream else { return try provider.decodeList(response, request, type: type) }
        let body: Data
        let isWhole: Bool
        do {
            switch try stream.remainder() {
            case .envelope(let data): (body, isWhole) = (data, false)
            case .whole(let data): (body, isWhole) = (data, true)
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

    /// A decoding error of a run, placed in the page: its byte offset in the body and its entity index in the page.
    private func decodingError(_ error: ODataDecodingError, runOffset: Int) -> ODataError {
        // the run is "[" + the body's bytes from runOffset: run offset 1 is body offset runOffset
        var placed = ODataDecodingError(
            format: .json, offset: runOffset + max(error.offset - 1, 0), line: error.line, column: error.column,
            message: error.message + " (line and column count from the start of the streamed run of entries)")
        placed.entityIndex = error.entityIndex.map { $0 + delivered }
        placed.entityKey = error.entityKey
        placed.property = error.property
        return ODataError.decoding(placed, request: request, response: HTTPResponse(statusCode: 200, url: request.url))
    }
}

/// One page of `PagedEntities` on its way: the request runs in a task of its own with a
/// `ResponseBodyStream` set, and the reader decodes the runs of entries as it takes them (every page
/// streams, so that the iteration yields entities while the page arrives).
/// Dropping the reader (the iteration stopped) or cancelling the reading task cancels the request.
final class StreamedPage: @unchecked Sendable {
    let stream: ResponseBodyStream
    private let decoder: StreamedPageDecoder
    private let transfer: Task<HTTPResponse, any Error>

    init(provider: OnlineODataProvider, request: HTTPRequest, type: EntityTypeDescriptor) {
        let stream = ResponseBodyStream(for: request.url)
        self.stream = stream
        self.decoder = StreamedPageDecoder(provider: provider, request: request, type: type, stream: stream)
        transfer = Task {
            do {
                let response = try await ResponseBodyStream.$current.withValue(stream) { try await provider.execute(request) }
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

    /// The entities of the next run of the page, nil when the body has ended.
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
