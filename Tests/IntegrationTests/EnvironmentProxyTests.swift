import ESPM
import Foundation
import OData
import ODataCurl
import XCTest

/// Proxies from the environment (`http_proxy`, `no_proxy`, `NO_PROXY`), which libcurl reads under both transports:
/// the suite's transport (URLSession, and CurlTransport in the `ODATA_TEST_TRANSPORT=curl` run).
///
/// The proxied requests go to `localhost` while every other test uses `127.0.0.1`, which `no_proxy` keeps direct.
final class EnvironmentProxyTests: XCTestCase {
    private var certificates: TLSTestServer!
    private var server: ProxyTestServer!

    /// The certificates of the HTTPS origin, made once for the class (openssl takes seconds).
    nonisolated(unsafe) private static var shared: TLSTestServer?

    override class func tearDown() {
        shared?.stop()
        shared = nil
    }

    override func setUpWithError() throws {
        if Self.shared == nil {
            let made = try TLSTestServer()
            try made.makeCertificates()
            Self.shared = made
        }
        certificates = Self.shared
        server = try ProxyTestServer(certificates: certificates.folder)
    }

    override func tearDown() {
        for name in ["http_proxy", "no_proxy", "NO_PROXY"] { unsetenv(name) }
        server?.stop()
    }

    private func targets() throws -> [String] { try server.log().compactMap { $0["target"] as? String } }

    func testEnvironmentProxyCarriesProviderRequestsAndNoProxyBypassesIt() async throws {
        setenv("http_proxy", server.url.absoluteString, 1)
        setenv("no_proxy", "127.0.0.1", 1)
        var parts = try XCTUnwrap(URLComponents(url: try TestServers.pyslet(), resolvingAgainstBaseURL: false))
        parts.host = "localhost"
        let root = try XCTUnwrap(parts.url)
        let service = ESPMContainer(provider: TestServers.provider(serviceName: "ESPM", serviceRoot: root))
        let customers = try await service.fetchCustomers(matching: DataQuery().top(2))
        XCTAssertEqual(customers.count, 2)
        let seen = try targets()
        XCTAssertTrue(seen.contains { $0.hasPrefix("http://localhost:") && $0.contains("/Customers") }, "\(seen)")

        // NO_PROXY (upper case) names the host: direct, the proxy sees nothing more
        unsetenv("no_proxy")
        setenv("NO_PROXY", "localhost,127.0.0.1", 1)
        let before = try targets().count
        let products = try await service.fetchProducts(matching: DataQuery().top(1))
        XCTAssertEqual(products.count, 1)
        XCTAssertEqual(try targets().count, before, "a host in NO_PROXY goes direct")
    }

    /// A refusing environment proxy (with credentials in `http_proxy`) is a typed error naming the proxy, over the
    /// suite's transport, and neither message nor description shows the password.
    func testARefusingEnvironmentProxyIsATypedErrorNamingIt() async throws {
        let refusing = try ProxyTestServer(certificates: certificates.folder, refusal: 407)
        defer { refusing.stop() }
        setenv("http_proxy", "http://env-user:env-secret-pw@127.0.0.1:\(refusing.port)", 1)
        setenv("no_proxy", "127.0.0.1", 1)
        let transport: any ODataTransport = TestServers.usesCurl ? CurlTransport() : URLSessionTransport()
        do {
            _ = try await transport.send(
                HTTPRequest(method: "GET", url: try XCTUnwrap(URL(string: "http://localhost:\(refusing.httpOriginPort)/refused"))))
            XCTFail("expected the proxy to refuse")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .transport)
            XCTAssertEqual(error.statusCode, 407)
            XCTAssertTrue(
                error.message.contains("the proxy http://127.0.0.1:\(refusing.port) (from the environment) refused"), error.message)
            XCTAssertFalse("\(error) \(String(reflecting: error))".contains("env-secret-pw"))
        }
        XCTAssertEqual(try refusing.log().count, 1)
    }

    func testCurlTransportWithoutProxyIgnoresTheEnvironment() async throws {
        setenv("http_proxy", server.url.absoluteString, 1)
        setenv("no_proxy", "127.0.0.1", 1)
        let url = try XCTUnwrap(URL(string: "http://localhost:\(server.httpOriginPort)/none"))
        let response = try await CurlTransport(configuration: .init(proxy: .none)).send(HTTPRequest(method: "GET", url: url))
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertTrue(try targets().isEmpty)
        _ = try await CurlTransport().send(HTTPRequest(method: "GET", url: url))
        XCTAssertEqual(try targets(), [url.absoluteString], "the default follows the environment")
    }
}
