"""transport-bench's server when nginx is not installed: python3 static_server.py <www-dir>

Serves the files transport-bench.sh writes into <www-dir> with the same paths as its nginx configuration
(/svc/$metadata, /svc/Customers(...), /svc/SalesOrderItems[?size=n], /big/$metadata, /big/Items), on 127.0.0.1
and a port of the system's choosing, which it prints on its first line. Threaded, HTTP/1.1 keep-alive, no Nagle,
bodies read once into memory: a stand-in, slower and noisier than nginx, so only large differences between two
builds measured against it in the same minutes mean anything.
"""

import http.server
import os
import re
import socket
import sys
from urllib.parse import parse_qs, urlsplit

WWW = sys.argv[1]
TYPES = {".json": "application/json", ".xml": "application/xml"}
BODIES = {}


def body(name):
    """The file's bytes and content type (read once)."""
    if name not in BODIES:
        with open(os.path.join(WWW, name), "rb") as handle:
            BODIES[name] = (handle.read(), TYPES[os.path.splitext(name)[1]])
    return BODIES[name]


def route(target):
    """The file a request path answers with, as nginx's rewrites give it, or None."""
    parts = urlsplit(target)
    path, size = parts.path, parse_qs(parts.query).get("size")
    if path == "/svc/SalesOrderItems" and size:
        return "page-%d.json" % int(size[0])
    if path in ("/svc/$metadata", "/svc/%24metadata"):
        return "metadata.xml"
    if re.match(r"^/svc/Customers\(", path):
        return "single.json"
    if path == "/svc/SalesOrderItems":
        return "page.json"
    if path in ("/big/$metadata", "/big/%24metadata"):
        return "big-metadata.xml"
    if path == "/big/Items":
        return "big.json"
    return None


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def do_GET(self):
        name = route(self.path)
        if name is None or not os.path.exists(os.path.join(WWW, name)):
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data, content_type = body(name)
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
