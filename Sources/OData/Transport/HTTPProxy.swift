import Foundation

/// An HTTP proxy that requests go through: a forward proxy for `http://` URLs and a `CONNECT` tunnel for
/// `https://` ones.
///
/// Set one per transport (its configuration) or per request (`HTTPRequest.proxy`, which wins): an SAP BTP
/// destination of proxy type `OnPremise` sends its requests through the connectivity proxy this way.
public struct HTTPProxy: Sendable {
    /// The proxy's address: `http://host:port`.
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
}

extension HTTPProxy: CustomStringConvertible {
    /// The proxy's address and whether credentials are set, never the credentials.
    public var description: String {
        let credentials = user != nil || password != nil ? " (with credentials)" : ""
        let headerNote = headers.fields.isEmpty ? "" : " (with \(headers.fields.count) proxy header(s))"
        return "HTTPProxy(\(url.absoluteString)\(credentials)\(headerNote))"
    }
}
