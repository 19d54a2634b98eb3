import Foundation
import OData
import ODataCurl
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real servers that `scripts/servers.sh run swift test` starts. A missing variable fails the
/// test (never skips it): the test command always starts the servers.
enum TestServers {
    static func url(_ variable: String, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        guard let text = ProcessInfo.processInfo.environment[variable], let url = URL(string: text) else {
            XCTFail("\(variable) is not set: run the tests with scripts/servers.sh run swift test", file: file, line: line)
            throw ODataError(.invalidRequest, "\(variable) is not set")
        }
        return url
    }

    /// The ESPM service root on pyslet (page size 100).
    static func pyslet(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try url("ODATA_TEST_PYSLET_URL", file: file, line: line)
    }

    /// The ESPM service root on pyslet with page size 5.
    static func pysletPaging(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try url("ODATA_TEST_PYSLET_PAGING_URL", file: file, line: line)
    }

    /// The mock-sap base URL.
    static func mockSAP(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try url("ODATA_TEST_MOCKSAP_URL", file: file, line: line)
    }

    /// GWSAMPLE_BASIC on mock-sap.
    static func gwsample(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try mockSAP(file: file, line: line).appendingPathComponent("sap/opu/odata/IWBEP/GWSAMPLE_BASIC/")
    }

    private static let controlSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// A plain control-plane request (outside the SDK), failing the test on a non-2xx answer.
    @discardableResult
    static func control(_ method: String, _ url: URL, json: String? = nil) async throws -> Data {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await controlSession.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw ODataError(.httpStatus, "\(method) \(url) answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }

    /// Restores mock-sap's seeded data and clears its fault rules and tokens.
    static func resetMockSAP() async throws {
        try await control("POST", try mockSAP().appendingPathComponent("_mock/reset"), json: "{}")
    }

    /// Restores pyslet's seeded data.
    static func resetPyslet(_ root: URL) async throws {
        try await control("POST", root.appendingPathComponent("_harness/reset"))
    }
}

extension TestServers {
    /// GWSAMPLE_BASIC on the mock-sap instance started with `--require-if-match`.
    static func gwsampleStrict(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try url("ODATA_TEST_MOCKSAP_STRICT_URL", file: file, line: line).appendingPathComponent("sap/opu/odata/IWBEP/GWSAMPLE_BASIC/")
    }
}

extension TestServers {
    /// The transport the suite runs over: `ODATA_TEST_TRANSPORT=curl` (set by scripts/test.sh for its
    /// second run) selects `CurlTransport`; otherwise the default `URLSessionTransport`.
    static var usesCurl: Bool { ProcessInfo.processInfo.environment["ODATA_TEST_TRANSPORT"] == "curl" }

    /// The transport for a provider with these options (nil: the provider's own `URLSessionTransport`).
    static func transport(for options: OnlineODataProvider.Options) -> (any ODataTransport)? {
        usesCurl ? CurlTransport(configuration: .init(options.transportConfiguration)) : nil
    }

    /// A provider over the suite's transport: every integration test builds its providers here.
    static func provider(serviceName: String, serviceRoot: URL, options: OnlineODataProvider.Options = .init()) -> OnlineODataProvider {
        OnlineODataProvider(serviceName: serviceName, serviceRoot: serviceRoot, options: options, transport: transport(for: options))
    }
}

extension TestServers {
    /// The OData 3.0 catalog service of `scripts/servers/v3_server.py` (`/Catalog.svc/`).
    static func v3(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        try url("ODATA_TEST_V3_URL", file: file, line: line)
    }

    /// A control endpoint of the v3 server (`/_control/reset`, `/_control/log`).
    static func v3Control(_ name: String) throws -> URL {
        try XCTUnwrap(URL(string: "/_control/" + name, relativeTo: try v3())?.absoluteURL)
    }
}
