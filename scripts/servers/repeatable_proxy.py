"""A reverse proxy that makes the services behind it honour repeatable
requests, for the tests of writes that are safe to repeat (127.0.0.1 only,
standard library only).

    python -m servers.repeatable_proxy --port-file .build/servers/rr.port \
        --upstream /ESPM.svc/=.build/servers/pyslet-rr.port \
        --upstream /=.build/servers/mocksap-rr.port

Requests go to the first upstream whose path prefix matches (its port read
from its port file); links in answers are rewritten to the proxy's address.
Repeatability follows OASIS Repeatable Requests Version 1.0 (and SAP
Gateway's `RequestID` / `RepeatabilityCreation` / `RepeatabilityResult`,
which the proxy treats alike):

- a request with `Repeatability-Request-ID` must have a parsable
  IMF-fixdate `Repeatability-First-Sent`, else 400 with
  `Repeatability-Result: rejected`;
- the first request with an id is forwarded and its answer kept, with
  `Repeatability-Result: accepted`;
- the same id again with the same method, URL and body gets the kept
  answer (`accepted`) and is not forwarded (it is logged as "replayed");
- the same id with another method, URL or body gets 422 with
  `Repeatability-Result: rejected`.

It also declares what it honours: every `$metadata` it passes on gets an
`Annotations` block with `Org.OData.Repeatability.V1.Supported` on the
entity container (OData vocabulary annotations, v4 namespace, as SAP Gateway
adds them to v2 documents).

Test control:

    POST /_control/fault   {"method": "POST", "path": "$batch", "count": 1}: the next
                           `count` matching requests are forwarded (applied), then
                           their connection is closed without an answer: after part of
                           the status line's answer, or with "answer": "none" before
                           any byte of it (on a kept-alive connection, an HTTP client
                           takes that for an idle connection that died and may send
                           the request again on its own)
    POST /_control/reset   no kept answers, no faults, empty log
    GET  /_control/log     {"forwarded": ["POST /ESPM.svc/Customers", ...],
                            "replayed": [...], "rejected": [...],
                            "incomplete": [...] (requests whose body ended before its
                            Content-Length: never forwarded),
                            "headers": [{...} per forwarded write]}
"""

import email.utils
import hashlib
import http.client
import json
import re
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler

from . import serving

HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "host", "proxy-connection"}
ID_HEADERS = ("Repeatability-Request-ID", "RequestID")
FIRST_SENT_HEADERS = ("Repeatability-First-Sent", "RepeatabilityCreation")


def declare(metadata):
    """The document with Org.OData.Repeatability.V1.Supported on its (first) entity container."""
    namespace = re.search(rb'<Schema[^>]*\sNamespace="([^"]+)"', metadata)
    container = re.search(rb'<EntityContainer[^>]*\sName="([^"]+)"', metadata)
    end = metadata.find(b"</Schema>", container.start()) if container else -1
    if not namespace or end < 0:
        return metadata
    block = (b'<Annotations xmlns="http://docs.oasis-open.org/odata/ns/edm" Target="%s.%s">'
             b'<Annotation Term="Org.OData.Repeatability.V1.Supported"/></Annotations>'
             % (namespace.group(1), container.group(1)))
    return metadata[:end] + block + metadata[end:]


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        self.kept = {}  # request id -> (fingerprint, status, headers, body)
        self.faults = []
        self.forwarded = []
        self.replayed = []
        self.rejected = []
        self.incomplete = []
        self.headers = []


