import Foundation
import XCTest

/// A local HTTPS server (Python's `ssl`) that requires a client certificate signed by a private CA,
/// with the CA and certificates made by `openssl` in a temporary folder.
///
/// Files in `folder`: `ca.pem` (the private CA), `server.pem`/`server.key` (for 127.0.0.1),
/// `client.pem`/`client.key` and `client.p12` (password `p12-secret`) signed by the CA, `rogue.pem`/`rogue.key`
/// (a client certificate from another CA), `server.pub` (the server's public key) and `pin.txt`
/// (its `sha256//…` pin).
final class TLSTestServer {
    let folder: URL
    private var server: PythonServerProcess?
    /// The server's port, once started.
    private(set) var port = 0

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("odata-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The URL of a path on the server.
    func url(_ path: String = "svc/") -> URL { URL(string: "https://127.0.0.1:\(port)/\(path)")! }

    /// A file in the temporary folder.
    func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

    func stop() {
        server?.stop()
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

    private func makeCA(_ name: String) throws {
        try run(
            "openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(name).key", "-out", "\(name).pem", "-days", "1", "-subj",
                "/CN=\(name)",
            ])
    }

    private func makeCertificate(_ name: String, signedBy ca: String, extensions: [String] = []) throws {
        try run(
            "openssl", ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(name)"])
        try run(
            "openssl",
            [
                "x509", "-req", "-in", "\(name).csr", "-CA", "\(ca).pem", "-CAkey", "\(ca).key", "-CAcreateserial", "-out", "\(name).pem",
                "-days", "1",
            ]
                + extensions)
    }

    /// The private CA, the server and client certificates, a PKCS#12 bundle, a rogue client and the pins.
    func makeCertificates() throws {
        try makeCA("ca")
        try makeCA("rogue-ca")
        try "subjectAltName=IP:127.0.0.1\n".write(to: file("san.ext"), atomically: true, encoding: .utf8)
        try makeCertificate("server", signedBy: "ca", extensions: ["-extfile", "san.ext"])
        try makeCertificate("client", signedBy: "ca")
        try makeCertificate("rogue", signedBy: "rogue-ca")
        try run(
            "openssl",
            ["pkcs12", "-export", "-in", "client.pem", "-inkey", "client.key", "-out", "client.p12", "-passout", "pass:p12-secret"])
        try run("openssl", ["pkey", "-in", "server.key", "-pubout", "-out", "server.pub"])
        try run(
            "sh",
            [
                "-c",
                "openssl pkey -pubin -in server.pub -outform der | openssl dgst -sha256 -binary | openssl enc -base64 -A | sed 's|^|sha256//|' > pin.txt",
            ])
    }

    /// The `sha256//…` pin of the server's public key.
    func pin() throws -> String {
        try String(contentsOf: file("pin.txt"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts the server on 127.0.0.1; it answers every GET with `200` and `{}`.
    func start() throws {
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
        let server = try PythonServerProcess(script: script, in: folder, name: "TLS server")
        self.server = server
        port = server.port
    }
}
