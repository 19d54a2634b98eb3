import Foundation

/// An HTTP proxy that requests go through: a forward proxy for `http://` URLs and a `CONNECT` tunnel for
/// `https://` ones.
///
/// Set one per transport (`CurlTransport.Configuration.proxy`) or per request (`HTTPRequest.proxy`, which
/// wins): an SAP BTP destination of proxy type `OnPremise` sends its requests through the connectivity proxy
/// this way. `CurlTransport` honours both; `URLSessionTransport` cannot on Linux (swift-corelibs-foundation
/// ignores `connectionProxyDictionary`) and refuses a request that names a proxy with
/// `ODataError.Kind.unsupportedOperation` rather than sending it directly. Both transports follow the
/// environment (`http_proxy`, `HTTPS_PROXY`, `NO_PROXY`) unless told otherwise.
public struct HTTPProxy: Sendable, Hashable {
    /// The proxy's address: `http://host:port` (user and password in it are taken when `user` is nil).
    public var url: URL
    /// The user for the proxy's basic authentication, if it asks for one.
    public var user: String?
    /// The password for the proxy's basic authentication; never logged.
    public var password: String?
    /// Headers for the proxy itself (`Proxy-Authorization: Bearer …`, `SAP-Connectivity-SCC-Location_ID`),
    /// never sent to the origin server through a tunnel.
    public var headers: HTTPHeaders

    /// Creates a proxy setting.
    public init(url: URL, user: String? = nil, password: String? = nil, headers: HTTPHeaders = HTTPHeaders()) {
        self.url = url
        self.user = user
        self.password = password
        self.headers = headers
    }

    /// The proxy's address without any user or password in it: what messages and logs show.
    public var displayURL: String {
        guard url.user != nil || url.password != nil, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.absoluteString
        }
        parts.user = nil
        parts.password = nil
        return parts.string ?? "\(url.scheme ?? "http")://\(url.host ?? "")"
    }

    /// The user and password for basic authentication: `user`/`password`, else those in `url` (percent-decoded).
    package var credentials: (user: String, password: String)? {
        if let user { return (user, password ?? "") }
        guard let user = url.user(percentEncoded: false) else { return nil }
        return (user, url.password(percentEncoded: false) ?? "")
    }
}

extension HTTPProxy: CustomStringConvertible {
    /// The proxy's address and whether credentials are set, never the credentials.
    public var description: String {
        let credentials = self.credentials != nil ? " (with credentials)" : ""
        let headerNote = headers.fields.isEmpty ? "" : " (with \(headers.fields.count) proxy header(s))"
        return "HTTPProxy(\(displayURL)\(credentials)\(headerNote))"
    }
}

extension HTTPProxy {
    /// The proxy the environment names for `url`'s scheme as libcurl reads it (`http_proxy` for http;
    /// `https_proxy`/`HTTPS_PROXY` for https; then `all_proxy`/`ALL_PROXY`), for messages; `NO_PROXY` is not applied.
    package static func fromEnvironment(for url: URL) -> HTTPProxy? {
        let environment = ProcessInfo.processInfo.environment
        let names =
            url.scheme?.lowercased() == "https"
            ? ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] : ["http_proxy", "all_proxy", "ALL_PROXY"]
        for name in names {
            if let value = environment[name], !value.isEmpty {
                return HTTPProxy(url: URL(string: value.contains("://") ? value : "http://" + value) ?? URL(fileURLWithPath: "/"))
            }
        }
        return nil
    }
}
