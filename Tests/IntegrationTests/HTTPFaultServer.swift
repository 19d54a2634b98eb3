import Foundation
import XCTest

/// A local HTTP/1.1 server of ours (Python's `http.server`, threaded, keep-alive) for transport edge
/// cases the OData servers do not produce:
///
/// - `/echo` (any method): answers JSON with the method, the request target, the headers and the body size;
///   a proxy sees the absolute URL as target, so the same server doubles as a forward proxy.
/// - `/gzip`: a gzip-compressed JSON body with `Content-Encoding: gzip`.
/// - `/truncated`: declares 100 bytes, sends 10, closes.
/// - `/cookie/set` sets `session=abc`; `/cookie/check` echoes the `Cookie` header.
/// - `/redirect`: `302` to `/echo`.
/// - `/slow`: waits 3 s before answering.
/// - `/trickle`: declares 40 bytes and sends one every 0.1 s (data keeps moving for 4 s).
/// - `/big?n=…`: `n` bytes of `x`.
/// - `/svc/Items`: a verbose-JSON feed of 400 `{"ID":…,"Name":…}` entries (Name holds `{`, `]`, `"` and `\\`),
///   its first half sent at once, the rest 1.5 s later.
final class HTTPFaultServer {
    private var server: PythonServerProcess?
    /// The port, once started.
    private(set) var port = 0

    /// The URL of a path on the server.
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    func start() throws {
        let script = """
            import gzip, json, sys, time, http.server
            class H(http.server.BaseHTTPRequestHandler):
                protocol_version = "HTTP/1.1"
                disable_nagle_algorithm = True  # the body does not wait for the delayed ACK of the headers (40 ms)
                def log_message(self, *a): pass
                def answer(self, status, body, headers=()):
                    self.send_response(status)
                    for name, value in headers: self.send_header(name, value)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    if self.command != "HEAD": self.wfile.write(body)
                def handle_any(self):
                    length = int(self.headers.get("Content-Length") or 0)
                    body = self.rfile.read(length) if length else b""
                    path = self.path.split("?")[0]
                    if path.endswith("/echo"):
                        info = {"method": self.command, "target": self.path, "bodySize": len(body), "body": body.decode("latin-1")[:200],
                                "headers": {k.lower(): v for k, v in self.headers.items()}}
                        self.answer(200, json.dumps(info).encode(), [("Content-Type", "application/json")])
                    elif path == "/gzip":
                        self.answer(200, gzip.compress(json.dumps({"d": {"zipped": "yes" * 1000}}).encode()),
                                    [("Content-Type", "application/json"), ("Content-Encoding", "gzip")])
                    elif path == "/truncated":
                        self.send_response(200); self.send_header("Content-Length", "100"); self.end_headers()
                        self.wfile.write(b"0123456789"); self.wfile.flush(); self.close_connection = True
                    elif path == "/cookie/set":
                        self.answer(200, b"{}", [("Set-Cookie", "session=abc; Path=/")])
                    elif path == "/cookie/check":
                        self.answer(200, json.dumps({"cookie": self.headers.get("Cookie", "")}).encode())
                    elif path == "/redirect":
                        self.answer(302, b"", [("Location", "/echo")])
                    elif path == "/slow":
                        time.sleep(3); self.answer(200, b"{}")
                    elif path == "/trickle":
                        self.send_response(200); self.send_header("Content-Length", "40"); self.end_headers()
                        for _ in range(40): self.wfile.write(b"x"); self.wfile.flush(); time.sleep(0.1)
                    elif path == "/svc/Items":
                        items = [{"__metadata": {"type": "Test.Item"}, "ID": i, "Name": "item {%d] \\"q\\" \\\\ end" % i} for i in range(400)]
                        body = json.dumps({"d": {"__count": "400", "results": items, "__next": "Items?$skiptoken=end"}}).encode()
                        if "skiptoken" in self.path:
                            body = json.dumps({"d": {"results": []}}).encode()
                        self.send_response(200); self.send_header("Content-Type", "application/json")
                        self.send_header("Content-Length", str(len(body))); self.end_headers()
                        half = len(body) // 2
                        self.wfile.write(body[:half]); self.wfile.flush()
                        if "skiptoken" not in self.path: time.sleep(1.5)
                        self.wfile.write(body[half:])
                    elif path == "/big":
                        self.answer(200, b"x" * int(self.path.split("n=")[1]))
                    else:
                        self.answer(404, b"not found")
                do_GET = do_POST = do_PUT = do_DELETE = do_MERGE = do_PATCH = do_HEAD = handle_any
            class S(http.server.ThreadingHTTPServer):
                request_queue_size = 128  # a burst of connections is not dropped (a SYN resent after 1 s)
            srv = S(("127.0.0.1", 0), H)
            srv.daemon_threads = True
            print(srv.server_address[1], flush=True)
            srv.serve_forever()
            """
        let server = try PythonServerProcess(script: script, name: "fault server")
        self.server = server
        port = server.port
    }

    func stop() {
        server?.stop()
    }
}
