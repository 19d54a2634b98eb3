/// The one completion-handler adapter: every completion-handler form of the SDK (a generated container's, a
/// `DataService`'s, `EntityPageLoader`'s, and any async call through `DataService.complete(_:_:)`) runs its `async`
/// form in a task through here.
///
/// The callback rule, the same for every handler: it is called once, **on the main actor**, with `(result, nil)` on
/// success or `(nil, error)` on failure (also when the task was cancelled). The main actor because SAP calls its
/// handlers on the main queue: the ported code this form exists for is a `@MainActor` view controller whose
/// handler touches `self` and its views. Code that wants another queue or thread uses the `async` form, which
/// runs wherever the caller is. The main actor runs in an app and in a command-line program with an `async` entry
/// point or top-level `await`; a program that blocks its main thread gets no handlers called.
package enum CompletionBridge {
    /// Starts `operation` in a task and reports its outcome to `completionHandler` on the main actor. Returns the
    /// task, which can be cancelled.
    @discardableResult
    package static func run<Result: Sendable>(
        _ completionHandler: @escaping @MainActor (Result?, (any Error)?) -> Void,
        _ operation: @escaping @Sendable () async throws -> Result
    ) -> Task<Void, Never> {
        Task {
            do {
                let result = try await operation()
                await completionHandler(result, nil)
            } catch {
                await completionHandler(nil, error)
            }
        }
    }

    /// `run(_:_:)` for operations without a result: the handler gets `nil` on success, else the error.
    @discardableResult
    package static func runVoid(
        _ completionHandler: @escaping @MainActor ((any Error)?) -> Void, _ operation: @escaping @Sendable () async throws -> Void
    ) -> Task<Void, Never> {
        run({ (_: Void?, error: (any Error)?) in completionHandler(error) }, operation)
    }
}
