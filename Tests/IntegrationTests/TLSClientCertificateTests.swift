import Foundation
import OData
import XCTest

/// What `URLSessionTransport` can do with TLS on Linux, against a local server (Python's `ssl`, a
/// private CA and a client certificate made by `openssl` in a temporary folder): swift-corelibs-foundation
/// neither lets a client certificate be presented nor a private CA be trusted (see `URLSessionTransport`),
/// so such a server must fail fast with a typed transport error that names the certificate problem.
final class TLSClientCertificateTests: XCTestCase {
    private var folder: URL!
    private var server: Process?

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("odata-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        // SIGKILL: started from the XCTest runner, the Python child did not stop on SIGTERM (the test hung here)
        if let server, server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server?.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    private func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments.joined(separator: " "))")
    }

    /// A private CA, a server certificate for 127.0.0.1 and a client certificate, all signed by the CA.
    private func makeCertificates() throws {
        try run(
            "openssl",
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "1", "-subj", "/CN=Test CA"])
        try "subjectAltName=IP:127.0.0.1\n".write(to: folder.appendingPathComponent("san.ext"), atomically: true, encoding: .utf8)
        for name in ["server", "client"] {
            try run(
                "openssl",
                ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(name)"])
            try run(
                "openssl",
                [
                    "x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "\(name).pem",
                    "-days", "1",
                ]
                    + (name == "server" ? ["-extfile", "san.ext"] : []))
        }
    }

    /// Starts an HTTPS server on 127.0.0.1 that requires a client certificate from the CA; returns its port.
    private func startServer() throws -> Int {
        let script = """
            import ssl, sys, http.server
            class H(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    body = b"{}"
                    self.send_response(200); self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
                def log_message(self, *a): pass
            srv = http.server.HTTPServer(("127.0.0.1", 0), H)
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            ctx.load_cert_chain("server.pem", "server.key")
            ctx.load_verify_locations("ca.pem")
            ctx.verify_mode = ssl.CERT_REQUIRED
            srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
            print(srv.server_address[1], flush=True)
            srv.serve_forever()
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        server = process
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 10 { line.append(first) }
        return try XCTUnwrap(Int(String(decoding: line, as: UTF8.self)), "the TLS server did not report its port")
    }

    func testPrivateCAServerRequiringAClientCertificateFailsTypedAndFast() async throws {
        try makeCertificates()
        let port = try startServer()
        let provider = OnlineODataProvider(
            serviceName: "TLS", serviceRoot: try XCTUnwrap(URL(string: "https://127.0.0.1:\(port)/svc/")),
            options: .init(retryPolicy: .none, transportConfiguration: .init(requestTimeout: 5)))
        let start = Date()
        do {
            _ = try await provider.fetchMetadataDocument()
            XCTFail("URLSession on Linux cannot trust the private CA nor present the client certificate")
        } catch let error as ODataError {
            XCTAssertEqual(error.kind, .transport)
            XCTAssertTrue(error.message.contains("SSL certificate problem"), error.message)
            XCTAssertNil(error.statusCode, "the TLS handshake fails before any HTTP exchange")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "fails at the handshake, not at the timeout")
    }
}
