import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// The error for a request that names a proxy: swift-corelibs-foundation never hands a proxy to libcurl
    /// (`connectionProxyDictionary` is ignored), so the request would silently go direct.
    static func proxyUnsupported(_ proxy: HTTPProxy, request: HTTPRequest) -> ODataError {
        ODataError(
            .unsupportedOperation,
            "\(request.method) \(request.url.absoluteString) names the proxy \(proxy.displayURL), which URLSessionTransport cannot "
                + "use: URLSession on Linux ignores connectionProxyDictionary and takes proxies only from the environment "
                + "(http_proxy, HTTPS_PROXY, NO_PROXY). Use CurlTransport (import ODataCurl) for explicit proxies, proxy "
                + "credentials and proxy headers.",
            method: request.method, url: request.url)
    }

    /// A `407` from the environment's proxy as the typed error naming that proxy (an origin server does not send 407).
    static func checkedProxyAnswer(_ response: HTTPResponse, request: HTTPRequest) -> Result<HTTPResponse, any Error> {
        guard response.statusCode == 407 else { return .success(response) }
        let proxy = HTTPProxy.fromEnvironment(for: request.url)?.displayURL ?? "(unknown)"
        return .failure(
            ODataError(
                .transport,
                "\(request.method) \(request.url.absoluteString) failed: the proxy \(proxy) (from the environment) refused the "
                    + "request: 407 Proxy Authentication Required (its credentials were refused or missing)",
                method: request.method, url: request.url, statusCode: 407, responseHeaders: response.headers))
    }

    /// The response with what this transport measures: the total time and the body sizes (`received`: the body bytes
    /// that arrived, also those handed to a stream rather than kept in the response; nil: the response's body).
    static func measured(_ response: HTTPResponse, request: HTTPRequest, since started: UInt64, received: Int?) -> HTTPResponse {
        var response = response
        let sent: Int
        switch request.body {
        case .none: sent = 0
        case .data(let data): sent = data.count
        case .file(let file): sent = fileSize(file)
        }
        let received = received ?? response.bodyFile.map(fileSize) ?? response.body.count
        response.transferMetrics = TransferMetrics(
            total: TimeInterval(DispatchTime.now().uptimeNanoseconds &- started) / 1e9, bytesSent: sent, bytesReceived: received)
        return response
    }
}
