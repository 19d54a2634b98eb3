import Foundation

/// The body of a feed page handed from a transport to its reader piece by piece while it arrives,
/// with a bounded buffer between the two.
///
/// The reader (`PagedEntities`, or `fetchEntities` through `collectPage`) sets the stream on the page's request
/// (`HTTPRequest.responseBodyStream`), which passes through the middlewares to the transport. A transport that
/// streams (`ODataTransport.streamsResponseBodies`: `URLSessionTransport` with its own session, `CurlTransport`, or
/// your own) asks `begin(_:statusCode:headers:)` when a response starts and, when that answers true, hands the body
/// to `offer(_:)` or `append(_:)` instead of collecting it in `HTTPResponse.body` (which stays empty), and calls
/// `close(_:)` when the body ends or the transfer fails. The reader takes the chunks received so far as an
/// `AsyncSequence` (the SDK's own readers decode each one with the format's `IncrementalFeedReader`).
///
/// Back-pressure: once `limit` bytes wait for the reader, `offer` refuses the bytes (the transport pauses
/// the transfer and offers them again after `onRoom` was called); `append` always takes them and answers
/// whether the transport should pause. Only a GET of the page's URL answered 2xx with a content type of the
/// page's format (`accepts`, the codec's: JSON, or Atom's `application/atom+xml` and `application/xml`) is
/// streamed.
///
/// A stream made with `wholeBelow` (the page read whole by `fetchEntities`) streams only a body that is large
/// or of unknown length: it answers false in `begin` when the response announces a smaller body, so the
/// transport collects that one in `HTTPResponse.body` as it would without a stream. When it does stream, it
/// calls the `onStreaming` handler first (which starts the reader). The reader stops a transfer it cannot use
/// with `abort()`, which calls the transport's `onAbort` handler.
public final class ResponseBodyStream: AsyncSequence, @unchecked Sendable {
    /// One chunk of the body: the bytes received since the reader last took some.
    public typealias Element = [UInt8]

    /// Bytes held for the reader above which the transport is asked to pause (one entry larger than this is
    /// still taken whole).
    let limit: Int

    private let lock = NSLock()
    /// The bytes received and not yet taken by the reader, and where they start in the body.
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    /// An emptied buffer the reader gave back, for `pending` to reuse.
    private var spare: [UInt8] = []
    private var began = false
    private var closed = false
    private var failure: (any Error)?
    private var waiter: CheckedContinuation<Void, Never>?
    private var roomWanted = false
    private var roomHandler: (@Sendable () -> Void)?
    private var peak = 0
    private var refusals = 0
    private var piecesTaken = 0
    private var streamingHandler: (@Sendable () -> Void)?
    private var abortHandler: (@Sendable () -> Void)?
    private var aborted = false

    /// The URL of the page's request: only a response to it is streamed (not one to a request a middleware
    /// sends on its own, such as a token fetch, nor a redirected one, which are read whole).
    let url: URL

    /// Below how many (decoded) body bytes a response is read whole rather than streamed; nil: every
    /// response that can be streamed is.
    let wholeBelow: Int?

    /// Whether a response's media type (lower-cased, without parameters) is the page's format: a response of
    /// another content type is not streamed.
    let accepts: @Sendable (String) -> Bool

    /// A stream for the page at `url` whose media type `accepts` takes (the provider's codec's; JSON by default)
    /// that asks the transport to pause once `limit` bytes wait for the reader; with `wholeBelow`, a response
    /// announcing a smaller body is left to the transport to read whole.
    public init(
        for url: URL, accepts: @escaping @Sendable (String) -> Bool = { $0.hasSuffix("json") }, limit: Int = 1 << 20,
        wholeBelow: Int? = nil
    ) {
        self.url = url
        self.accepts = accepts
        self.limit = Swift.max(limit, 1)
        self.wholeBelow = wholeBelow
    }

    /// The most bytes the stream held at once for the reader.
    var peakBufferedBytes: Int { lock.withLock { peak } }
    /// How many times the stream asked the transport to pause.
    var pauses: Int { lock.withLock { refusals } }
    /// How many pieces of the body the reader has taken so far.
    var takenPieces: Int { lock.withLock { piecesTaken } }

    /// How much bigger than its `Content-Length` a content-encoded body is taken to be once decoded: verbose
    /// JSON feeds shrink 5–15 times under gzip, so this errs towards reading a page whole (which costs only
    /// the overlap of decoding with the transfer, never correctness).
    static let encodedExpansion = 4

    /// Whether a response with these headers is read whole under `wholeBelow`: its body is announced
    /// (`Content-Length`) and, decoded, smaller than the threshold. A body of unknown length (chunked) streams.
    static func isSmall(_ headers: HTTPHeaders, below threshold: Int) -> Bool {
        guard let length = headers.contentLength, length >= 0 else { return false }
        let encoding = headers["Content-Encoding"].map(HTTPResponse.mediaType(of:)) ?? ""  // trimmed, lowercased
        let decoded =
            encoding.isEmpty || encoding == "identity" ? length : length.multipliedReportingOverflow(by: encodedExpansion).partialValue
        return decoded < threshold
    }

