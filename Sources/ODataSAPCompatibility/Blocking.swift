import Dispatch
import Foundation
import OData

/// The one adapter behind every synchronous form: runs async work to completion on the cooperative pool while
/// the calling thread waits (the synchronous, `throws`-not-`async` forms SAP code calls from background queues).
///
/// Deadlock caveat: the calling thread blocks until the work finishes. Never call a synchronous form on the
/// main thread when the work needs it (a `@MainActor` completion, UI), nor from a task on the cooperative
/// pool (the forms are `@available(*, noasync)`, so an `async` function uses the async form; a synchronous
/// function called from a task can still exhaust the pool, which has one thread per core).
enum Blocking {
    /// The value of `operation`, or its error, once it finished.
    static func run<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) throws -> Value {
        let outcome = Outcome<Value>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                outcome.set(.success(try await operation()))
            } catch {
                outcome.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    /// The result, handed from the task to the waiting thread (the semaphore orders the accesses; the lock
    /// makes that visible to the checker).
    private final class Outcome<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<Value, any Error>?

        func set(_ result: Result<Value, any Error>) { lock.withLock { self.result = result } }

        func get() throws -> Value {
            guard let result = lock.withLock({ result }) else { throw ODataError(.cancelled, "the operation did not finish") }
            return try result.get()
        }
    }
}
