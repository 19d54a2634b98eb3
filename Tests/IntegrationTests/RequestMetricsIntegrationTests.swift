import ESPM
import Foundation
import OData
import ODataCurl
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Request metrics and trace context against the real servers, over the suite's transport (both runs).
final class RequestMetricsIntegrationTests: XCTestCase {
    func testMetricsOfReadsAndARetryAgainstMockSAP() async throws {
        try await TestServers.resetMockSAP()
        let collector = RequestMetricsCollector()
        var options = OnlineODataProvider.Options(
            authentication: .basic(user: "metrics-user", password: "metrics-secret"),
            retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: 0.01, maxDelay: 0.05))
        options.requestObserver = collector
        options.propagatesTraceContext = true
        let provider = TestServers.provider(serviceName: "GWSAMPLE_BASIC", serviceRoot: try TestServers.gwsample(), options: options)
        let url = provider.serviceRoot.appendingPathComponent("ProductSet")
        var busy = HTTPRequest(method: "GET", url: url, headers: ["sap-mock-scenario": "busy", "Accept": "application/json"])
        busy.timeout = 10
        let answered = try await provider.pipeline.send(busy)
        let plain = try await provider.pipeline.send(HTTPRequest(method: "GET", url: url, headers: ["Accept": "application/json"]))
        XCTAssertEqual(plain.statusCode, 200)

        let metrics = collector.metrics
        XCTAssertEqual(metrics.count, 2)
        let first = try XCTUnwrap(metrics.first)
        XCTAssertEqual(first.statusCode, answered.statusCode)
        XCTAssertEqual(first.attempts, answered.statusCode == 503 ? 3 : first.attempts)
        XCTAssertGreaterThan(first.retries, 0, "mock-sap's busy scenario answers 503, which is retried")
        let second = try XCTUnwrap(metrics.last)
        XCTAssertEqual(second.attempts, 1)
        XCTAssertEqual(second.bytesReceived, plain.body.count)
        XCTAssertGreaterThan(second.bytesReceived, 0)
        XCTAssertGreaterThan(second.duration, 0)
        let transfer = try XCTUnwrap(second.lastTransfer, "both transports measure")
        XCTAssertGreaterThan(try XCTUnwrap(transfer.total), 0)
        XCTAssertLessThanOrEqual(try XCTUnwrap(transfer.total), second.duration + 0.001)
        if TestServers.usesCurl {
            // libcurl's timers: each phase measured, first byte no later than the end
            XCTAssertNotNil(transfer.queue)
            XCTAssertNotNil(transfer.dnsLookup)
            XCTAssertNotNil(transfer.connect)
            XCTAssertEqual(transfer.tls, 0, "plain HTTP has no handshake")
            XCTAssertLessThanOrEqual(try XCTUnwrap(transfer.firstByte), try XCTUnwrap(transfer.total))
            XCTAssertGreaterThan(try XCTUnwrap(transfer.firstByte), 0)
        }
        XCTAssertNotNil(first.traceID)
        XCTAssertNotEqual(first.traceID, second.traceID, "a new trace per logical request without a caller's trace")
        let text = "\(metrics) \(collector.summary())"
        XCTAssertFalse(text.contains("metrics-secret"))
        XCTAssertFalse(text.contains(Data("metrics-user:metrics-secret".utf8).base64EncodedString()))
        XCTAssertEqual(collector.summary().count, 2)
    }

    func testAMissingEntityCountsAsAFailedRequest() async throws {
        let collector = RequestMetricsCollector()
        var options = OnlineODataProvider.Options()
        options.requestObserver = collector
        let service = ESPMContainer(
            provider: TestServers.provider(serviceName: "ESPM", serviceRoot: try TestServers.pyslet(), options: options))
        let found = try await service.fetchCustomers(matching: DataQuery().top(1))
        XCTAssertEqual(found.count, 1)
        do {
            _ = try await service.fetchCustomerWithKey(customerID: "no-such-customer")
            XCTFail("a missing key is an error")
        } catch {
            XCTAssertEqual(error.statusCode, 404, "\(error)")
        }
        XCTAssertEqual(collector.metrics.map(\.statusCode), [200, 404])
        XCTAssertEqual(collector.metrics.map(\.errorKind), [nil, .httpStatus])
        XCTAssertTrue(collector.summary().description.hasPrefix("2 requests (1 failed)"), collector.summary().description)
    }

    func testEveryStreamedPageReportsTheBytesItReceived() async throws {
        let collector = RequestMetricsCollector()
        var options = OnlineODataProvider.Options()
        options.requestObserver = collector
        let provider = TestServers.provider(serviceName: "ESPM", serviceRoot: try TestServers.pysletPaging(), options: options)
        let query = DataQuery().from(ESPMContainerMetadata.EntitySets.customers).orderBy(Customer.customerID)
        var read = 0
        for try await _ in provider.entities(query) { read += 1 }
        XCTAssertGreaterThan(read, 10, "more than two pages of 5")
        let pages = collector.metrics
        XCTAssertGreaterThanOrEqual(pages.count, (read + 4) / 5, "one request per page")
        for page in pages {
            // the same page read again outside the SDK, as JSON like the provider asked for it
            var request = URLRequest(url: try XCTUnwrap(URL(string: page.url)))
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (body, _) = try await URLSession.shared.data(for: request)
            XCTAssertEqual(page.bytesReceived, body.count, "\(page.url)")
            XCTAssertEqual(page.lastTransfer?.bytesReceived, body.count, "\(page.url)")
        }
        XCTAssertEqual(collector.summary().bytesReceived, pages.reduce(0) { $0 + $1.bytesReceived })
    }

    func testTLSHandshakeIsTimedOverCurl() async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        try server.makeCertificates()
        try server.start()
        let transport = CurlTransport(
            configuration: .init(
                tls: .init(
                    clientCertificate: .pem(certificate: server.file("client.pem"), key: server.file("client.key")),
                    trustedCertificateAuthorities: .file(server.file("ca.pem")))))
        let response = try await transport.send(HTTPRequest(method: "GET", url: server.url()))
        let metrics = try XCTUnwrap(response.transferMetrics)
        XCTAssertGreaterThan(try XCTUnwrap(metrics.tls), 0, "a new TLS connection has a handshake time")
        XCTAssertEqual(metrics.bytesReceived, 2)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(metrics.firstByte), try XCTUnwrap(metrics.tls))
    }
}
