import Foundation
import XCTest

@testable import OData

/// Reading "Find Destination" answers and `VCAP_SERVICES`, and keeping secrets out of descriptions.
final class DestinationParsingTests: XCTestCase {
    private let answer = """
        {"owner": {"SubaccountId": "a", "InstanceId": null},
         "destinationConfiguration": {"Name": "ERP", "Type": "HTTP", "URL": "http://erp.virtual:443",
           "Authentication": "BasicAuthentication", "ProxyType": "OnPremise", "User": "u", "Password": "pw-secret",
           "sap-client": "200", "CloudConnectorLocationId": "LOC", "URL.headers.X-Tenant": "t1", "URL.queries.b": "2",
           "URL.queries.a": "1 2", "Timeout": 30},
         "authTokens": [{"type": "Basic", "value": "dTpwdw==", "expires_in": "120",
                         "http_header": {"key": "Authorization", "value": "Basic dTpwdw=="}}],
         "certificates": [{"Name": "ks.p12", "Type": "CERTIFICATE", "Content": "AAEC"}]}
        """

    func testAFindDestinationAnswerIsReadWhole() throws {
        let destination = try Destination.parse(Data(answer.utf8), name: "ERP")
        XCTAssertEqual(destination.url.absoluteString, "http://erp.virtual:443")
        XCTAssertEqual(destination.authentication, "BasicAuthentication")
        XCTAssertEqual(destination.proxyType, .onPremise)
        XCTAssertEqual(destination.sapClient, "200")
        XCTAssertEqual(destination.locationID, "LOC")
        XCTAssertEqual(destination.headers["X-Tenant"], "t1")
        XCTAssertEqual(destination.queries.map(\.name), ["a", "b"])
        XCTAssertEqual(destination.properties["Timeout"], "30")
        XCTAssertEqual(destination.authTokens.first?.headerValue, "Basic dTpwdw==")
        XCTAssertEqual(destination.certificates.first?.content, Data([0, 1, 2]))
        XCTAssertEqual(destination.cacheLifetime(ttl: 300, margin: 60), 60, "a token expiring in 120 s shortens the TTL")
        let described = "\(destination) \(destination.authTokens) \(destination.certificates)"
        XCTAssertFalse(described.contains("dTpwdw==") || described.contains("pw-secret") || described.contains("AAEC"), described)
    }

    func testTheMiddlewareAddsHeadersQueriesTokensAndNothingElse() async throws {
        let destination = try Destination.parse(
            Data(answer.replacingOccurrences(of: "OnPremise", with: "Internet").utf8), name: "ERP")
        let service = DestinationService(
            credentials: .init(uri: URL(string: "http://d")!, tokenEndpoint: URL(string: "http://x")!, clientID: "c", clientSecret: "s"))
        let middleware = DestinationMiddleware(service: service, name: "ERP", url: destination.url, userToken: nil)
        var request = HTTPRequest(method: "GET", url: URL(string: "http://erp.virtual:443/S/Set?$top=1&b=9")!)
        request = try await middleware.authorized(request, with: destination)
        XCTAssertEqual(request.url.absoluteString, "http://erp.virtual:443/S/Set?$top=1&b=9&a=1%202", "a request's own query option wins")
        XCTAssertEqual(request.headers["X-Tenant"], "t1")
        XCTAssertEqual(request.headers["Authorization"], "Basic dTpwdw==")
        XCTAssertNil(request.proxy)
        var secrets = HTTPHeaders()
        secrets["SAP-Connectivity-Authentication"] = "Bearer user.jwt"
        secrets["X-user-token"] = "user.jwt"
        XCTAssertFalse(LoggingMiddleware.redact(secrets).contains("user.jwt"), "the user's JWT is redacted in logs")
    }

    func testBadAnswersAreDestinationErrorsNamingTheDestination() {
        let cases = [
            (
                #"{"destinationConfiguration": {"URL": "http://h", "Authentication": "Kerberos"}}"#,
                "authentication type Kerberos is not supported"
            ),
            (#"{"destinationConfiguration": {"URL": "http://h", "ProxyType": "PrivateLink"}}"#, "proxy type PrivateLink is neither"),
            (#"{"destinationConfiguration": {"URL": "ftp://h"}}"#, "URL ftp://h is not an absolute http(s) URL"),
            (
                #"{"destinationConfiguration": {"URL": "http://h"}, "authTokens": [{"type": "", "error": "boom"}]}"#,
                "could not get its NoAuthentication token: boom"
            ),
            (#"[1]"#, "has no destinationConfiguration object"),
        ]
        for (body, expected) in cases {
            XCTAssertThrowsError(try Destination.parse(Data(body.utf8), name: "D1")) { error in
                let error = error as? ODataError
                XCTAssertEqual(error?.kind, .destination)
                XCTAssertTrue(error?.message.hasPrefix("destination D1: ") == true, "\(String(describing: error))")
                XCTAssertTrue(error?.message.contains(expected) == true, "\(String(describing: error))")
            }
        }
    }

    func testServiceBindingsAreReadFromVCAPServicesWithoutShowingSecrets() throws {
        let vcap = """
            {"destination": [{"credentials": {"uri": "https://destination.example", "url": "https://xsuaa.example",
              "clientid": "sb-d", "clientsecret": "d-secret"}}],
             "connectivity": [{"credentials": {"onpremise_proxy_host": "connectivityproxy.internal", "onpremise_proxy_http_port": 20003,
              "url": "https://xsuaa.example", "clientid": "sb-c", "clientsecret": "c-secret"}}]}
            """
        let (destination, connectivity) = try ServiceBindings.read(["VCAP_SERVICES": vcap])
        XCTAssertEqual(destination.tokenEndpoint.absoluteString, "https://xsuaa.example/oauth/token")
        XCTAssertEqual(connectivity?.proxy.absoluteString, "http://connectivityproxy.internal:20003")
        let bindings = "\(destination) \(String(describing: connectivity))"
        XCTAssertFalse(bindings.contains("d-secret") || bindings.contains("c-secret"), bindings)
        let configuration = OAuth2Configuration(
            tokenEndpoint: destination.tokenEndpoint, clientID: "c", clientAuthentication: .form(secret: "f-secret"),
            grant: .jwtBearer(userToken: "jwt-secret"))
        let described = "\(Authentication.oauth2(configuration)) \(configuration.grant) \(configuration.clientAuthentication)"
        XCTAssertFalse(described.contains("f-secret") || described.contains("jwt-secret"), described)
        XCTAssertThrowsError(try ServiceBindings.read(["VCAP_SERVICES": #"{"connectivity": []}"#])) { error in
            XCTAssertEqual((error as? ODataError)?.message, "VCAP_SERVICES: no destination service binding")
        }
    }
}
