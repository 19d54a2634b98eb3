import Foundation
import XCTest

/// A local HTTP/1.1 server of ours (Python's `http.server`) that sends one large verbose-JSON page of
/// `Test.Item` entries (`ID`, `Name` padded to about 400 bytes) slowly, for the page-streaming tests:
///
/// `/svc/Items?n=…&split=…&pause=…[&bad=…][&next=1]`: `n` entries; the first `split` bytes of the body at
/// once, then `pause` seconds of silence, then the rest in 64 KB pieces. With `bad=k` entry `k` has a
/// string `ID` (a decoding error); with `deleted=k` every `k`th entry (from the first) is a delta response's
/// deleted-entry marker for `Items(i)` and the page has a `__delta` link; with `next=1` the page links to a second page of 3 entries; `ctype=…` replaces
/// the content type; with `chunked=1` the body is sent with `Transfer-Encoding: chunked` (no `Content-Length`).
/// `/sent` answers how many body bytes the last page request got written before it ended (all of them, or
/// fewer when the client went away).
final class SlowFeedServer {
    private var server: PythonServerProcess?
    /// The port, once started.
    private(set) var port = 0

    /// The URL of a path on the server.
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    func start() throws {
        let script = """
            import json, time, http.server, urllib.parse
            sent = [0]
            class H(http.server.BaseHTTPRequestHandler):
                protocol_version = "HTTP/1.1"
                def log_message(self, *a): pass
                def do_GET(self):
                    if self.path == "/sent":
                        body = str(sent[0]).encode()
                        self.send_response(200); self.send_header("Content-Type", "text/plain")
                        self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
                        return
                    q = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(self.path).query))
                    n, bad = int(q.get("n", "0")), int(q.get("bad", "-1"))
                    pad = "x" * 380
                    deleted = int(q.get("deleted", "0"))
                    items = [{"@odata.context": "$metadata#Items/$deletedEntity", "id": "Items(%d)" % i}
                             if deleted and i % deleted == 0 else
                             {"__metadata": {"type": "Test.Item"}, "ID": ("x" if i == bad else i), "Name": "item %d %s" % (i, pad)}
                             for i in range(n)]
                    d = {"__count": str(n), "results": items}
                    if deleted: d["__delta"] = "Items?!deltatoken=1"
                    if q.get("next") == "1": d["__next"] = "Items?n=3"
                    body = json.dumps({"d": d}).encode()
                    self.send_response(200); self.send_header("Content-Type", q.get("ctype", "application/json;charset=utf-8"))
                    chunked = q.get("chunked") == "1"
                    if chunked: self.send_header("Transfer-Encoding", "chunked")
                    else: self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    sent[0] = 0
                    def write(piece):
                        self.wfile.write(b"%x\\r\\n%s\\r\\n" % (len(piece), piece) if chunked else piece)
                        sent[0] += len(piece)
                    split = min(int(q.get("split", str(len(body)))), len(body))
                    try:
                        write(body[:split]); self.wfile.flush()
                        time.sleep(float(q.get("pause", "0")))
                        for start in range(split, len(body), 65536):
                            write(body[start:start + 65536])
                        if chunked: self.wfile.write(b"0\\r\\n\\r\\n")
                        self.wfile.flush()
                    except OSError:
                        self.close_connection = True
            srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
            srv.daemon_threads = True
            print(srv.server_address[1], flush=True)
            srv.serve_forever()
            """
        let server = try PythonServerProcess(script: script, name: "slow feed server")
        self.server = server
        port = server.port
    }

    func stop() {
        server?.stop()
    }
}
