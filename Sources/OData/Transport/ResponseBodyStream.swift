import Foundation

/// The body of a feed page handed from a transport to its reader piece by piece while it arrives,
/// with a bounded buffer between the two.
///
/// The reader (`PagedEntities`) sets the stream for the task that sends the page's request
/// (`ResponseBodyStream.$current`); a transport that can stream (`URLSessionTransport` with its own
/// session, `CurlTransport`) asks `begin(_:statusCode:headers:)` when a response starts and, when that
/// answers true, hands the body to `offer(_:)` or `append(_:)` instead of collecting it in
/// `HTTPResponse.body` (which stays empty). The stream cuts the body into runs of complete entries
/// (`JSONFeedChunker`) that the reader takes with `nextRun()`.
///
/// Back-pressure: once `limit` bytes wait for the reader, `offer` refuses the bytes (the transport pauses
/// the transfer and offers them again after `onRoom` was called); `append` always takes them and answers
/// whether the transport should pause. Only a GET of the page's URL answered 2xx with a JSON content type is streamed.
package final class ResponseBodyStream: @unchecked Sendable {
    /// The stream of the current task's page request, if any.
    @TaskLocal package static var current: ResponseBodyStream?

    /// Bytes held for the reader above which the transport is asked to pause (one entry larger than this is
    /// still taken whole).
    let limit: Int

    private let lock = NSLock()
    private var chunker = JSONFeedChunker()
    private var began = false
    private var closed = false
    private var failure: (any Error)?
    private var waiter: CheckedContinuation<Void, Never>?
    private var roomWanted = false
    private var roomHandler: (@Sendable () -> Void)?
    private var peak = 0
    private var refusals = 0

    /// The URL of the page's request: only a response to it is streamed (not one to a request a middleware
    /// sends on its own, such as a token fetch, nor a redirected one, which are read whole).
    let url: URL

    /// A stream for the page at `url` that asks the transport to pause once `limit` bytes wait for the reader.
    init(for url: URL, limit: Int = 1 << 20) {
        self.url = url
        self.limit = max(limit, 1)
    }

    /// The most bytes the stream held at once (entries not yet taken plus the entry being received).
    var peakBufferedBytes: Int { lock.withLock { peak } }
    /// How many times the stream asked the transport to pause.
    var pauses: Int { lock.withLock { refusals } }

    /// A response starts: returns whether its body is to be streamed here. False for anything but a GET of
    /// `url` answered 2xx with a JSON content type, and for a request sent again after entries of an earlier
    /// attempt were taken (the reader then fails rather than see them twice).
    package func begin(_ request: HTTPRequest, statusCode: Int, headers: HTTPHeaders) -> Bool {
        guard request.method == "GET", request.url == url, request.responseBodyFile == nil, (200..<300).contains(statusCode),
            let type = headers["Content-Type"], HTTPResponse.mediaType(of: type).hasSuffix("json")
        else { return false }
        return lock.withLock {
            if began, chunker.handedOut {
                failure = ODataError(
                    .transport, "the page was sent again after part of it had been delivered", method: request.method, url: request.url)
                return false
            }
            began = true
            chunker = JSONFeedChunker()  // a retried request starts over
            return true
        }
    }

    /// Called (on any thread) when there is room again after `offer` refused bytes or `append` asked for a pause.
    package func onRoom(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { roomHandler = handler }
    }

    /// Takes the next piece of the body unless `limit` bytes already wait for the reader: then returns
    /// false, takes nothing, and calls the `onRoom` handler once the reader has taken them.
    package func offer(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let (taken, reader) = lock.withLock { () -> (Bool, CheckedContinuation<Void, Never>?) in
            if chunker.hasRun, chunker.bufferedBytes >= limit {
                roomWanted = true
                refusals += 1
                return (false, nil)
            }
            chunker.append(bytes)
            peak = max(peak, chunker.bufferedBytes)
            return (true, chunker.hasRun ? takeWaiter() : nil)
        }
        reader?.resume()
        return taken
    }

    /// Takes the next piece of the body; returns false when the transport should pause (the `onRoom`
    /// handler is called once the reader has caught up).
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let (room, reader) = lock.withLock { () -> (Bool, CheckedContinuation<Void, Never>?) in
            chunker.append(bytes)
            peak = max(peak, chunker.bufferedBytes)
            let full = chunker.hasRun && chunker.bufferedBytes >= limit
            if full {
                roomWanted = true
                refusals += 1
            }
            return (!full, chunker.hasRun ? takeWaiter() : nil)
        }
        reader?.resume()
        return room
    }

    /// The body has ended (or the request failed with `error`): the reader takes what is left.
    func close(_ error: (any Error)? = nil) {
        let reader = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            closed = true
            if failure == nil, let error { failure = error }
            return takeWaiter()
        }
        reader?.resume()
    }

    /// The next run of complete entries (a bare JSON array in its bytes) with its offset in the body, waiting
    /// for the transport; nil once the stream is closed and every run was taken.
    func nextRun() async throws -> JSONFeedChunker.Run? {
        while true {
            let (result, wake, done) = lock.withLock { () -> (JSONFeedChunker.Run?, (@Sendable () -> Void)?, Bool) in
                if let run = chunker.takeRun() {
                    var wake: (@Sendable () -> Void)?
                    if roomWanted {
                        roomWanted = false
                        wake = roomHandler
                    }
                    return (run, wake, false)
                }
                return (nil, nil, closed)
            }
            wake?()
            if let result { return result }
            if done {
                if let failure = lock.withLock({ failure }) { throw failure }
                return nil
            }
            await withCheckedContinuation { continuation in
                let ready = lock.withLock { () -> Bool in
                    if chunker.hasRun || closed { return true }
                    waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    /// Whether a body was streamed here.
    var didStream: Bool { lock.withLock { began } }

    /// The rest of a streamed body after the last run: the envelope with the paging facts, or the whole
    /// body when it held no entry array.
    func remainder() throws -> JSONFeedChunker.Remainder {
        try lock.withLock { try chunker.finish() }
    }

    /// The waiting reader, if any (called under the lock).
    private func takeWaiter() -> CheckedContinuation<Void, Never>? {
        defer { waiter = nil }
        return waiter
    }
}

/// A transport that can hand a page's body to `ResponseBodyStream.current` while it arrives. A page is
/// read through a stream (a task of its own and the stream's buffer) only when the provider's transport
/// conforms and `streamsResponseBodies` is true: any other transport answers with whole bodies, so its
/// pages are decoded whole without that set-up.
package protocol ResponseStreamingTransport: ODataTransport {
    /// Whether this transport streams bodies into `ResponseBodyStream.current`.
    var streamsResponseBodies: Bool { get }
}
