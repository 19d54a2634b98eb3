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
/// With `format=atom` the page is an Atom feed of the same entries (`m:count` first; `bad`, `deleted` and `next`
/// as above, the next link `Items?n=3&format=atom`, deleted entries `at:deleted-entry`, entries about 640 bytes),
/// and `broken=k` makes entry `k` malformed XML (`</entri>`).
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
            ATOM = "application/atom+xml;type=feed;charset=utf-8"
            def atom(n, bad, broken, deleted, more, pad):
                def entry(i):
                    if deleted and i % deleted == 0:
                        return '<at:deleted-entry ref="Items(%d)" when="2026-12-02T07:00:00Z"/>' % i
                    if i == broken:
                        return '<entry><id>Items(%d)</id></entri>' % i
                    return ('<entry><id>Items(%d)</id><category term="Test.Item" '
                            'scheme="http://schemas.microsoft.com/ado/2007/08/dataservices/scheme"/><content type="application/xml">'
                            '<m:properties><d:ID>%s</d:ID><d:Name>item %d %s</d:Name></m:properties></content></entry>'
                            % (i, "x" if i == bad else i, i, pad))
                parts = ['<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom" '
                         'xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" '
                         'xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices" '
                         'xmlns:at="http://purl.org/atompub/tombstones/1.0"><id>Items</id><m:count>%d</m:count>' % n]
                parts += [entry(i) for i in range(n)]
                if more: parts.append('<link rel="next" href="Items?n=3&amp;format=atom"/>')
                if deleted: parts.append('<link rel="delta" href="Items?!deltatoken=1"/>')
                parts.append('</feed>')
                return "".join(parts).encode()
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
                    ctype = "application/json;charset=utf-8"
                    if q.get("format") == "atom":
                        body, ctype = atom(n, bad, int(q.get("broken", "-1")), deleted, q.get("next") == "1", pad), ATOM
                    self.send_response(200); self.send_header("Content-Type", q.get("ctype", ctype))
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
