import Foundation

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
    /// decodes its entries while the rest arrives; an entry that cannot be decoded stops the transfer
    /// (`ResponseBodyStream.abort()`) and is the error thrown. Cancelling the caller cancels both.
    func collectPage(_ request: HTTPRequest, type: EntityTypeDescriptor) async throws -> EntityList {
        let stream = ResponseBodyStream(for: request.url, accepts: streamedMediaTypes, wholeBelow: Self.wholePageBelow)
        let page = PageCollector(decoder: StreamedPageDecoder(provider: self, request: request, type: type, stream: stream))
        stream.onStreaming { [weak page] in page?.startReading() }
        let response: HTTPResponse
        do {
            response = try await withTaskCancellationHandler {
                var streamed = request
                streamed.responseBodyStream = stream
                return try await execute(streamed)
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
        var streamed = try await withTaskCancellationHandler {
            try await page.entries()
        } onCancel: {
            page.cancel()
        }
        var list = try page.decoder.finish(response)
        // the envelope of a streamed JSON page holds no entries (`finish` checks): the reader's arrays are the
        // page's, taken without copying their entities; the end of an Atom page may complete its last entries
        prepend(&streamed.entities, to: &list.entities)
        prepend(&streamed.deletedEntryIDs, to: &list.deletedEntryIDs)
        return list
    }
}

/// Puts `head` before `tail`, moving `head` without copying its elements when `tail` is empty (the usual case).
private func prepend<Element>(_ head: inout [Element], to tail: inout [Element]) {
    if tail.isEmpty { swap(&head, &tail) } else { tail = head + tail }
}

/// The reader of a page that `collectPage` streams: a task started when the body starts streaming that
/// decodes the entries of each piece of the body while the rest arrives.
private final class PageCollector: @unchecked Sendable {
    let decoder: StreamedPageDecoder
    private let priority: TaskPriority
    private let lock = NSLock()
    private var reader: Task<EntityList, any Error>?
    private var cancelled = false
    private var readerFailure: (any Error)?

    init(decoder: StreamedPageDecoder) {
        self.decoder = decoder
        self.priority = Task.currentPriority
    }

    /// The error that made the reader stop the transfer (an entry that cannot be decoded, cancellation), if any.
    var failure: (any Error)? { lock.withLock { readerFailure } }

    /// Starts the reader (on the transport's thread, when the body starts streaming).
    func startReading() {
        let decoder = self.decoder
        let task = Task(priority: priority) { [self] () async throws -> EntityList in
            var entries = EntityList(entities: [])
            do {
                while try await decoder.readNextPiece(into: &entries) {
                    if Task.isCancelled {
                        throw ODataError(
                            .cancelled, "\(decoder.request.method) \(decoder.request.url.absoluteString) was cancelled",
                            method: decoder.request.method, url: decoder.request.url)
                    }
                }
            } catch {
                // the rest of the body is of no use (and nobody would take it: a paused transfer would wait
                // forever): stop the transfer now rather than read it all
                lock.withLock { readerFailure = error }
                decoder.stream.abort()
                throw error
            }
            return entries
        }
        let cancelNow = lock.withLock { () -> Bool in
            reader = task
            return cancelled
        }
        if cancelNow { task.cancel() }
    }

    /// The entries the reader decoded (entities, and deleted entries' IDs), once the body has ended.
    func entries() async throws -> EntityList {
        guard let reader = lock.withLock({ reader }) else { return EntityList(entities: []) }
        return try await reader.value
    }

    /// Cancels the reader (now, or as it starts).
    func cancel() {
        let task = lock.withLock { () -> Task<EntityList, any Error>? in
            cancelled = true
            return reader
        }
        task?.cancel()
    }
}
