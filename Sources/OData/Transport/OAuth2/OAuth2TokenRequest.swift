import Foundation

/// Builds and sends the token requests of an `OAuth2Configuration` (RFC 6749 §4.4 and §6, RFC 7523, RFC 7522).
struct OAuth2TokenRequest {
    let configuration: OAuth2Configuration

    /// Asks the token endpoint for a token by the configured grant, or by `refreshToken` when given.
    func fetch(refreshToken: String? = nil, now: @Sendable () -> Date) async throws -> OAuth2Token {
        let request = build(refreshToken: refreshToken)
        let grant = refreshToken == nil ? configuration.grantName : "refresh-token"
        let what = "the OAuth2 token endpoint \(configuration.tokenEndpoint.absoluteString)"
        let response: HTTPResponse
        do {
            response = try await configuration.transport.send(request)
        } catch let error as ODataError where error.kind == .timeout {
            var timeout = ODataError(
                .timeout, "\(what) did not answer within \(Int(configuration.timeout.rounded(.up))) s (\(grant) grant)",
                method: request.method, url: request.url, underlyingError: error)
            timeout.timeoutInterval = configuration.timeout
            throw timeout
        } catch let error as ODataError where error.kind == .cancelled {
            throw error
        } catch {
            throw ODataError(
                .tokenEndpoint, "\(what) could not be reached (\(grant) grant): \(error)", method: request.method, url: request.url,
                underlyingError: error)
        }
        return try OAuth2TokenResponse.token(
            from: response, request: request, grant: grant, client: configuration.clientID, now: now())
    }

    /// The form POST for the grant.
    func build(refreshToken: String?) -> HTTPRequest {
        var form: [(String, String)] = []
        switch (refreshToken, configuration.grant) {
        case (let token?, _), (nil, .refreshToken(let token)):
            form = [("grant_type", "refresh_token"), ("refresh_token", token)]
        case (nil, .clientCredentials):
            form = [("grant_type", "client_credentials")]
        case (nil, .jwtBearer(let userToken)):
            form = [("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), ("assertion", userToken)]
        case (nil, .samlBearer(let assertion)):
            form = [("grant_type", "urn:ietf:params:oauth:grant-type:saml2-bearer"), ("assertion", Self.base64URL(assertion))]
        }
        if !configuration.scopes.isEmpty { form.append(("scope", configuration.scopes.joined(separator: " "))) }
        var headers = HTTPHeaders()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        headers["Accept"] = "application/json"
        switch configuration.clientAuthentication {
        case .basic(let secret):
            let pair = Self.formEncode(configuration.clientID) + ":" + Self.formEncode(secret)
            headers["Authorization"] = "Basic " + Data(pair.utf8).base64EncodedString()
        case .form(let secret):
            form += [("client_id", configuration.clientID), ("client_secret", secret)]
        case .certificate:
            form.append(("client_id", configuration.clientID))
        }
        let body = form.map { Self.formEncode($0.0) + "=" + Self.formEncode($0.1) }.joined(separator: "&")
        return HTTPRequest(
            method: "POST", url: configuration.tokenEndpoint, headers: headers, body: .data(Data(body.utf8)),
            timeout: configuration.timeout)
    }

    /// `application/x-www-form-urlencoded` encoding (also what RFC 6749 §2.3.1 asks for the Basic pair).
    static func formEncode(_ text: String) -> String {
        let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
        return encoded.replacingOccurrences(of: "%20", with: "+")
    }

    private static let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._*")

    /// Base64url without padding (RFC 7522 §2.1).
    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
