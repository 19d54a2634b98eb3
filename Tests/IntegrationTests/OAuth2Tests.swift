import ESPM
import Foundation
import OData
import XCTest

/// OAuth2 against the imitated XSUAA and an "S/4HANA Cloud" front that checks bearer tokens (ESPM on pyslet,
/// page size 5, behind it): the grants, the cache, renewal on 401, and the hostile cases.
final class OAuth2Tests: XCTestCase {
    private var landscape: BTPLandscape!

    override func setUp() async throws {
        landscape = try BTPLandscape()
    }

    override func tearDown() async throws {
        landscape?.stop()
    }

    private func service(_ configuration: OAuth2Configuration, options: OnlineODataProvider.Options = .init()) -> ESPMContainer<
        OnlineODataProvider
    > {
        var options = options
        options.authentication = .oauth2(configuration)
        return ESPMContainer(provider: TestServers.provider(serviceName: "ESPM", serviceRoot: landscape.s4ServiceRoot, options: options))
    }

    func testClientCredentialsReachS4CloudAndConcurrentRequestsShareOneTokenRequest() async throws {
        let service = service(landscape.configuration())
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await service.fetchCustomers(matching: DataQuery().top(3)).count } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        XCTAssertEqual(counts, Array(repeating: 3, count: 8))
        let grants = try await landscape.grants("client_credentials")
        XCTAssertEqual(grants, 1, "eight concurrent requests share one token request")
        let awaited1 = try await landscape.stats()["s4_refused"] as? Int
        XCTAssertEqual(awaited1, 0)
    }

    func testTheFrontRefusesRequestsWithoutAToken() async throws {
        let plain = ESPMContainer(provider: TestServers.provider(serviceName: "ESPM", serviceRoot: landscape.s4ServiceRoot))
        do {
            _ = try await plain.fetchCustomers(matching: DataQuery().top(1))
            XCTFail("the S/4 front let a request without a token through")
        } catch {
            XCTAssertEqual(error.statusCode, 401)
        }
    }

    func testATokenThatExpiresWhilePagingIsRenewedOnceAndThePageRead() async throws {
        let service = service(landscape.configuration())
        let query = DataQuery().from(ESPMContainerMetadata.EntitySets.salesOrderHeaders).select(SalesOrderHeader.salesOrderID)
        var ids: [String] = []
        var pages = 0
        for try await page in service.provider.pages(query) {
            pages += 1
            ids += page.entities.map { $0.value(of: SalesOrderHeader.salesOrderID) ?? "" }
            if pages == 2 { try await landscape.control(#"{"expire_now": true}"#) }
        }
        XCTAssertEqual(ids.count, 150)
        XCTAssertEqual(Set(ids).count, 150, "every page read once")
        let grants = try await landscape.grants("client_credentials")
        XCTAssertEqual(grants, 2, "one renewal after the token expired mid-paging")
        let awaited2 = try await landscape.stats()["s4_refused"] as? Int
        XCTAssertEqual(awaited2, 1, "one page refused, then read with the new token")
    }

    func testWrongClientSecretIsATokenEndpointErrorWithoutTheSecret() async throws {
        let service = service(landscape.configuration(secret: "wrong-secret-value"))
        do {
            _ = try await service.fetchCustomers(matching: DataQuery().top(1))
            XCTFail("a wrong client secret gave a token")
        } catch {
            XCTAssertEqual(error.kind, .tokenEndpoint)
            XCTAssertEqual(error.statusCode, 401)
            XCTAssertTrue(error.message.contains(landscape.tokenEndpoint.absoluteString), error.message)
            XCTAssertTrue(error.message.contains("invalid_client (Bad credentials)"), error.message)
            XCTAssertFalse("\(error)".contains("wrong-secret-value"), "\(error)")
            XCTAssertFalse("\(landscape.configuration(secret: "wrong-secret-value"))".contains("wrong-secret-value"))
        }
    }

    func testAHangingTokenEndpointIsATypedTimeout() async throws {
        try await landscape.control(#"{"hang": true}"#)
        let service = service(landscape.configuration(timeout: 1))
        let start = Date()
        do {
            _ = try await service.fetchCustomers(matching: DataQuery().top(1))
            XCTFail("a hanging token endpoint gave a token")
        } catch {
            XCTAssertEqual(error.kind, .timeout)
            XCTAssertEqual(error.timeoutInterval, 1)
            XCTAssertTrue(
                error.message.contains("OAuth2 token endpoint \(landscape.tokenEndpoint.absoluteString) did not answer"), error.message)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 15, "no hang")
    }

    func testATokenEndpointAnsweringHTMLIsATypedErrorNamingIt() async throws {
        try await landscape.control(#"{"html": true}"#)
        let service = service(landscape.configuration())
        do {
            _ = try await service.fetchCustomers(matching: DataQuery().top(1))
            XCTFail("an HTML page was taken for a token")
        } catch {
            XCTAssertEqual(error.kind, .tokenEndpoint)
            XCTAssertTrue(error.message.contains(landscape.tokenEndpoint.absoluteString), error.message)
            XCTAssertTrue(error.message.contains("text/html instead of a JSON token response"), error.message)
        }
    }

    func testTheTokenNeverAppearsInLogsOrErrors() async throws {
        let configuration = landscape.configuration()
        let logger = CollectingLogger()
        let service = service(configuration, options: .init(logger: logger))
        _ = try await service.fetchCustomers(matching: DataQuery().top(2))
        do {
            _ = try await service.fetchCustomerWithKey(customerID: "no-such-customer")
            XCTFail("a missing customer was found")
        } catch {
            let token = try await configuration.cache.token(for: configuration)
            let awaited3 = try await landscape.grants("client_credentials")
            XCTAssertEqual(awaited3, 1, "the test read the provider's cached token")
            XCTAssertFalse("\(error)".contains(token.accessToken))
            XCTAssertFalse("\(token)".contains(token.accessToken))
            XCTAssertFalse(logger.lines.isEmpty)
            XCTAssertFalse(logger.lines.contains { $0.contains(token.accessToken) }, "the token reached the log")
            XCTAssertTrue(logger.lines.contains { $0.contains("Authorization: <redacted>") })
        }
    }

    func testTheTokenIsNotSentToAnotherOrigin() async throws {
        try await landscape.control(#"{"cross_origin_next": true}"#)
        let query = DataQuery().from(ESPMContainerMetadata.EntitySets.customers)
        do {
            for try await _ in service(landscape.configuration()).provider.pages(query) {}
            XCTFail("a next link to another origin was followed")
        } catch {
            XCTAssertEqual(error.kind, .crossOriginNextLink)
        }
        var options = OnlineODataProvider.Options()
        options.redirectPolicy.allowsCrossOrigin = true
        var pages = 0
        for try await _ in service(landscape.configuration(), options: options).provider.pages(query) { pages += 1 }
        XCTAssertGreaterThan(pages, 1)
        let stats = try await landscape.stats()
        let seen = try XCTUnwrap(stats["elsewhere_authorization"] as? [Any])
        XCTAssertEqual(seen.count, pages - 1, "every later page came from the other origin")
        XCTAssertTrue(seen.allSatisfy { $0 is NSNull }, "no Authorization header reached the other origin: \(seen)")
    }

    func testJWTBearerGrantForAUserAndRenewalByRefreshToken() async throws {
        let cache = OAuth2TokenCache()
        let alice = try await landscape.userJWT("alice")
        let service = service(landscape.configuration(grant: .jwtBearer(userToken: alice), cache: cache))
        let awaited4 = try await service.fetchCustomers(matching: DataQuery().top(1)).count
        XCTAssertEqual(awaited4, 1)
        try await landscape.control(#"{"expire_now": true}"#)
        let awaited5 = try await service.fetchCustomers(matching: DataQuery().top(1)).count
        XCTAssertEqual(awaited5, 1)
        let awaited6 = try await landscape.grants("urn:ietf:params:oauth:grant-type:jwt-bearer")
        XCTAssertEqual(awaited6, 1)
        let awaited7 = try await landscape.grants("refresh_token")
        XCTAssertEqual(awaited7, 1, "the refused token was renewed by its refresh token")

        let bob = try await landscape.userJWT("bob")
        _ = try await self.service(landscape.configuration(grant: .jwtBearer(userToken: bob), cache: cache)).fetchCustomers(
            matching: DataQuery().top(1))
        _ = try await self.service(landscape.configuration(grant: .jwtBearer(userToken: alice), cache: cache)).fetchCustomers(
            matching: DataQuery().top(1))
        let awaited8 = try await landscape.grants("urn:ietf:params:oauth:grant-type:jwt-bearer")
        XCTAssertEqual(awaited8, 2, "tokens are cached per user")
    }

    func testSAMLBearerAssertionGrantInSAPShape() async throws {
        let assertion = """
            <saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="a1" Version="2.0">\
            <saml:Issuer>landscape-idp</saml:Issuer><saml:Subject><saml:NameID>carol</saml:NameID></saml:Subject></saml:Assertion>
            """
        var configuration = landscape.configuration(grant: .samlBearer(assertion: assertion))
        configuration.clientAuthentication = .form(secret: BTPLandscape.appClient.1)
        let awaited9 = try await service(configuration).fetchCustomers(matching: DataQuery().top(2)).count
        XCTAssertEqual(awaited9, 2)
        let awaited10 = try await landscape.grants("urn:ietf:params:oauth:grant-type:saml2-bearer")
        XCTAssertEqual(awaited10, 1)

        configuration.grant = .samlBearer(assertion: assertion.replacingOccurrences(of: "landscape-idp", with: "evil-idp"))
        configuration.cache = OAuth2TokenCache()
        do {
            _ = try await service(configuration).fetchCustomers(matching: DataQuery().top(2))
            XCTFail("an assertion of an unknown issuer gave a token")
        } catch {
            XCTAssertEqual(error.kind, .tokenEndpoint)
            XCTAssertTrue(error.message.contains("invalid_grant (SAML assertion is not valid)"), error.message)
        }
    }

    func testAGivenRefreshTokenIsRedeemed() async throws {
        let alice = try await landscape.userJWT("alice")
        let exchange = landscape.configuration(grant: .jwtBearer(userToken: alice))
        let first = try await exchange.cache.token(for: exchange)
        let refresh = try XCTUnwrap(first.refreshToken)
        let service = service(landscape.configuration(grant: .refreshToken(refresh)))
        let awaited11 = try await service.fetchCustomers(matching: DataQuery().top(1)).count
        XCTAssertEqual(awaited11, 1)
        let awaited12 = try await landscape.grants("refresh_token")
        XCTAssertEqual(awaited12, 1)
    }
}

/// A logger that keeps every line (at trace level).
final class CollectingLogger: ODataLogger, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []
    let minimumLevel = ODataLogLevel.trace
    var lines: [String] { lock.withLock { kept } }
    func log(_ level: ODataLogLevel, _ message: String) { lock.withLock { kept.append(message) } }
}
