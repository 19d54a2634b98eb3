import Foundation

/// Carries HTTP requests for a data service. The default is `URLSessionTransport`; plug in
/// another HTTP client by conforming to this protocol.
///
/// A transport throws `ODataError` (`.transport`, `.timeout`, `.cancelled`, `.truncatedBody`)
/// for failures below HTTP and returns every HTTP response, whatever its status.
/// It must cancel the request when the calling task is cancelled.
public protocol ODataTransport: Sendable {
    /// Sends one request and returns the response (any status).
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