STATE = State()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.handle_any()

    do_POST = do_PUT = do_MERGE = do_PATCH = do_DELETE = do_HEAD = do_GET

    def body(self):
        """The request's body; None when the connection ended before its Content-Length."""
        length = int(self.headers.get("Content-Length") or 0)
        payload = self.rfile.read(length) if length else b""
        return payload if len(payload) == length else None

    def answer(self, status, headers, body):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def handle_any(self):
        payload = self.body()
        if payload is None:
            self.close_connection = True
            with STATE.lock:
                STATE.incomplete.append("%s %s" % (self.command, self.path.split("?")[0]))
            return
        if self.path.startswith("/_control/"):
            return self.control(self.path[len("/_control/"):], payload)
        request_id = next((self.headers.get(n) for n in ID_HEADERS if self.headers.get(n)), None)
        line = "%s %s" % (self.command, self.path.split("?")[0])
        if request_id is None:
            return self.forward(payload, line, None, None)
        first_sent = next((self.headers.get(n) for n in FIRST_SENT_HEADERS if self.headers.get(n)), None)
        if first_sent is None or email.utils.parsedate_to_datetime(first_sent) is None:
            with STATE.lock:
                STATE.rejected.append(line)
            return self.answer(400, [("Repeatability-Result", "rejected")], b"first-sent missing or not an IMF-fixdate")
        fingerprint = hashlib.sha256(self.command.encode() + b" " + self.path.encode() + b"\n" + payload).hexdigest()
        with STATE.lock:
            kept = STATE.kept.get(request_id)
            if kept is not None and kept[0] != fingerprint:
                STATE.rejected.append(line)
            elif kept is not None:
                STATE.replayed.append(line)
        if kept is not None and kept[0] != fingerprint:
            return self.answer(422, [("Repeatability-Result", "rejected")], b"another request was sent with this id")
        if kept is not None:
            return self.answer(kept[1], kept[2], kept[3])
        return self.forward(payload, line, request_id, fingerprint)

    def upstream(self):
        for prefix, port_file in self.server.upstreams:
            if self.path.startswith(prefix):
                with open(port_file) as f:
                    return int(f.read().strip())
        raise RuntimeError("no upstream for " + self.path)

    def forward(self, payload, line, request_id, fingerprint):
        port = self.upstream()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        headers = {n: v for n, v in self.headers.items() if n.lower() not in HOP}
        headers["Host"] = "127.0.0.1:%d" % port
        connection.request(self.command, self.path, body=payload if payload or self.command != "GET" else None, headers=headers)
        response = connection.getresponse()
        body = response.read()
        connection.close()
        mine = b"127.0.0.1:%d" % self.server.server_port
        body = body.replace(b"127.0.0.1:%d" % port, mine).replace(b"localhost:%d" % port, mine)
        answer = [(n, v.replace("127.0.0.1:%d" % port, mine.decode())) for n, v in response.getheaders() if n.lower() not in HOP]
        if response.status == 200 and self.path.split("?")[0].endswith("$metadata"):
            body = declare(body)
        if request_id is not None:
            answer.append(("Repeatability-Result", "accepted"))
            if self.headers.get("RequestID"):
                answer.append(("RepeatabilityResult", "accepted"))
        with STATE.lock:
            if self.command not in ("GET", "HEAD"):
                STATE.forwarded.append(line)
                STATE.headers.append({n: self.headers.get(n) for n in ID_HEADERS + FIRST_SENT_HEADERS if self.headers.get(n)})
            if request_id is not None:
                STATE.kept[request_id] = (fingerprint, response.status, answer, body)
            fault = self.take_fault()
        if fault and fault.get("answer") == "none":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if fault:
            # Part of the answer, then the end of the connection: the client cannot take it for an idle
            # connection that closed (which HTTP clients retry on their own).
            self.close_connection = True
            self.wfile.write(b"HTTP/1.1 %d \r\nContent-Length: 1000\r\n\r\n" % response.status)
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        self.answer(response.status, answer, body)

    def take_fault(self):
        for fault in STATE.faults:
            if fault.get("method", self.command) != self.command or fault.get("path", "") not in self.path:
                continue
            fault["count"] = fault.get("count", 1) - 1
            if fault["count"] <= 0:
                STATE.faults.remove(fault)
            return fault
        return None

    def control(self, action, payload):
        with STATE.lock:
            if self.command == "POST" and action == "fault":
                STATE.faults.append(json.loads(payload or b"{}"))
            elif self.command == "POST" and action == "reset":
                STATE.reset()
            elif self.command == "GET" and action == "log":
                body = json.dumps({"forwarded": STATE.forwarded, "replayed": STATE.replayed,
                                   "rejected": STATE.rejected, "incomplete": STATE.incomplete,
                                   "headers": STATE.headers}).encode()
                return self.answer(200, [("Content-Type", "application/json")], body)
            else:
                return self.answer(404, [], b"no control action " + action.encode())
        self.answer(204, [], b"")


def main(argv=None):
    ap = serving.arguments(__doc__)
    ap.add_argument("--upstream", action="append", required=True, help="PATH-PREFIX=PORT-FILE")
    args = ap.parse_args(argv)
    httpd = serving.http_server(Handler, args.port)
    httpd.upstreams = [tuple(u.split("=", 1)) for u in args.upstream]
    return serving.serve(httpd, args.port_file)


if __name__ == "__main__":
    sys.exit(main())
