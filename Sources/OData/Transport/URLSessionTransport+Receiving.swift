import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a data or upload task of a `URLSessionTransport`'s own session receives, through the session's delegate
/// (`TransportDelegate`): the task has no completion handler, so the body of every answer reaches the transport,
/// also that of a `401` whose authentication challenge the delegate declines (a completion handler would get none).
///
/// The body goes to a `ResponseBodyStream` as it arrives when the task's GET carries one and the stream takes the
/// response (2xx, the page's format); otherwise it is collected in memory. swift-corelibs-foundation gives no way to
/// stop reading from the socket, so a slow reader makes the stream hold the raw bytes (never decoded entities).
final class TaskReceiver: @unchecked Sendable {
    private let stream: ResponseBodyStream?
    private let request: HTTPRequest
    private let completion: @Sendable (_ body: Data, _ response: URLResponse?, _ error: (any Error)?, _ received: Int) -> Void
    // Touched only on the session's delegate queue, one call at a time.
    private var streaming = false
    private var body = Data()
    private var received = 0
    /// The task, to cancel when the stream's reader gives up on the page.
    weak var task: URLSessionTask?

    /// A receiver that calls `completion` with the collected body (empty when streamed), the response, the error
    /// and the count of body bytes received (streamed or collected).
    init(
        stream: ResponseBodyStream?, request: HTTPRequest,
        completion: @escaping @Sendable (_ body: Data, _ response: URLResponse?, _ error: (any Error)?, _ received: Int) -> Void
    ) {
        self.stream = stream
        self.request = request
        self.completion = completion
    }

    func begin(_ response: URLResponse) {
        guard let stream, let http = response as? HTTPURLResponse else { return }
        let task = self.task
        stream.onAbort { [weak task] in task?.cancel() }
        streaming = stream.begin(request, statusCode: http.statusCode, headers: URLSessionTransport.headers(of: http))
    }

    func receive(_ data: Data) {
        received += data.count
        if streaming {
            _ = data.withUnsafeBytes { stream?.append($0) }
        } else if body.isEmpty {
            body = data
        } else {
            body.append(data)
        }
    }

    func complete(_ response: URLResponse?, _ error: (any Error)?) {
        completion(body, response, error, received)
    }
}

extension TransportDelegate: URLSessionDataDelegate {
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        receiver(of: dataTask)?.begin(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        receiver(of: dataTask)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        takeReceiver(of: task)?.complete(task.response, error)
    }
}

extension URLSessionTransport {
    /// A data task (an upload task for a body in a file) whose answer `delegate` hands to a `TaskReceiver`, registered
    /// before it starts: streamed into `stream` when given, else collected.
    func receivingTask(
        _ urlRequest: URLRequest, request: HTTPRequest, stream: ResponseBodyStream?, delegate: TransportDelegate,
        completion: @escaping @Sendable (_ body: Data, _ response: URLResponse?, _ error: (any Error)?, _ received: Int) -> Void
    ) -> URLSessionTask {
        let task: URLSessionTask
        if case .file(let file) = request.body {
            task = session.uploadTask(with: urlRequest, fromFile: file)
        } else {
            task = session.dataTask(with: urlRequest)
        }
        let receiver = TaskReceiver(stream: stream, request: request, completion: completion)
        receiver.task = task
        delegate.register(receiver, for: task)
        return task
    }

    /// The headers of a response.
    static func headers(of http: HTTPURLResponse) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers.add(name, value) }
        }
        return headers
    }
}
