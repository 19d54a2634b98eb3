import Foundation
import OData

/// A transport that answers from recorded payload files by `METHOD absolute-URL` (the effective method,
/// after any `X-HTTP-Method` tunnelling) and remembers every request it got in that form. Requests
/// without a recording get a 404 with an OData JSON error.
public final class RecordedTransport: ODataTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var log: [String] = []
    private let payloads: [String: String]
    private let directory: URL
    private let contentType: String

    /// `payloads` maps `METHOD absolute-URL` to a file name in `directory`, answered with `contentType`.
    public init(_ payloads: [String: String], directory: URL, contentType: String = "application/json") {
        self.payloads = payloads
        self.directory = directory
        self.contentType = contentType
    }

    /// The requests so far as `METHOD absolute-URL`.
    public var requests: [String] { lock.withLock { log } }

    /// Answers with the recorded payload (200) or a 404 OData error.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = "\(request.effectiveMethod) \(request.url.absoluteString)"
        lock.withLock { log.append(key) }
        guard let name = payloads[key] else {
            return HTTPResponse(
                statusCode: 404, body: Data("{\"error\":{\"code\":\"404\",\"message\":{\"lang\":\"en\",\"value\":\"not recorded\"}}}".utf8),
                url: request.url)
        }
        var headers = HTTPHeaders()
        headers["Content-Type"] = contentType
        return HTTPResponse(
            statusCode: 200, headers: headers, body: try Data(contentsOf: directory.appendingPathComponent(name)), url: request.url)
    }
}
