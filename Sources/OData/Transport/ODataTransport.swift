import Foundation

/// Carries HTTP requests for a data service. The default is `URLSessionTransport`; plug in
/// another HTTP client by conforming to this protocol.
///
/// A transport throws `ODataError` (`.transport`, `.timeout`, `.cancelled`, `.truncatedBody`)
/// for failures below HTTP and returns every HTTP response, whatever its status.
/// It must cancel the request when the calling task is cancelled.
///
/// A transport never follows redirects: it returns a `3xx` response as it came (status,
/// `Location`, body). The provider's `RedirectMiddleware` decides by `RedirectPolicy`, so that
/// credentials are never sent to another origin behind the SDK's back. (`URLSessionTransport`'s
/// delegate refuses every redirect; a libcurl transport leaves `CURLOPT_FOLLOWLOCATION` off.)
/// The pipeline checks header names and values before the transport sees them (no CR, LF or NUL).
///
/// Streaming response bodies is a capability a transport may offer: one whose `streamsResponseBodies` is true
/// hands the body of a response to the request's `responseBodyStream` while it arrives, when the stream takes it
/// (`ResponseBodyStream.begin(_:statusCode:headers:)` answers true), with back-pressure: it pauses the transfer
/// when `offer(_:)` refuses a chunk (or `append(_:)` answers false) until the stream's `onRoom` handler runs, stops
/// it when the `onAbort` handler runs, and calls `close(_:)` at the end. The provider then decodes large pages
/// while they arrive; over a transport that does not stream, pages arrive whole.
public protocol ODataTransport: Sendable {
    /// Sends one request and returns the response (any status).
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Whether this transport hands response bodies to `HTTPRequest.responseBodyStream` while they arrive (false
    /// by default).
    var streamsResponseBodies: Bool { get }
}

extension ODataTransport {
    /// Bodies arrive whole in `HTTPResponse.body`.
    public var streamsResponseBodies: Bool { false }
}
