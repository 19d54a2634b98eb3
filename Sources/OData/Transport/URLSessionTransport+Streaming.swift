import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A data task whose body goes to a `ResponseBodyStream` as `URLSessionDataDelegate` receives it.
///
/// Used by `URLSessionTransport` (with its own session) for a GET whose `responseBodyStream`
/// is set: the task has no completion handler, so the session's delegate (`ChallengeDelegate`) gets the
/// response and each piece of the body and hands them here. A response the stream does not take
/// (not 2xx, not JSON) is collected in memory as usual. swift-corelibs-foundation gives no way to stop
/// reading from the socket, so a slow reader makes the stream hold the raw bytes (never decoded entities).
final class StreamingReceiver: @unchecked Sendable {
    private let stream: ResponseBodyStream
    private let request: HTTPRequest
    private let completion: @Sendable (Data?, URLResponse?, (any Error)?, Int) -> Void
    // Touched only on the session's delegate queue, one call at a time.
    private var streaming = false
    private var body = Data()
    private var received = 0
    /// The data task, to cancel when the stream's reader gives up on the page.
    weak var task: URLSessionTask?

    /// A receiver that calls `completion` with the collected body (empty when streamed), the response,
    /// the error and the count of body bytes received.
    init(
        stream: ResponseBodyStream, request: HTTPRequest,
        completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?, Int) -> Void
    ) {
        self.stream = stream
        self.request = request
        self.completion = completion
    }

    func begin(_ response: URLResponse) {
        guard let http = response as? HTTPURLResponse else { return }
        let task = self.task
        stream.onAbort { [weak task] in task?.cancel() }
        streaming = stream.begin(request, statusCode: http.statusCode, headers: URLSessionTransport.headers(of: http))
    }

    func receive(_ data: Data) {
        received += data.count
        if streaming {
            _ = data.withUnsafeBytes { stream.append($0) }
        } else {
            body.append(data)
        }
    }

    func complete(_ response: URLResponse?, _ error: (any Error)?) {
        completion(streaming ? Data() : body, response, error, received)
    }
}

extension ChallengeDelegate: URLSessionDataDelegate {
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
    /// A data task streaming into `stream`, registered with the session's delegate before it starts.
    func streamingTask(
        _ urlRequest: URLRequest, request: HTTPRequest, stream: ResponseBodyStream, delegate: ChallengeDelegate,
        completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?, Int) -> Void
    ) -> URLSessionTask {
        let task = session.dataTask(with: urlRequest)
        let receiver = StreamingReceiver(stream: stream, request: request, completion: completion)
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
