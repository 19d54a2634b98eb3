import Foundation
import OData

/// Receives the body of a successful response piece by piece as libcurl delivers it, instead of the
/// body being collected into `HTTPResponse.body`. Set for a task through `CurlBodyObserver.current`;
/// a `CurlTransport` send in that task (through the provider's middlewares) streams into it.
///
/// `begin`, `receive` run on the transport's thread and must be quick; the observer hands work on.
final class CurlBodyObserver: @unchecked Sendable {
    /// The observer of the current task's requests, if any.
    @TaskLocal static var current: CurlBodyObserver?

    private let lock = NSLock()
    private var chunker = JSONFeedChunker()
    private let runs: AsyncStream<Data>.Continuation
    private var problem: ODataError?
    private var began = false

    /// An observer that hands each run of complete entries to `runs`.
    init(runs: AsyncStream<Data>.Continuation) {
        self.runs = runs
    }

    /// A successful response starts; returns false when its body cannot be streamed (a retried request
    /// after entries of the first attempt were delivered; the stream then fails rather than repeat them).
    func begin() -> Bool {
        lock.withLock {
            if began, chunker.handedOut {
                problem = ODataError(.transport, "the page was sent again after part of it had been delivered")
                return false
            }
            began = true
            chunker = JSONFeedChunker()  // a retried request starts over
            return true
        }
    }

    /// The next piece of the body.
    func receive(_ bytes: UnsafeRawBufferPointer) {
        let run = lock.withLock { chunker.append(bytes) }
        if let run { runs.yield(run) }
    }

    /// Ends the stream of runs and returns what remains of the body (nil when no body was streamed).
    func finish() throws -> JSONFeedChunker.Remainder? {
        runs.finish()
        return try lock.withLock {
            if let problem { throw problem }
            return began ? try chunker.finish() : nil
        }
    }
}
