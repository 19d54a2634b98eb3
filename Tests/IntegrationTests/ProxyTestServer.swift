import Foundation
import XCTest

/// A forward HTTP proxy on 127.0.0.1 (absolute-form requests for `http://`, `CONNECT` tunnels for `https://`) with
/// an echo origin beside it over HTTP and over HTTPS, written in Python for the proxy tests.
///
/// The proxy can ask for basic `Proxy-Authorization` (`user`/`password`) or refuse everything (`refusal`: 403 or
/// 407; its refusals carry an RFC 9209 `Proxy-Status` error). It records every request it receives (method, target,
/// headers) and answers `GET /_log` (origin-form, sent to it directly) with them as JSON. The origins answer any
/// request with the method, path and headers they received as JSON. The HTTPS origin uses `server.pem` from
/// `TLSTestServer.makeCertificates()` in `certificates` (trust `ca.pem`).
final class ProxyTestServer {
    private let process: PythonServerProcess
    /// The proxy's port.
    let port: Int
    /// The plain HTTP echo origin's port.
    let httpOriginPort: Int
    /// The HTTPS echo origin's port.
    let httpsOriginPort: Int

    init(certificates: URL, user: String? = nil, password: String? = nil, refusal: Int? = nil) throws {
        let credential = user.map { Data("\($0):\(password ?? "")".utf8).base64EncodedString() }
        let script = Self.script
            .replacingOccurrences(of: "@CREDENTIAL@", with: credential.map { "'Basic \($0)'" } ?? "None")
            .replacingOccurrences(of: "@REFUSAL@", with: refusal.map(String.init) ?? "None")
        process = try PythonServerProcess(script: script, in: certificates, name: "proxy")
        port = process.port
        let ports = try JSONSerialization.jsonObject(with: try Self.get(port: port, path: "/_ports")) as? [String: Int]
        httpOriginPort = try XCTUnwrap(ports?["http"])
        httpsOriginPort = try XCTUnwrap(ports?["https"])
    }

    func stop() { process.stop() }