    /// A response starts: returns whether its body is to be streamed here. False for anything but a GET of
    /// `url` answered 2xx with a content type `accepts` takes, and for a request sent again after the reader took part
    /// of an earlier attempt's body (the reader then fails rather than see entries twice).
    /// With `wholeBelow`, also false for a response announcing a smaller body (read whole by the transport).
    public func begin(_ request: HTTPRequest, statusCode: Int, headers: HTTPHeaders) -> Bool {
        guard request.method == "GET", request.url == url, request.responseBodyFile == nil else { return false }
        let isPage =
            (200..<300).contains(statusCode)
            && headers["Content-Type"].map { accepts(HTTPResponse.mediaType(of: $0)) } == true
        let streamable = isPage && !(wholeBelow.map { Self.isSmall(headers, below: $0) } ?? false)
        let (streams, starting) = lock.withLock { () -> (Bool, (@Sendable () -> Void)?) in
            if began, piecesTaken > 0 {
                if isPage {
                    failure = ODataError(
                        .transport, "the page was sent again after part of it had been delivered", method: request.method,
                        url: request.url)
                }
                return (false, nil)
            }
            pending.removeAll(keepingCapacity: true)  // a retried request starts over
            pendingOffset = 0
            guard streamable else {
                began = false  // a retried request read whole: the body is in its response, not here
                return (false, nil)
            }
            let first = !began
            began = true
            defer { if first { streamingHandler = nil } }
            return (true, first ? streamingHandler : nil)
        }
        starting?()
        return streams
    }

    /// Called (on the transport's thread, once) when a body starts streaming, before any of its bytes are offered.
    func onStreaming(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { streamingHandler = handler }
    }

    /// Called (on any thread) when the reader gave up on the page: the transport stops the transfer.
    public func onAbort(_ handler: @escaping @Sendable () -> Void) {
        let now = lock.withLock { () -> Bool in
            abortHandler = handler
            return aborted
        }
        if now { handler() }
    }

    /// The reader gave up on the page (its entries cannot be decoded): asks the transport to stop the transfer.
    public func abort() {
        let handler = lock.withLock { () -> (@Sendable () -> Void)? in
            aborted = true
            return abortHandler
        }
        handler?()
    }

    /// Called (on any thread) when there is room again after `offer` refused bytes or `append` asked for a pause.
    public func onRoom(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { roomHandler = handler }
    }

    /// Takes the next piece of the body unless `limit` bytes already wait for the reader: then returns
    /// false, takes nothing, and calls the `onRoom` handler once the reader has taken them.
    public func offer(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let (taken, reader) = lock.withLock { () -> (Bool, CheckedContinuation<Void, Never>?) in
            if pending.count >= limit {
                roomWanted = true
                refusals += 1
                return (false, nil)
            }
            pending.append(contentsOf: bytes)
            peak = Swift.max(peak, pending.count)
            return (true, takeWaiter())
        }
        reader?.resume()
        return taken
    }

    /// Takes the next piece of the body; returns false when the transport should pause (the `onRoom`
    /// handler is called once the reader has caught up).
    public func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let (room, reader) = lock.withLock { () -> (Bool, CheckedContinuation<Void, Never>?) in
            pending.append(contentsOf: bytes)
            peak = Swift.max(peak, pending.count)
            let full = pending.count >= limit
            if full {
                roomWanted = true
                refusals += 1
            }
            return (!full, takeWaiter())
        }
        reader?.resume()
        return room
    }

    /// The body has ended (or the request failed with `error`): the reader takes what is left.
    public func close(_ error: (any Error)? = nil) {
        let reader = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            closed = true
            if failure == nil, let error { failure = error }
            return takeWaiter()
        }
        reader?.resume()
    }

    /// A piece of the body: the bytes received since the reader last took some.
    struct Piece {
        /// The bytes.
        var bytes: [UInt8]
        /// Where they start in the body.
        var bodyOffset: Int
    }

    /// The bytes received since the last call, waiting for the transport when there are none; nil once the
    /// stream is closed and every byte was taken. Give the piece back with `recycle(_:)` once read.
    func nextPiece() async throws -> Piece? {
        while true {
            let (piece, wake, done) = lock.withLock { () -> (Piece?, (@Sendable () -> Void)?, Bool) in
                guard pending.isEmpty else {
                    piecesTaken += 1
                    var bytes = spare
                    spare = []
                    swap(&bytes, &pending)
                    let piece = Piece(bytes: bytes, bodyOffset: pendingOffset)
                    pendingOffset += bytes.count
                    var wake: (@Sendable () -> Void)?
                    if roomWanted {
                        roomWanted = false
                        wake = roomHandler
                    }
                    return (piece, wake, false)
                }
                return (nil, nil, closed)
            }
            wake?()
            if let piece { return piece }
            if done {
                if let failure = lock.withLock({ failure }) { throw failure }
                return nil
            }
            await withCheckedContinuation { continuation in
                let ready = lock.withLock { () -> Bool in
                    if !pending.isEmpty || closed { return true }
                    waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    /// Gives a piece's buffer back for the transport's next bytes (saves allocating one per piece).
    func recycle(_ piece: inout Piece) {
        piece.bytes.removeAll(keepingCapacity: true)
        lock.withLock { if spare.capacity < piece.bytes.capacity { swap(&spare, &piece.bytes) } }
    }

    /// Whether a body was streamed here.
    var didStream: Bool { lock.withLock { began } }

    /// The waiting reader, if any (called under the lock).
    private func takeWaiter() -> CheckedContinuation<Void, Never>? {
        defer { waiter = nil }
        return waiter
    }
}

extension ResponseBodyStream {
    /// Reads the chunks of the body as they arrive; ends when the transport closes the stream, throws the
    /// transfer's error if it failed. Taking a chunk makes room for the transport (back-pressure).
    public struct AsyncIterator: AsyncIteratorProtocol {
        let stream: ResponseBodyStream

        /// The next chunk, nil once the body has ended.
        public mutating func next() async throws -> [UInt8]? {
            try await stream.nextPiece()?.bytes
        }
    }

    /// An iterator over the body's chunks (one reader at a time).
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(stream: self) }
}
