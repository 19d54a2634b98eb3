import Foundation
import OData
import XCTest

/// What `URLSessionTransport` can do with TLS on Linux, against a local server (Python's `ssl`, a
/// private CA and a client certificate made by `openssl` in a temporary folder): swift-corelibs-foundation
/// neither lets a client certificate be presented nor a private CA be trusted (see `URLSessionTransport`),
/// so such a server must fail fast with a typed transport error that names the certificate problem.
/// `CurlTLSTests` shows `CurlTransport` doing both against the same server.
final class TLSClientCertificateTests: XCTestCase {
    private var server: TLSTestServer!

    override func setUpWithError() throws {
        server = try TLSTestServer()
    }

    override func tearDownWithError() throws {
        server.stop()
    }

    func testPrivateCAServerRequiringAClientCertificateFailsTypedAndFast() async throws {
        try server.makeCertificates()
        try server.start()
        let provider = OnlineODataProvider(
            serviceName: "TLS", serviceRoot: server.url(),
            options: .init(retryPolicy: .none, transportConfiguration: .init(requestTimeout: 5)))
        let start = Date()
        do {
            _ = try await provider.send(.fetchMetadataDocument)
            XCTFail("URLSession on Linux cannot trust the private CA nor present the client certificate")
        } catch {
            XCTAssertEqual(error.kind, .transport)
            XCTAssertTrue(error.message.contains("SSL certificate problem"), error.message)
            XCTAssertNil(error.statusCode, "the TLS handshake fails before any HTTP exchange")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "fails at the handshake, not at the timeout")
    }
}
