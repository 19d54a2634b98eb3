import Foundation

extension OnlineODataProvider {
    /// Whether `entities(_:)` streams the pages of `query`: JSON collection reads (entity sets and
    /// navigations), not function imports, over a transport that streams bodies (see
    /// `ResponseStreamingTransport`; over any other, a page arrives whole and is decoded whole).
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

extension OnlineODataProvider {
    /// Below this many body bytes, `fetchEntities` and `fetchPage` read a page whole over a streaming
    /// transport instead of decoding it while it arrives: streaming costs a task and the stream's buffer per
    /// page, which a small page does not pay back (see Benchmarks/README.md, "Small pages read whole").
    static let wholePageBelow = 256 << 10

    /// One page read whole by `fetchEntities`/`fetchPage` over a streaming transport.
    ///
    /// The request runs in the calling task with a `ResponseBodyStream` set that streams only a large body
    /// or one of unknown length (`wholeBelow`): a smaller one arrives whole in the response and is decoded
    /// after it, as over any other transport. When the body streams, a reader task starts as it begins and
    /// decodes its runs of entries while the rest arrives; a run that cannot be decoded stops the transfer
    /// (`ResponseBodyStream.abort()`) and is the error thrown. Cancelling the caller cancels both.
    func collectPage(_ request: HTTPRequest, type: EntityTypeDescriptor) async throws -> EntityList {
        let stream = ResponseBodyStream(for: request.url, wholeBelow: Self.wholePageBelow)
        let page = PageCollector(decoder: StreamedPageDecoder(provider: self, request: request, type: type, stream: stream))
        stream.onStreaming { [weak page] in page?.startReading() }
        let response: HTTPResponse
        do {
            response = try await withTaskCancellationHandler {
                try await ResponseBodyStream.$current.withValue(stream) { try await execute(request) }
            } onCancel: {
                page.cancel()
            }
        } catch {
            stream.close(error)
            page.cancel()  // the reader decodes no more of a page that failed
            // a transfer stopped because the page could not be decoded fails with that decoding error
            if let failure = page.failure { throw failure }
            throw error
        }
        stream.close()
        guard stream.didStream else {
            page.cancel()  // a reader started for an earlier attempt (a retry read whole) has nothing to read
            return try page.decoder.finish(response)
        }
        let entities = try await withTaskCancellationHandler {
            try await page.entities()
        } onCancel: {
            page.cancel()
        }
        var list = try page.decoder.finish(response)
        if !entities.isEmpty {
            list.entities = entities + list.entities
        }
        return list
    }
}

/// The reader of a page that `collectPage` streams: a task started when the body starts streaming that
/// decodes the runs of entries while the rest of the body arrives.
private final class PageCollector: @unchecked Sendable {
    let decoder: StreamedPageDecoder
    private let priority: TaskPriority
    private let lock = NSLock()
    private var reader: Task<[EntityValue], any Error>?
    private var cancelled = false
    private var readerFailure: (any Error)?

    init(decoder: StreamedPageDecoder) {
        self.decoder = decoder
        self.priority = Task.currentPriority
    }

    /// The error that made the reader stop the transfer (a run that cannot be decoded, cancellation), if any.
    var failure: (any Error)? { lock.withLock { readerFailure } }

    /// Starts the reader (on the transport's thread, when the body starts streaming).
    func startReading() {
        let decoder = self.decoder
        let task = Task(priority: priority) { [self] () async throws -> [EntityValue] in
            var entities: [EntityValue] = []
            do {
                while let run = try await decoder.nextEntities() {
                    if Task.isCancelled {
                        throw ODataError(
                            .cancelled, "\(decoder.request.method) \(decoder.request.url.absoluteString) was cancelled",
                            method: decoder.request.method, url: decoder.request.url)
                    }
                    entities.append(contentsOf: run)
                }
            } catch {
                // the rest of the body is of no use (and nobody would take it: a paused transfer would wait
                // forever): stop the transfer now rather than read it all
                lock.withLock { readerFailure = error }
                decoder.stream.abort()
                throw error
            }
            return entities
        }
        let cancelNow = lock.withLock { () -> Bool in
            reader = task
            return cancelled
        }
        if cancelNow { task.cancel() }
    }

    /// The entities the reader decoded, once the body has ended.
    func entities() async throws -> [EntityValue] {
        guard let reader = lock.withLock({ reader }) else { return [] }
        return try await reader.value
    }

    /// Cancels the reader (now, or as it starts).
    func cancel() {
        let task = lock.withLock { () -> Task<[EntityValue], any Error>? in
            cancelled = true
            return reader
        }
        task?.cancel()
    }
}
