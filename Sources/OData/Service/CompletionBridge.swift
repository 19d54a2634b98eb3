import Dispatch

/// Runs async operations for the completion-handler forms of `DataService` and `OnlineODataProvider`.
enum CompletionBridge {
    /// Starts `operation` in a task and calls `completionHandler` on `queue` with `(result, nil)` on
    /// success or `(nil, error)` on failure. The task is returned so that the caller can cancel it.
    @discardableResult
    static func run<Result: Sendable>(
        on queue: DispatchQueue, _ completionHandler: @escaping @Sendable (Result?, (any Error)?) -> Void,
        _ operation: @escaping @Sendable () async throws -> Result
    ) -> Task<Void, Never> {
        Task {
            do {
                let result = try await operation()
                queue.async { completionHandler(result, nil) }
            } catch {
                queue.async { completionHandler(nil, error) }
            }
        }
    }
}

extension OnlineODataProvider {
    /// Runs an async operation for a completion-handler form: the handler is called on
    /// `options.completionQueue` with the result or the error. Returns the task, which can be cancelled.
    @discardableResult
    public func complete<Result: Sendable>(
        _ completionHandler: @escaping @Sendable (Result?, (any Error)?) -> Void,
        _ operation: @escaping @Sendable () async throws -> Result
    ) -> Task<Void, Never> {
        CompletionBridge.run(on: options.completionQueue, completionHandler, operation)
    }

    /// `complete(_:_:)` for operations without a result: the handler gets `nil` on success, else the error.
    @discardableResult
    public func completeVoid(
        _ completionHandler: @escaping @Sendable ((any Error)?) -> Void, _ operation: @escaping @Sendable () async throws -> Void
    ) -> Task<Void, Never> {
        complete({ (_: Void?, error: (any Error)?) in completionHandler(error) }, operation)
    }
}
