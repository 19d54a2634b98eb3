import Foundation
import ODataTestSupport
import XCTest

@testable import OData

/// The OAuth2 token requests and cache over a scripted transport and a clock the test moves.
final class OAuth2TokenCacheTests: XCTestCase {
    private let endpoint = URL(string: "https://auth.example.com/oauth/token")!

    /// A clock the test moves.
    private final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var current = Date(timeIntervalSince1970: 1_000_000)
        var now: Date { lock.withLock { current } }
        func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
    }

    private func tokenServer(expiresIn: Int = 600) -> MockTransport {
        MockTransport { request, index in
            .make(
                200, ["Content-Type": "application/json"],
                body:
                    #"{"access_token":"token-\#(index)","token_type":"bearer","expires_in":\#(expiresIn),"refresh_token":"refresh-\#(index)"}"#,
                url: request.url)
        }
    }

    private func form(_ request: HTTPRequest) -> [String: String] {
        let text = String(decoding: request.body.data ?? Data(), as: UTF8.self)
        return Dictionary(
            text.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map {
                    String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
                }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { $1 })
    }

    func testATokenIsRenewedBeforeItExpiresByItsRefreshToken() async throws {
        let clock = Clock()
        let transport = tokenServer()
        let cache = OAuth2TokenCache(now: { clock.now })
        let configuration = OAuth2Configuration(
            tokenEndpoint: endpoint, clientID: "client", clientAuthentication: .basic(secret: "s e/c"),
            grant: .jwtBearer(userToken: "user.jwt"),
            renewalMargin: 60, transport: transport, cache: cache)
        let awaited1 = try await cache.token(for: configuration).accessToken
        XCTAssertEqual(awaited1, "token-0")
        clock.advance(539)
        let awaited2 = try await cache.token(for: configuration).accessToken
        XCTAssertEqual(awaited2, "token-0", "still fresh 61 s before expiry")
        clock.advance(2)
        let awaited3 = try await cache.token(for: configuration).accessToken
        XCTAssertEqual(awaited3, "token-1", "renewed within the 60 s margin")
        let requests = transport.requests
        XCTAssertEqual(requests.count, 2)
        XCTAssertEqual(form(requests[0])["grant_type"], "urn:ietf:params:oauth:grant-type:jwt-bearer")
        XCTAssertEqual(form(requests[0])["assertion"], "user.jwt")
        XCTAssertEqual(form(requests[1]), ["grant_type": "refresh_token", "refresh_token": "refresh-0"])
        XCTAssertEqual(
            requests[0].headers["Authorization"], "Basic " + Data("client:s+e%2Fc".utf8).base64EncodedString(), "RFC 6749 §2.3.1")
    }

    func testConcurrentRequestsShareOneTokenRequestAndARefusedTokenIsReplacedOnce() async throws {
        let transport = MockTransport { request, index in
            Thread.sleep(forTimeInterval: 0.05)
            return .make(
                200, ["Content-Type": "application/json"], body: #"{"access_token":"t\#(index)","token_type":"Bearer"}"#, url: request.url)
        }
        let configuration = OAuth2Configuration(
            tokenEndpoint: endpoint, clientID: "c", clientAuthentication: .form(secret: "x"), transport: transport,
            cache: OAuth2TokenCache())
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 { group.addTask { try await configuration.cache.token(for: configuration).accessToken } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        XCTAssertEqual(tokens, ["t0"])
        XCTAssertEqual(transport.requests.count, 1)
        let renewed = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<5 { group.addTask { try await configuration.cache.token(for: configuration, refused: "t0").accessToken } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        XCTAssertEqual(renewed, ["t1"], "five requests refused with t0 share one renewal")
        XCTAssertEqual(transport.requests.count, 2)
        XCTAssertEqual(form(transport.requests[0]), ["grant_type": "client_credentials", "client_id": "c", "client_secret": "x"])
    }

    func testSAMLAssertionIsSentBase64URLAndACertificateClientSendsNoSecret() async throws {
        let transport = tokenServer()
        let saml = OAuth2Configuration(
            tokenEndpoint: endpoint, clientID: "c", clientAuthentication: .certificate, grant: .samlBearer(assertion: "<a>??>>~</a>"),
            scopes: ["read", "write"], transport: transport, cache: OAuth2TokenCache())
        _ = try await saml.cache.token(for: saml)
        let sent = form(transport.requests[0])
        XCTAssertEqual(sent["grant_type"], "urn:ietf:params:oauth:grant-type:saml2-bearer")
        XCTAssertEqual(sent["assertion"], "PGE-Pz8-Pn48L2E-", "base64url without padding")
        XCTAssertEqual(sent["client_id"], "c")
        XCTAssertEqual(sent["scope"], "read write")
        XCTAssertNil(sent["client_secret"])
        XCTAssertNil(transport.requests[0].headers["Authorization"])
    }

    func testTokenEndpointAnswersBecomeTypedErrorsWithoutTokensOrSecrets() async throws {
        let answers: [(Int, String, String, String)] = [
            (
                400, "application/json", #"{"error":"invalid_grant","error_description":"expired assertion"}"#,
                "answered 400: invalid_grant (expired assertion)"
            ),
            (200, "text/html", "<html>login</html>", "answered 200 with text/html instead of a JSON token response"),
            (200, "application/json", #"{"access_token":"leak-me","token_type":"mac"}"#, "a token of type mac, not bearer"),
            (200, "application/json", #"["leak-me"]"#, "a JSON body that is not a token object"),
            (502, "text/plain", "", "answered 502 with text/plain: an empty body"),
        ]
        for (status, type, body, expected) in answers {
            let configuration = OAuth2Configuration(
                tokenEndpoint: endpoint, clientID: "c", clientAuthentication: .basic(secret: "top-secret"),
                transport: MockTransport { request, _ in .make(status, ["Content-Type": type], body: body, url: request.url) },
                cache: OAuth2TokenCache())
            do {
                _ = try await configuration.cache.token(for: configuration)
                XCTFail("\(status) \(body) gave a token")
            } catch {
                XCTAssertEqual(error.kind, .tokenEndpoint)
                XCTAssertTrue(error.message.contains("the OAuth2 token endpoint https://auth.example.com/oauth/token"), error.message)
                XCTAssertTrue(error.message.contains(expected), error.message)
                XCTAssertFalse("\(error)".contains("leak-me") || "\(error)".contains("top-secret"), "\(error)")
                XCTAssertNil(error.responseBody)
            }
            XCTAssertFalse("\(configuration)".contains("top-secret"))
        }
    }

    func testTheMiddlewareSendsTheTokenOnlyToTheServiceOrigin() async throws {
        let service = MockTransport { request, _ in .make(200, url: request.url) }
        let configuration = OAuth2Configuration(
            tokenEndpoint: endpoint, clientID: "c", clientAuthentication: .basic(secret: "s"), transport: tokenServer(),
            cache: OAuth2TokenCache())
        let pipeline = HTTPPipeline(
            middlewares: [OAuth2Middleware(configuration: configuration, serviceRoot: URL(string: "https://s4.example.com/sap/")!)],
            transport: service)
        _ = try await pipeline.send(HTTPRequest(method: "GET", url: URL(string: "https://s4.example.com/sap/A")!))
        _ = try await pipeline.send(HTTPRequest(method: "GET", url: URL(string: "https://s4.example.com:8443/sap/A")!))
        _ = try await pipeline.send(HTTPRequest(method: "GET", url: URL(string: "https://cdn.example.com/sap/A")!))
        XCTAssertEqual(service.requests.map { $0.headers["Authorization"] }, ["Bearer token-0", nil, nil])
    }
}
