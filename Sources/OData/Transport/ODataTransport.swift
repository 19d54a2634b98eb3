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
public protocol ODataTransport: Sendable {
    /// Sends one request and returns the response (any status).
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
