import Foundation

/// An access token from an OAuth2 token endpoint, as the cache keeps it.
public struct OAuth2Token: Sendable {
    /// The access token, sent as `Authorization: Bearer …`; never logged.
    public let accessToken: String
    /// When the token expires, if the endpoint said (`expires_in`).
    public let expiresAt: Date?
    /// The refresh token the endpoint gave with it, if any; never logged.
    public let refreshToken: String?
    /// The scopes the endpoint granted (`scope`), if it said.
    public let scope: String?

    /// Creates a token.
    public init(accessToken: String, expiresAt: Date?, refreshToken: String? = nil, scope: String? = nil) {
        self.accessToken = accessToken
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.scope = scope
    }
}

extension OAuth2Token: CustomStringConvertible {
    /// The expiry and scope; never the tokens.
    public var description: String {
        "OAuth2Token(<redacted>, expires \(expiresAt.map { "\($0)" } ?? "never"), refresh token: \(refreshToken != nil))"
    }
}

/// Reads token endpoint answers (RFC 6749 §5.1 and §5.2) into tokens or `ODataError`s that name the endpoint.
enum OAuth2TokenResponse {
    /// The token of a response, or the error it stands for.
    static func token(from response: HTTPResponse, request: HTTPRequest, grant: String, client: String, now: Date) throws -> OAuth2Token {
        let endpoint = request.url.absoluteString
        let what = "the OAuth2 token endpoint \(endpoint) (\(grant) grant, client \(client))"
        let mediaType = response.mediaType ?? "no content type"
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        guard response.isSuccess else {
            var text = "\(what) answered \(response.statusCode)"
            if let object, let code = object["error"] as? String {
                text += ": \(ODataError.capped(code, limit: 100))"
                if let detail = object["error_description"] as? String { text += " (\(ODataError.capped(detail, limit: 300)))" }
            } else {
                text += " with \(mediaType): \(excerpt(response.body))"
            }
            throw failure(text, request: request, response: response)
        }
        guard let object else {
            // a 2xx body is never quoted: it may hold a token
            let shape = mediaType.contains("json") ? "a JSON body that is not a token object" : mediaType
            throw failure(
                "\(what) answered \(response.statusCode) with \(shape) instead of a JSON token response", request: request,
                response: response)
        }
        guard let access = object["access_token"] as? String, !access.isEmpty else {
            throw failure("\(what) answered \(response.statusCode) without an access_token", request: request, response: response)
        }
        if let type = object["token_type"] as? String, type.lowercased() != "bearer" {
            throw failure(
                "\(what) answered a token of type \(ODataError.capped(type, limit: 40)), not bearer", request: request, response: response)
        }
        let seconds = (object["expires_in"] as? NSNumber)?.doubleValue ?? (object["expires_in"] as? String).flatMap(Double.init)
        return OAuth2Token(
            accessToken: access, expiresAt: seconds.map { now.addingTimeInterval($0) },
            refreshToken: object["refresh_token"] as? String, scope: object["scope"] as? String)
    }

    /// A `.tokenEndpoint` error with the status and headers (never the body: it may hold a token).
    static func failure(_ text: String, request: HTTPRequest, response: HTTPResponse) -> ODataError {
        ODataError(
            .tokenEndpoint, text, method: request.method, url: request.url, statusCode: response.statusCode,
            responseHeaders: response.headers)
    }

    /// The start of a non-token body (an HTML page, a proxy's error), on one line.
    static func excerpt(_ body: Data) -> String {
        if body.isEmpty { return "an empty body" }
        let text = String(decoding: body.prefix(200), as: UTF8.self)
            .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        return "\"\(text)\"" + (body.count > 200 ? "… (\(body.count) bytes)" : "")
    }
}
