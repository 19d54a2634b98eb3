import ESPM
import Foundation
import OData
import ODataCurl
import XCTest

/// Client credentials with a client certificate (mutual TLS, RFC 8705): the token requests go over a `CurlTransport`
/// that presents the certificate to the imitated XSUAA; the service requests over the suite's transport.
final class OAuth2MutualTLSTests: XCTestCase {
    private var certificates: TLSTestServer!
    private var landscape: BTPLandscape!

    override func setUp() async throws {
        certificates = try TLSTestServer()
        try certificates.makeCertificates()
        landscape = try BTPLandscape(tlsFolder: certificates.folder)
    }

    override func tearDown() async throws {
        landscape?.stop()
        certificates?.stop()
    }

    private func configuration(_ identity: CurlTransport.ClientCertificate?) throws -> OAuth2Configuration {
        let tls = CurlTransport.TLSOptions(clientCertificate: identity, trustedCertificateAuthorities: .file(certificates.file("ca.pem")))
        return OAuth2Configuration(
            tokenEndpoint: try XCTUnwrap(landscape.mutualTLSTokenEndpoint), clientID: "sb-app-cert", clientAuthentication: .certificate,
            transport: CurlTransport(configuration: .init(tls: tls)), cache: OAuth2TokenCache())
    }

    private func service(_ configuration: OAuth2Configuration) -> ESPMContainer<OnlineODataProvider> {
        ESPMContainer(
            provider: TestServers.provider(
                serviceName: "ESPM", serviceRoot: landscape.s4ServiceRoot, options: .init(authentication: .oauth2(configuration))))
    }

    func testAClientCertificateGetsTheToken() async throws {
        let pem = CurlTransport.ClientCertificate.pem(certificate: certificates.file("client.pem"), key: certificates.file("client.key"))
        let customers = try await service(try configuration(pem)).fetchCustomers(matching: DataQuery().top(3))
        XCTAssertEqual(customers.count, 3)
        let grants = try await landscape.grants("client_credentials")
        XCTAssertEqual(grants, 1)
    }

    func testAMissingOrForeignCertificateIsATypedErrorNamingTheEndpoint() async throws {
        let rogue = CurlTransport.ClientCertificate.pem(certificate: certificates.file("rogue.pem"), key: certificates.file("rogue.key"))
        for identity in [nil, rogue] {
            do {
                _ = try await service(try configuration(identity)).fetchCustomers(matching: DataQuery().top(1))
                XCTFail("a token was issued without the client's certificate")
            } catch let error as ODataError {
                XCTAssertEqual(error.kind, .tokenEndpoint)
                XCTAssertTrue(error.message.contains("the OAuth2 token endpoint https://127.0.0.1:"), error.message)
                XCTAssertTrue(error.message.contains("could not be reached"), error.message)
            }
        }
    }
}
