import ESPM
import Foundation
import GWSampleBasic
import OData
import ODataCurl
import XCTest

/// SAP BTP destinations against the imitated destination service and connectivity proxy: an on-premise Gateway
/// (mock-sap) reached with principal propagation, "S/4HANA Cloud" (pyslet behind a bearer-checking front) with
/// OAuth2, and the destination errors.
final class DestinationTests: XCTestCase {
    private var landscape: BTPLandscape!

    override func setUp() async throws {
        landscape = try BTPLandscape()
        let gateway = try TestServers.mockSAP()
        try await landscape.control(
            #"{"routes": {"PLANT1": {"gateway.onprem:44300": "http://127.0.0.1:\#(gateway.port ?? 80)"}}, "#
                + #""principal_required": ["gateway.onprem:44300"]}"#)
        try await landscape.define(
            """
            {"ONPREM_GW": {"Name": "ONPREM_GW", "Type": "HTTP", "URL": "http://gateway.onprem:44300",
                           "Authentication": "PrincipalPropagation", "ProxyType": "OnPremise",
                           "CloudConnectorLocationId": "PLANT1", "sap-client": "100"},
             "S4_SALES": {"Name": "S4_SALES", "Type": "HTTP", "URL": "\(landscape.s4.absoluteString)",
                          "Authentication": "OAuth2ClientCredentials", "ProxyType": "Internet",
                          "tokenServiceURL": "\(landscape.tokenEndpoint.absoluteString)",
                          "clientId": "sb-s4-technical", "clientSecret": "s4-secret",
                          "URL.headers.X-Landscape-Tenant": "t1", "URL.queries.saml2": "disabled"},
             "S4_USER": {"Name": "S4_USER", "Type": "HTTP", "URL": "\(landscape.s4.absoluteString)",
                         "Authentication": "OAuth2JWTBearer", "ProxyType": "Internet",
                         "clientId": "sb-app", "clientSecret": "app-secret"},
             "S4_BROKEN": {"Name": "S4_BROKEN", "Type": "HTTP", "URL": "\(landscape.s4.absoluteString)",
                           "Authentication": "OAuth2ClientCredentials", "clientId": "sb-s4-technical",
                           "clientSecret": "not-the-secret"},
             "ODD": {"Name": "ODD", "Type": "HTTP", "URL": "\(landscape.s4.absoluteString)", "Authentication": "SAPAssertionSSO"}}
            """)
    }

    override func tearDown() async throws {
        landscape?.stop()
    }

    /// The service bindings as Cloud Foundry sets them.
    private var environment: [String: String] {
        let proxy = landscape.proxy
        return [
            "VCAP_SERVICES": """
            {"destination": [{"label": "destination", "credentials": {"uri": "\(landscape.destinationService.absoluteString)",
               "url": "\(landscape.xsuaa.absoluteString)", "clientid": "sb-destination", "clientsecret": "destination-secret"}}],
             "connectivity": [{"label": "connectivity", "credentials": {"onpremise_proxy_host": "\(proxy.host ?? "")",
               "onpremise_proxy_http_port": "\(proxy.port ?? 0)", "url": "\(landscape.xsuaa.absoluteString)",
               "clientid": "sb-connectivity", "clientsecret": "connectivity-secret"}}]}
            """
        ]
    }

    func testAnOnPremiseGatewayThroughTheConnectivityProxyWithPrincipalPropagation() async throws {
        let destinations = try DestinationService(environment: environment)
        let alice = try await landscape.userJWT("alice")
        let provider = try await OnlineODataProvider(
            destination: "ONPREM_GW", servicePath: "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC", destinations: destinations, userToken: alice,
            transport: CurlTransport())
        XCTAssertEqual(provider.serviceRoot.absoluteString, "http://gateway.onprem:44300/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/")
        XCTAssertEqual(provider.options.sapClient, "100")
        let service = GWSampleBasicService(provider: provider)
        let partners = try await service.fetchBusinessPartnerSet(matching: DataQuery().top(3))
        XCTAssertEqual(partners.count, 3)
        let stats = try await landscape.stats()
        let proxied = try XCTUnwrap(stats["proxied"] as? [[String: Any]])
        XCTAssertFalse(proxied.isEmpty)
        for hop in proxied {
            XCTAssertEqual(hop["user"] as? String, "alice", "the user's JWT reached the connectivity proxy: \(hop)")
            XCTAssertEqual(hop["location"] as? String, "PLANT1")
            XCTAssertEqual(hop["host"] as? String, "gateway.onprem:44300")
        }

        let anonymous = try await OnlineODataProvider(
            destination: "ONPREM_GW", servicePath: "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC", destinations: destinations,
            userToken: "not.a.jwt", transport: CurlTransport())
        do {
            _ = try await GWSampleBasicService(provider: anonymous).fetchBusinessPartnerSet(matching: DataQuery().top(1))
            XCTFail("the on-premise system served a request without a propagated principal")
        } catch {
            XCTAssertEqual(error.statusCode, 401)
        }
    }

    func testPrincipalPropagationNeedsTheUsersToken() async throws {
        let destinations = try DestinationService(environment: environment)
        do {
            _ = try await OnlineODataProvider(destination: "ONPREM_GW", destinations: destinations)
            XCTFail("a user-dependent destination was used without the user's JWT")
        } catch {
            XCTAssertEqual(error.kind, .destination)
            XCTAssertTrue(error.message.contains("destination ONPREM_GW uses PrincipalPropagation"), error.message)
        }
    }

    func testS4CloudThroughAnOAuth2ClientCredentialsDestination() async throws {
        let destinations = try DestinationService(environment: environment)
        let provider = try await OnlineODataProvider(
            destination: "S4_SALES", servicePath: "ESPM.svc", destinations: destinations,
            transport: TestServers.transport(for: .init()))
        let service = ESPMContainer(provider: provider)
        let awaited1 = try await service.fetchCustomers(matching: DataQuery().top(4)).count
        XCTAssertEqual(awaited1, 4)
        let awaited2 = try await service.fetchCustomers(matching: DataQuery().top(2)).count
        XCTAssertEqual(awaited2, 2)
        let stats = try await landscape.stats()
        XCTAssertEqual(stats["destination_lookups"] as? Int, 1, "the destination is cached")
        XCTAssertEqual(stats["s4_refused"] as? Int, 0)

        try await landscape.control(#"{"expire_now": true}"#)
        let awaited3 = try await service.fetchCustomers(matching: DataQuery().top(1)).count
        XCTAssertEqual(awaited3, 1, "a 401 reads the destination again")
        let awaited4 = try await landscape.stats()["destination_lookups"] as? Int
        XCTAssertEqual(awaited4, 3, "read again once, and once more after its own expired token was renewed")
    }

    func testAUserDestinationSendsTheUsersJWTToTheDestinationService() async throws {
        let destinations = try DestinationService(environment: environment)
        let bob = try await landscape.userJWT("bob")
        let provider = try await OnlineODataProvider(
            destination: "S4_USER", servicePath: "ESPM.svc", destinations: destinations, userToken: bob,
            transport: TestServers.transport(for: .init()))
        let awaited5 = try await ESPMContainer(provider: provider).fetchCustomers(matching: DataQuery().top(2)).count
        XCTAssertEqual(awaited5, 2)
    }

    func testAnUnknownAuthenticationTypeIsATypedErrorNamingDestinationAndType() async throws {
        let destinations = try DestinationService(environment: environment)
        do {
            _ = try await destinations.destination(named: "ODD")
            XCTFail("an unknown authentication type was accepted")
        } catch {
            XCTAssertEqual(error.kind, .destination)
            XCTAssertTrue(error.message.contains("destination ODD"), error.message)
            XCTAssertTrue(error.message.contains("authentication type SAPAssertionSSO is not supported"), error.message)
        }
    }

    func testAnAuthTokensErrorAndAMissingDestinationAreTypedErrors() async throws {
        let destinations = try DestinationService(environment: environment)
        do {
            _ = try await destinations.destination(named: "S4_BROKEN")
            XCTFail("a destination whose token failed was used")
        } catch {
            XCTAssertEqual(error.kind, .destination)
            XCTAssertTrue(error.message.contains("destination S4_BROKEN"), error.message)
            XCTAssertTrue(error.message.contains("could not get its OAuth2ClientCredentials token"), error.message)
            XCTAssertFalse("\(error)".contains("not-the-secret"))
        }
        do {
            _ = try await destinations.destination(named: "NOPE")
            XCTFail("a missing destination was found")
        } catch {
            XCTAssertEqual(error.kind, .destination)
            XCTAssertEqual(error.statusCode, 404)
            XCTAssertTrue(error.message.contains("destination NOPE is not defined"), error.message)
        }
    }

    func testWrongDestinationServiceCredentialsAreATokenEndpointError() async throws {
        let credentials = DestinationServiceCredentials(
            uri: landscape.destinationService, tokenEndpoint: landscape.tokenEndpoint, clientID: "sb-destination", clientSecret: "nope")
        do {
            _ = try await DestinationService(credentials: credentials, tokenCache: OAuth2TokenCache()).destination(named: "S4_SALES")
            XCTFail("wrong credentials read a destination")
        } catch {
            XCTAssertEqual(error.kind, .tokenEndpoint)
            XCTAssertTrue(error.message.contains("client sb-destination"), error.message)
        }
        XCTAssertThrowsError(try DestinationService(environment: [:])) { error in
            XCTAssertEqual((error as? ODataError)?.kind, .destination)
        }
    }
}
