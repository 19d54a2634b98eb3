import Foundation
import OData
import ODataCurl
import XCTest

/// `CurlTransport` against a local HTTPS server that requires a client certificate signed by a private
/// CA (`TLSTestServer`): mutual TLS with PEM and PKCS#12 identities, the CA trusted for this transport
/// only (file or folder), public-key pinning, and typed errors naming the TLS problem otherwise.
final class CurlTLSTests: XCTestCase {
    private var server: TLSTestServer!

    override func setUp() async throws {
        server = try TLSTestServer()
        try server.makeCertificates()
        try server.start()
    }

    override func tearDown() async throws {
        server.stop()
    }

    private func get(_ tls: CurlTransport.TLSOptions) async throws -> HTTPResponse {
        let transport = CurlTransport(configuration: .init(requestTimeout: 5, tls: tls))
        let provider = OnlineODataProvider(
            serviceName: "TLS", serviceRoot: server.url(), options: .init(retryPolicy: .none), transport: transport)
        return try await provider.execute(HTTPRequest(method: "GET", url: server.url("svc/Things")))
    }

    /// Expects a `.transport` error with a `CurlTransportError` marked TLS, failing fast; returns it.
    @discardableResult
    private func expectTLSFailure(
        _ tls: CurlTransport.TLSOptions, file: StaticString = #filePath, line: UInt = #line
    ) async throws -> CurlTransportError? {
        let start = Date()
        do {
            let response = try await get(tls)
            XCTFail("expected a TLS failure, got \(response.statusCode)", file: file, line: line)
            return nil
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .transport, file: file, line: line)
            XCTAssertTrue(error.message.contains("TLS problem"), error.message, file: file, line: line)
            XCTAssertNil(error.statusCode, "no HTTP exchange", file: file, line: line)
            XCTAssertLessThan(Date().timeIntervalSince(start), 5, "fails at the handshake, not at the timeout", file: file, line: line)
            let curl = try XCTUnwrap(error.underlyingError as? CurlTransportError, file: file, line: line)
            XCTAssertTrue(curl.isTLS, "\(curl)", file: file, line: line)
            return curl
        }
    }

    private var pemIdentity: CurlTransport.ClientCertificate {
        .pem(certificate: server.file("client.pem"), key: server.file("client.key"))
    }

    func testPEMClientCertificateAndPrivateCABundleSucceed() async throws {
        let response = try await get(.init(clientCertificate: pemIdentity, trustedCertificateAuthorities: .file(server.file("ca.pem"))))
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "{}")
    }

    func testPKCS12ClientCertificateAndCAFolderSucceed() async throws {
        let folder = server.file("trusted")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: server.file("ca.pem"), to: folder.appendingPathComponent("private-ca.crt"))
        let response = try await get(
            .init(
                clientCertificate: .pkcs12(server.file("client.p12"), password: "p12-secret"),
                trustedCertificateAuthorities: .folder(folder)))
        XCTAssertEqual(response.statusCode, 200)
    }

    func testMissingClientCertificateFailsTyped() async throws {
        try await expectTLSFailure(.init(trustedCertificateAuthorities: .file(server.file("ca.pem"))))
    }

    func testClientCertificateFromAnotherCAFailsTyped() async throws {
        try await expectTLSFailure(
            .init(
                clientCertificate: .pem(certificate: server.file("rogue.pem"), key: server.file("rogue.key")),
                trustedCertificateAuthorities: .file(server.file("ca.pem"))))
    }

    func testWrongPKCS12PasswordFailsTyped() async throws {
        let error = try await expectTLSFailure(
            .init(
                clientCertificate: .pkcs12(server.file("client.p12"), password: "wrong"),
                trustedCertificateAuthorities: .file(server.file("ca.pem"))
            ))
        XCTAssertEqual(error?.code, 58, "CURLE_SSL_CERTPROBLEM: \(String(describing: error))")
    }

    func testUntrustedPrivateCAFailsWithTheCertificateProblem() async throws {
        let error = try await expectTLSFailure(.init(clientCertificate: pemIdentity))
        XCTAssertEqual(error?.code, 60, "CURLE_PEER_FAILED_VERIFICATION: \(String(describing: error))")
        XCTAssertTrue(error?.detail.contains("certificate") ?? false, "\(String(describing: error))")
    }

    func testPinnedPublicKeyMatchesAsHashAndAsFile() async throws {
        let ca = CurlTransport.CertificateAuthorities.file(server.file("ca.pem"))
        let byHash = try await get(
            .init(clientCertificate: pemIdentity, trustedCertificateAuthorities: ca, pinnedPublicKey: try server.pin()))
        XCTAssertEqual(byHash.statusCode, 200)
        let byFile = try await get(
            .init(clientCertificate: pemIdentity, trustedCertificateAuthorities: ca, pinnedPublicKey: server.file("server.pub").path))
        XCTAssertEqual(byFile.statusCode, 200)
    }

    func testWrongPinnedPublicKeyFailsTyped() async throws {
        let otherKey = "sha256//" + Data(repeating: 7, count: 32).base64EncodedString()
        let error = try await expectTLSFailure(
            .init(clientCertificate: pemIdentity, trustedCertificateAuthorities: .file(server.file("ca.pem")), pinnedPublicKey: otherKey))
        XCTAssertEqual(error?.code, 90, "CURLE_SSL_PINNEDPUBKEYNOTMATCH: \(String(describing: error))")
    }

    func testVerificationIsOffOnlyWhenExplicitlyAsked() async throws {
        XCTAssertFalse(CurlTransport.TLSOptions().insecureSkipsCertificateVerification)
        XCTAssertFalse(CurlTransport().configuration.tls.insecureSkipsCertificateVerification)
        let response = try await get(.init(clientCertificate: pemIdentity, insecureSkipsCertificateVerification: true))
        XCTAssertEqual(response.statusCode, 200)
    }
}
