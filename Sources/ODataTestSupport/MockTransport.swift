import Foundation
import OData

/// A scripted transport for tests: records every request and answers from a closure, so that an
/// `OnlineODataProvider` can be tested without a server
/// (`OnlineODataProvider(serviceName:serviceRoot:transport: MockTransport { request, index in … })`).
public final class MockTransport: ODataTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []
    private let respond: @Sendable (HTTPRequest, Int) throws -> HTTPResponse

    /// `respond` gets the request and its zero-based sequence number; what it throws, `send` throws.
    public init(_ respond: @escaping @Sendable (HTTPRequest, Int) throws -> HTTPResponse) {
        self.respond = respond
    }

    /// The requests sent so far, in order.
    public var requests: [HTTPRequest] { lock.withLock { recorded } }

    /// Records the request and answers it with the closure's response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let index = lock.withLock {
            recorded.append(request)
            return recorded.count - 1
        }
        return try respond(request, index)
    }
}

extension HTTPResponse {
    /// A response with a status, headers and a UTF-8 body, for scripted transports.
    public static func make(_ status: Int, _ headers: HTTPHeaders = HTTPHeaders(), body: String = "", url: URL) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8), url: url)
    }
}
