import Foundation

/// Turns OData operations into HTTP requests: URLs under the service root (with `sap-client` and
/// `sap-language` when set), methods, `Accept`, `Content-Type`, `If-Match`, `X-HTTP-Method` tunnelling
/// and bodies in the codec's format. Pure: no I/O, so every request can be checked on its own.
/// `OnlineODataProvider` sends what it builds through its middleware pipeline.
public struct ODataRequestBuilder: Sendable {
    /// The service root, ending in `/`.
    public let serviceRoot: URL
    /// The format of request bodies and of the `Accept` header.
    public let codec: any ODataPayloadCodec
    /// `sap-client` query option on every URL, if set.
    public var sapClient: String?
    /// `sap-language` query option on every URL, if set.
    public var sapLanguage: String?
    /// Whether absolute URLs (next links, edit links) may have another origin than the service root.
    public var allowsCrossOrigin: Bool

    /// A builder for a service root (a `/` is appended when missing).
    public init(
        serviceRoot: URL, codec: any ODataPayloadCodec = JSONPayloadCodec(), sapClient: String? = nil, sapLanguage: String? = nil,
        allowsCrossOrigin: Bool = false
    ) {
        self.serviceRoot = serviceRoot.absoluteString.hasSuffix("/") ? serviceRoot : serviceRoot.appendingPathComponent("")
        self.codec = codec
        self.sapClient = sapClient
        self.sapLanguage = sapLanguage
        self.allowsCrossOrigin = allowsCrossOrigin
    }

    /// An absolute URL for a path relative to the service root (`Customers('1')?$top=1`), with
    /// `sap-client` and `sap-language` appended when set (percent-encoded like every literal, by `URLEncoding`). An absolute http(s) URL is accepted only on the
    /// service root's origin unless `allowsCrossOrigin` (else `ODataError.crossOriginNextLink`).
    public func url(for relativeOrAbsolute: String) throws -> URL {
        let url: URL
        if Self.isAbsolute(relativeOrAbsolute) {
            guard let absolute = URL(string: relativeOrAbsolute) else {
                throw ODataError(.invalidRequest, "not a valid URL: \(relativeOrAbsolute)")
            }
            guard Self.sameOrigin(absolute, serviceRoot) || allowsCrossOrigin else {
                throw ODataError(
                    .crossOriginNextLink,
                    "refusing \(relativeOrAbsolute): its origin \(Origin(absolute)) is not the service's origin "
                        + "\(Origin(serviceRoot)) (RedirectPolicy.allowsCrossOrigin)",
                    url: absolute)
            }
            url = absolute
        } else {
            guard let resolved = URL(string: serviceRoot.absoluteString + relativeOrAbsolute) else {
                throw ODataError(.invalidRequest, "not a valid relative URL: \(relativeOrAbsolute)")
            }
            url = resolved
        }
        return addingSAPOptions(to: url)
    }

    /// The absolute URL of a query.
    public func url(of query: DataQuery) throws -> URL {
        try query.checkWireSupport()
        return try url(for: query.relativeURLString)
    }

    /// A GET with `Accept` set (the codec's unless `accept` is given or the headers have one).
    public func get(_ url: URL, headers: HTTPHeaders = HTTPHeaders(), accept: String? = nil) -> HTTPRequest {
        var request = HTTPRequest(method: "GET", url: url, headers: headers)
        if request.headers["Accept"] == nil { request.headers["Accept"] = accept ?? codec.acceptHeader }
        return request
    }

    /// A modifying request: `If-Match` from `etag` (unless the headers have one), the body with its
    /// content type, and MERGE/PATCH/PUT/DELETE sent as POST with `X-HTTP-Method` when `tunnels`.
    public func write(
        _ method: String, path: String, etag: String? = nil, headers: HTTPHeaders = HTTPHeaders(), tunnels: Bool = false,
        body: HTTPBody = .none, contentType: String? = nil
    ) throws -> HTTPRequest {
        var request = HTTPRequest(method: method, url: try url(for: path), headers: headers, body: body)
        if let etag, request.headers["If-Match"] == nil { request.headers["If-Match"] = etag }
        if let contentType { request.headers["Content-Type"] = contentType }
        if tunnels, method != "POST", method != "GET" {
            request.headers["X-HTTP-Method"] = method
            request.method = "POST"
        }
        return request
    }

    /// The path (relative to the service root) or absolute URL of an existing entity: its edit link,
    /// its URI, or the entity set and key.
    public func entityPath(_ entity: EntityValue, entitySet: EntitySetDescriptor? = nil) throws -> String {
        if let entitySet { try WireSupport.check(entitySet) }
        if let link = entity.metadata.editLink ?? entity.metadata.uri, !link.isEmpty {
            if Self.isAbsolute(link) {
                guard let absolute = URL(string: link), Self.sameOrigin(absolute, serviceRoot) else {
                    throw ODataError(.crossOriginNextLink, "the entity's link \(link) is not on the service's origin")
                }
            }
            return link
        }
        guard let entitySet else {
            throw ODataError(.invalidRequest, "the \(entity.entityType.name) has no URI; pass its entity set")
        }
        guard !entity.key.isIncomplete else {
            throw ODataError(.invalidRequest, "the \(entity.entityType.name) has no complete key")
        }
        return URLEncoding.encodePath(entitySet.name) + entity.key.predicate(for: entity.entityType)
    }

    func addingSAPOptions(to url: URL) -> URL {
        var extra: [String] = []
        let query = url.query ?? ""
        if let sapClient, !query.contains("sap-client=") {
            extra.append("sap-client=" + URLEncoding.encodeLiteral(sapClient))
        }
        if let sapLanguage, !query.contains("sap-language=") {
            extra.append("sap-language=" + URLEncoding.encodeLiteral(sapLanguage))
        }
        guard !extra.isEmpty else { return url }
        let separator = url.query == nil ? "?" : "&"
        return URL(string: url.absoluteString + separator + extra.joined(separator: "&")) ?? url
    }

    /// A URI without the `sap-client`/`sap-language` options this builder appends (for `$links` bodies).
    func withoutSAPOptions(_ uri: String) -> String {
        guard sapClient != nil || sapLanguage != nil, let question = uri.firstIndex(of: "?") else { return uri }
        return String(uri[..<question])
    }

    static func isAbsolute(_ link: String) -> Bool {
        // the scheme in any case: a letter's upper case differs only in bit 0x20 (':' and '/' are matched exactly)
        func hasPrefix(_ scheme: String) -> Bool {
            var bytes = link.utf8.makeIterator()
            for wanted in scheme.utf8 {
                guard let byte = bytes.next() else { return false }
                if byte.asciiLowercased != wanted { return false }
            }
            return true
        }
        return hasPrefix("http://") || hasPrefix("https://")
    }

    /// Whether two URLs share scheme, host and port.
    static func sameOrigin(_ lhs: URL, _ rhs: URL) -> Bool {
        Origin(lhs) == Origin(rhs)
    }
}
