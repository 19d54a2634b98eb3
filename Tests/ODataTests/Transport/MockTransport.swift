import Foundation

@testable import OData

/// A scripted transport for unit tests: records every request and answers from a closure.
final class MockTransport: ODataTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []
    private let respond: @Sendable (HTTPRequest, Int) throws -> HTTPResponse

    /// `respond` gets the request and its zero-based sequence number.
    init(_ respond: @escaping @Sendable (HTTPRequest, Int) throws -> HTTPResponse) {
        self.respond = respond
    }

    var requests: [HTTPRequest] { lock.withLock { recorded } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let index = lock.withLock {
            recorded.append(request)
            return recorded.count - 1
        }
        return try respond(request, index)
    }
}

extension HTTPResponse {
    static func make(_ status: Int, _ headers: HTTPHeaders = HTTPHeaders(), body: String = "", url: URL) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8), url: url)
    }
}

let testRoot = URL(string: "http://127.0.0.1:9/svc/")!

func loadPayload(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: "Resources/payloads/" + name, withExtension: nil) else {
        throw ODataError(.invalidRequest, "missing test resource \(name)")
    }
    return try Data(contentsOf: url)
}
