import Foundation

/// Waiting for a task with a bound, for tests of calls that must end promptly (a cancelled call): a call that
/// hangs fails the test instead of hanging the suite.
public enum BoundedWait {
    /// The outcome of `task`, or nil when it has not ended within `seconds` (the task is left running).
    public static func value<Success: Sendable>(of task: Task<Success, Never>, within seconds: TimeInterval) async -> Success? {
        let box = OutcomeBox<Success>()
        Task { box.set(await task.value) }
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let value = box.value { return value }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return box.value
    }
}

/// A one-shot signal from one task to another: `wait(within:)` returns true once `fulfil()` was called.
public final class OneShotSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var fulfilled = false

    /// A signal not yet given.
    public init() {}

    /// Gives the signal.
    public func fulfil() { lock.withLock { fulfilled = true } }

    /// Whether the signal was given within `seconds`.
    public func wait(within seconds: TimeInterval) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if lock.withLock({ fulfilled }) { return true }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return lock.withLock { fulfilled }
    }
}

private final class OutcomeBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    var value: Value? { lock.withLock { stored } }

    func set(_ value: Value) { lock.withLock { stored = value } }
}