    /// The proxy's URL.
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// What the proxy received so far: one entry per request (`method`, `target`, `headers` as `[[name, value]]`).
    func log() throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: try Self.get(port: port, path: "/_log")) as? [[String: Any]] ?? []
    }

    /// A direct GET on 127.0.0.1 over a plain socket (not URLSession, so no environment proxy applies).
    private static func get(port: Int, path: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import socket,sys;s=socket.create_connection(('127.0.0.1',\(port)));"
                + "s.sendall(b'GET \(path) HTTP/1.0\\r\\n\\r\\n');d=b''\nwhile True:\n c=s.recv(65536)\n if not c: break\n d+=c\n"
                + "sys.stdout.buffer.write(d.split(b'\\r\\n\\r\\n',1)[1])",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    private static let script = """
        import socket, socketserver, threading, json, ssl, http.server
        CREDENTIAL = @CREDENTIAL@
        REFUSAL = @REFUSAL@
        LOG = []
        LOCK = threading.Lock()

        class Echo(http.server.BaseHTTPRequestHandler):
            def answer(self):
                length = int(self.headers.get('Content-Length') or 0)
                body = self.rfile.read(length) if length else b''
                data = json.dumps({'method': self.command, 'path': self.path, 'headers': [[k, v] for k, v in self.headers.items()],
                                   'bodyLength': len(body)}).encode()
                self.send_response(200)
                self.send_header('Content-Type', 'application/json')
                self.send_header('Content-Length', str(len(data)))
                self.send_header('Connection', 'close')
                self.end_headers()
                self.wfile.write(data)
            do_GET = do_POST = do_PUT = do_MERGE = do_DELETE = answer
            def log_message(self, *a): pass

        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True

        plain = Server(('127.0.0.1', 0), Echo)
        secure = Server(('127.0.0.1', 0), Echo)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain('server.pem', 'server.key')
        secure.socket = context.wrap_socket(secure.socket, server_side=True)
        for origin in (plain, secure):
            threading.Thread(target=origin.serve_forever, daemon=True).start()

        def read_head(stream):
            lines = []
            while True:
                line = stream.readline(65537)
                if not line or line in (b'\\r\\n', b'\\n'):
                    return lines
                lines.append(line.decode('latin-1').rstrip('\\r\\n'))

        def pipe(source, target):
            try:
                while True:
                    data = source.recv(65536)
                    if not data:
                        break
                    target.sendall(data)
            except OSError:
                pass
            finally:
                try: target.shutdown(socket.SHUT_WR)
                except OSError: pass

        class Proxy(socketserver.StreamRequestHandler):
            def reply(self, status, reason, body=b'', headers=()):
                head = 'HTTP/1.1 %d %s\\r\\nContent-Length: %d\\r\\nConnection: close\\r\\n' % (status, reason, len(body))
                for name, value in headers:
                    head += '%s: %s\\r\\n' % (name, value)
                self.wfile.write(head.encode() + b'\\r\\n' + body)
                self.wfile.flush()

            def handle(self):
                lines = read_head(self.rfile)
                if not lines:
                    return
                method, target, _ = lines[0].split(' ', 2)
                headers = [line.split(':', 1) for line in lines[1:] if ':' in line]
                headers = [[name.strip(), value.strip()] for name, value in headers]
                if target == '/_log':
                    with LOCK: data = json.dumps(LOG).encode()
                    return self.reply(200, 'OK', data)
                if target == '/_ports':
                    return self.reply(200, 'OK', json.dumps({'http': plain.server_address[1], 'https': secure.server_address[1]}).encode())
                with LOCK: LOG.append({'method': method, 'target': target, 'headers': headers})
                given = [value for name, value in headers if name.lower() == 'proxy-authorization']
                if REFUSAL == 407 or (CREDENTIAL is not None and given != [CREDENTIAL]):
                    return self.reply(407, 'Proxy Authentication Required', b'credentials required',
                                      [('Proxy-Authenticate', 'Basic realm="odata-test-proxy"'),
                                       ('Proxy-Status', 'odata-test-proxy; error=http_request_denied')])
                if REFUSAL == 403:
                    return self.reply(403, 'Forbidden', b'not through this proxy',
                                      [('Proxy-Status', 'odata-test-proxy; error=destination_ip_prohibited')])
                if method == 'CONNECT':
                    host, port = target.rsplit(':', 1)
                    upstream = socket.create_connection((host, int(port)))
                    self.wfile.write(b'HTTP/1.1 200 Connection established\\r\\n\\r\\n')
                    self.wfile.flush()
                    # bytes the client sent right after its CONNECT head are still in rfile's buffer
                    waiting = self.rfile.peek(0) if hasattr(self.rfile, 'peek') else b''
                    if waiting:
                        upstream.sendall(self.rfile.read(len(waiting)))
                    back = threading.Thread(target=pipe, args=(upstream, self.connection), daemon=True)
                    back.start()
                    pipe(self.connection, upstream)
                    back.join()
                    upstream.close()
                    return
                if not target.startswith('http://'):
                    return self.reply(400, 'Bad Request', b'absolute-form target expected')
                rest = target[len('http://'):]
                authority, _, path = rest.partition('/')
                host, _, port = authority.partition(':')
                length = int(next((v for n, v in headers if n.lower() == 'content-length'), '0'))
                body = self.rfile.read(length) if length else b''
                forwarded = [(n, v) for n, v in headers
                             if n.lower() not in ('proxy-authorization', 'proxy-connection', 'connection', 'keep-alive')]
                head = '%s /%s HTTP/1.1\\r\\n' % (method, path)
                head += ''.join('%s: %s\\r\\n' % (n, v) for n, v in forwarded) + 'Connection: close\\r\\n\\r\\n'
                upstream = socket.create_connection((host, int(port or 80)))
                upstream.sendall(head.encode('latin-1') + body)
                while True:
                    data = upstream.recv(65536)
                    if not data:
                        break
                    self.wfile.write(data)
                self.wfile.flush()
                upstream.close()

        class ProxyServer(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True

        proxy = ProxyServer(('127.0.0.1', 0), Proxy)
        print(proxy.server_address[1], flush=True)
        proxy.serve_forever()
        """
}
