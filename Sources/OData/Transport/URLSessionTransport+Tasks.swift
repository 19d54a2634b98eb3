import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// The answer of a download task: a successful body moved to `destination`, another one read into memory.
    static func downloaded(
        _ request: HTTPRequest, to destination: URL, _ location: URL?, _ response: URLResponse?, _ error: (any Error)?,
        failure: FailureContext
    ) throws -> HTTPResponse {
        var result = try Self.response(request, data: nil, response: response, error: error, failure: failure)
        guard let location else { return result }
        if result.isSuccess {
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.moveItem(at: location, to: destination)
            result.bodyFile = destination
            try Self.checkLength(result, request: request, received: Self.fileSize(destination))
        } else {
            result.body = (try? Data(contentsOf: location)) ?? Data()
        }
        return result
    }

    /// A task over a session of the caller's, answered by a completion handler; a write gets a `ResendGuard` as its
    /// own delegate (the session's delegate still gets every other call).
    func completionTask(
        _ urlRequest: URLRequest, request: HTTPRequest, box: TaskBox, failure: FailureContext, completion: @escaping Completion
    ) -> URLSessionTask {
        let resends = request.body == .none ? nil : ResendGuard()
        let handler: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
            if resends?.stoppedResend == true, !box.isCancelled {
                return completion(.failure(Self.stoppedResend(request, error: error)), nil)
            }
            let failed = error.map { _ in box.progress }
            completion(
                Result {
                    try Self.response(
                        request, data: data, response: response ?? failed?.response, error: error,
                        failure: failure.with(expected: failed?.expected))
                }, nil)
        }
        let task: URLSessionTask
        if case .file(let file) = request.body {
            task = session.uploadTask(with: urlRequest, fromFile: file, completionHandler: handler)
        } else {
            task = session.dataTask(with: urlRequest, completionHandler: handler)
        }
        #if canImport(FoundationNetworking)
            if let resends { task.delegate = resends }
        #endif
        return task
    }
}

/// Holds the running task so that cancellation, which may come before or after it starts, reaches it.
final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    /// Resumes the task, or returns false (and never resumes it) when cancellation came first.
    func start(_ task: URLSessionTask) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled else { return false }
        self.task = task
        task.resume()
        return true
    }

    var isCancelled: Bool { lock.withLock { cancelled } }

    /// The task's response and the body length it announced (for errors whose completion has neither).
    var progress: (response: URLResponse?, expected: Int64) {
        lock.withLock { (task?.response, task?.countOfBytesExpectedToReceive ?? -1) }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}

/// The identifier of a task, set right after creation (before it can complete).
final class TaskIdentifier: @unchecked Sendable {
    var value = -1
}
