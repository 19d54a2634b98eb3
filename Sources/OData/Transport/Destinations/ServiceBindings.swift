import Foundation

/// The credentials of an SAP BTP destination service instance (its service binding's `credentials`).
public struct DestinationServiceCredentials: Sendable {
    /// The destination service's REST API (`uri`).
    public var uri: URL
    /// The XSUAA token endpoint its access tokens come from (`url` + `/oauth/token`).
    public var tokenEndpoint: URL
    /// The client ID (`clientid`).
    public var clientID: String
    /// The client secret (`clientsecret`); never logged.
    public var clientSecret: String

    /// Credentials given directly.
    public init(uri: URL, tokenEndpoint: URL, clientID: String, clientSecret: String) {
        self.uri = uri
        self.tokenEndpoint = tokenEndpoint
        self.clientID = clientID
        self.clientSecret = clientSecret
    }
}

/// The credentials of an SAP BTP connectivity service instance: the connectivity proxy and its token's client.
public struct ConnectivityServiceCredentials: Sendable {
    /// The connectivity proxy for HTTP (`http://` + `onpremise_proxy_host` + `:` + `onpremise_proxy_http_port`).
    public var proxy: URL
    /// The XSUAA token endpoint the proxy's tokens come from (`url` + `/oauth/token`).
    public var tokenEndpoint: URL
    /// The client ID (`clientid`).
    public var clientID: String
    /// The client secret (`clientsecret`); never logged.
    public var clientSecret: String

    /// Credentials given directly.
    public init(proxy: URL, tokenEndpoint: URL, clientID: String, clientSecret: String) {
        self.proxy = proxy
        self.tokenEndpoint = tokenEndpoint
        self.clientID = clientID
        self.clientSecret = clientSecret
    }
}

/// Reads service bindings from Cloud Foundry's `VCAP_SERVICES`.
enum ServiceBindings {
    /// The destination and (if bound) connectivity credentials in `VCAP_SERVICES`.
    static func read(_ environment: [String: String]) throws -> (DestinationServiceCredentials, ConnectivityServiceCredentials?) {
        func failure(_ text: String) -> ODataError { ODataError(.destination, "VCAP_SERVICES: \(text)") }
        guard let text = environment["VCAP_SERVICES"] else { throw failure("not set; bind a destination service instance") }
        guard let services = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            throw failure("not a JSON object")
        }
        func credentials(_ label: String) -> [String: Any]? {
            ((services[label] as? [[String: Any]])?.first)?["credentials"] as? [String: Any]
        }
        func url(_ object: [String: Any], _ key: String, _ label: String, suffix: String = "") throws -> URL {
            guard let text = object[key] as? String, let url = URL(string: text + suffix), url.host != nil else {
                throw failure("the \(label) binding has no valid \(key)")
            }
            return url
        }
        func string(_ object: [String: Any], _ key: String, _ label: String) throws -> String {
            guard let text = object[key] as? String, !text.isEmpty else { throw failure("the \(label) binding has no \(key)") }
            return text
        }
        guard let destination = credentials("destination") else { throw failure("no destination service binding") }
        let destinationCredentials = DestinationServiceCredentials(
            uri: try url(destination, "uri", "destination"),
            tokenEndpoint: try url(destination, "url", "destination", suffix: "/oauth/token"),
            clientID: try string(destination, "clientid", "destination"),
            clientSecret: try string(destination, "clientsecret", "destination"))
        guard let connectivity = credentials("connectivity") else { return (destinationCredentials, nil) }
        let host = try string(connectivity, "onpremise_proxy_host", "connectivity")
        let port = connectivity["onpremise_proxy_http_port"].map { "\($0)" } ?? ""
        guard let proxy = URL(string: "http://\(host):\(port)"), Int(port) != nil else {
            throw failure("the connectivity binding has no valid onpremise_proxy_http_port")
        }
        let connectivityCredentials = ConnectivityServiceCredentials(
            proxy: proxy, tokenEndpoint: try url(connectivity, "url", "connectivity", suffix: "/oauth/token"),
            clientID: try string(connectivity, "clientid", "connectivity"),
            clientSecret: try string(connectivity, "clientsecret", "connectivity"))
        return (destinationCredentials, connectivityCredentials)
    }
}

extension DestinationServiceCredentials: CustomStringConvertible {
    /// The service, token endpoint and client; never the secret.
    public var description: String {
        "DestinationServiceCredentials(\(uri.absoluteString), token endpoint \(tokenEndpoint.absoluteString), client \(clientID))"
    }
}

extension ConnectivityServiceCredentials: CustomStringConvertible {
    /// The proxy, token endpoint and client; never the secret.
    public var description: String {
        "ConnectivityServiceCredentials(proxy \(proxy.absoluteString), token endpoint \(tokenEndpoint.absoluteString), client \(clientID))"
    }
}
