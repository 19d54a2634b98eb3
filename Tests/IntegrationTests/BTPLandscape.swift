import Foundation
import OData
import ODataCurl
import XCTest

/// The SAP BTP imitation of `scripts/servers/btp_landscape.py` (XSUAA, destination service, an "S/4HANA Cloud"
/// front, the connectivity proxy, another origin), started per test in front of pyslet (cloud) and mock-sap
/// (on-premise Gateway); every server on 127.0.0.1.
final class BTPLandscape {
    private let process: Process
    let xsuaa: URL
    let destinationService: URL
    let s4: URL
    let proxy: URL
    let elsewhere: URL
    /// The token endpoint over mutual TLS, when started with a TLS folder.
    let mutualTLSTokenEndpoint: URL?

    /// The clients the imitated XSUAA knows, with their secrets.
    static let appClient = ("sb-app", "app-secret")

    /// Starts the landscape; with `tlsFolder` (a `TLSTestServer`'s certificates) also a token endpoint over mutual TLS.
    init(tlsFolder: URL? = nil) throws {
        let cloud = try TestServers.pysletPaging()
        let onPremise = try TestServers.mockSAP()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/servers/btp_landscape.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", script.path, "--cloud-backend", "http://127.0.0.1:\(cloud.port ?? 80)", "--onpremise-backend",
                "http://127.0.0.1:\(onPremise.port ?? 80)",
            ] + (tlsFolder.map { ["--tls-folder", $0.path] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        self.process = process
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 10 { line.append(first) }
        guard let ports = (try? JSONSerialization.jsonObject(with: line)) as? [String: Int] else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw ODataError(.transport, "the BTP landscape did not report its ports: \(String(decoding: line, as: UTF8.self))")
        }
        func url(_ name: String) -> URL { URL(string: "http://127.0.0.1:\(ports[name] ?? 0)")! }
        xsuaa = url("xsuaa")
        destinationService = url("destination")
        s4 = url("s4")
        proxy = url("proxy")
        elsewhere = url("elsewhere")
        mutualTLSTokenEndpoint = ports["xsuaa_mtls"].map { URL(string: "https://127.0.0.1:\($0)/oauth/token")! }
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    var tokenEndpoint: URL { xsuaa.appendingPathComponent("oauth/token") }

    /// ESPM on pyslet (page size 5) behind the bearer-checking "S/4HANA Cloud" front.
    var s4ServiceRoot: URL { s4.appendingPathComponent("ESPM.svc/") }

    /// An OAuth2 configuration of the app's client, with a cache of its own; its token requests go over the suite's
    /// transport (`CurlTransport` in the `ODATA_TEST_TRANSPORT=curl` run, else the default `URLSessionTransport`).
    func configuration(
        secret: String = BTPLandscape.appClient.1, grant: OAuth2Configuration.Grant = .clientCredentials, timeout: TimeInterval = 30,
        cache: OAuth2TokenCache = OAuth2TokenCache()
    ) -> OAuth2Configuration {
        OAuth2Configuration(
            tokenEndpoint: tokenEndpoint, clientID: BTPLandscape.appClient.0, clientAuthentication: .basic(secret: secret), grant: grant,
            timeout: timeout, transport: TestServers.usesCurl ? CurlTransport(configuration: .init(requestTimeout: timeout)) : nil,
            cache: cache)
    }

    /// A JWT for `user` from the landscape's identity provider.
    func userJWT(_ user: String) async throws -> String {
        let data = try await TestServers.control(
            "GET", xsuaa.appendingPathComponent("_user").appending(queryItems: [.init(name: "name", value: user)]))
        return try XCTUnwrap((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["jwt"] as? String)
    }

    /// Changes the landscape's behaviour (`token_lifetime`, `hang`, `html`, `expire_now`, `cross_origin_next`, `routes`, …).
    func control(_ json: String) async throws {
        try await TestServers.control("POST", xsuaa.appendingPathComponent("_control"), json: json)
    }

    /// Adds destinations (name → `destinationConfiguration`).
    func define(_ json: String) async throws {
        try await TestServers.control("POST", xsuaa.appendingPathComponent("_destinations"), json: json)
    }

    /// What the landscape counted.
    func stats() async throws -> [String: Any] {
        let data = try await TestServers.control("GET", xsuaa.appendingPathComponent("_stats"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// How many token requests of a grant type XSUAA answered.
    func grants(_ type: String) async throws -> Int {
        ((try await stats())["grants"] as? [String: Int])?[type] ?? 0
    }
}
