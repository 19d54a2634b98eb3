"""A small OData v2 server with delta links, tombstones and faults, for the
offline store's sync tests (127.0.0.1 only, standard library only).

    python -m servers.delta_server --metadata Metadata/ESPM.xml \
        --port-file .build/servers/delta.port --page-size 5

Serves `/ESPM.svc/` with the ESPM `$metadata` and two entity sets kept in
memory: `Customers` (seeded with C01..C12) and `Products` (empty). A read
of a set pages by `$skiptoken` (`__next`) and its last page carries a
`__delta` link (`!deltatoken='<version>'`); reading that link returns the
entities changed since, and deleted ones as tombstones
(`{"@odata.context": "$metadata#Customers/$deletedEntity", "id": uri}`).
Writes (POST, MERGE/PATCH, PUT, DELETE) check `If-Match` against the
entity's version (`W/"<n>"`); a POST without a key gets `D00001`, ...
`$filter` takes `Name eq literal` terms joined by `and`; `$top`, `$skip`.
There is no `$batch` (404), so uploads go one request at a time.

The test-control endpoints (outside the OData service):

    POST /_control/reset           seeded state, empty log, no faults
    POST /_control/expire-tokens   every delta token issued so far answers 410
                                   (or {"status": n}: n)
    POST /_control/fault           {"method": "POST", "after": 0,
                                    "action": "drop" | "hold"}: the write
                                    after `after` matching ones is applied,
                                    then its connection is closed without an
                                    answer ("hold": only after /release or
                                    120 s)
                                   {"method": "GET", "action": "hold"}: the next
                                   read of an entity set waits for /release (or
                                   120 s), then is answered (a fault without a
                                   method is about writes only)
    POST /_control/release         lets held answers go (their connections close)
    POST /_control/repeatable      honour OASIS repeatable requests from now on: a
                                   write with a Repeatability-Request-ID seen
                                   before gets its first answer again, not applied
    GET  /_control/log             {"applied": ["POST Customers('D00001')", ...],
                                    "replayed": [...]}
"""

import json
import os
import re
import socket
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler

from . import serving
from .delta_filter import FilterError, matches, parse_filter

SERVICE = "/ESPM.svc/"
KEYS = {"Customers": "CustomerId", "Products": "ProductId"}
TYPES = {"Customers": "ESPM.Customer", "Products": "ESPM.Product"}
NAVIGATIONS = {"Customers": ["SalesOrders"], "Products": []}


def seed():
    customers = {}
    for n in range(1, 13):
        key = "C%02d" % n
        customers[key] = {
            "CustomerId": key, "FirstName": "First%d" % n, "LastName": "Last%d" % n,
            "City": "City%d" % n, "Country": "DE", "EmailAddress": "c%d@example.com" % n,
            "DateOfBirth": "/Date(%d)/" % (315532800000 + n * 86400000),
            "HouseNumber": None, "PhoneNumber": None, "PostalCode": None, "Street": None,
            "Address": None, "UpdatedTimestamp": None,
        }
    return {"Customers": customers, "Products": {}}


PROPERTIES = {"Customers": list(seed()["Customers"]["C01"])}


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        self.sets = seed()
        self.versions = {(s, k): 1 for s, d in self.sets.items() for k in d}
        self.tombstones = {}  # (set, key) -> version of the delete
        self.version = 1
        self.expired_before = 0
        self.expired_status = 410
        self.next_id = 1
        self.log = []
        self.faults = []
        self.release = threading.Event()
        self.repeatable = None  # Repeatability-Request-ID -> first answer, once enabled
        self.replayed = []

    def touch(self, entity_set, key):
        self.version += 1
        self.versions[(entity_set, key)] = self.version
        self.tombstones.pop((entity_set, key), None)


STATE = State()


def quote_key(key):
    return "('%s')" % key.replace("'", "''")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, fmt, *args):
        if os.environ.get("ODATA_TEST_SERVER_LOG"):
            sys.stderr.write("delta: " + (fmt % args) + "\n")

    # -- plumbing

    def base(self):
        return "http://%s%s" % (self.headers.get("Host", "127.0.0.1"), SERVICE)

    def uri(self, entity_set, key):
        return self.base() + entity_set + urllib.parse.quote(quote_key(key), safe="()'")

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def send(self, status, payload=None, headers=None, content_type="application/json"):
        data = b"" if payload is None else (
            payload if isinstance(payload, bytes) else json.dumps(payload).encode("utf-8"))
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if data:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("DataServiceVersion", "2.0")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def error(self, status, code, message):
        self.send(status, {"error": {"code": code, "message": {"lang": "en", "value": message}}})

    def entity_json(self, entity_set, key, entity, expand=()):
        result = {"__metadata": {
            "uri": self.uri(entity_set, key), "type": TYPES[entity_set],
            "etag": 'W/"%d"' % STATE.versions[(entity_set, key)]}}
        result.update(entity)
        for nav in NAVIGATIONS[entity_set]:
            if nav in expand:
                result[nav] = {"results": []}
            else:
                result[nav] = {"__deferred": {"uri": self.uri(entity_set, key) + "/" + nav}}
        return result

    # -- dispatch

    def do_GET(self):
        self.dispatch("GET")

    def do_POST(self):
        method = (self.headers.get("X-HTTP-Method") or "POST").upper()
        self.dispatch(method)

    def do_MERGE(self):
        self.dispatch("MERGE")

    def do_PATCH(self):
        self.dispatch("MERGE")

    def do_PUT(self):
        self.dispatch("PUT")

    def do_DELETE(self):
        self.dispatch("DELETE")

    def do_HEAD(self):
        self.dispatch("HEAD")

    def dispatch(self, method):
        self.payload = self.body()  # read always, so that the connection can be used again
        url = urllib.parse.urlsplit(self.path)
        path = urllib.parse.unquote(url.path)
        if path.startswith("/_control/"):
            return self.control(method, path[len("/_control/"):])
        if not path.startswith(SERVICE.rstrip("/")):
            return self.error(404, "NotFound", "no service at " + path)
        resource = path[len(SERVICE):]
        query = dict(urllib.parse.parse_qsl(url.query, keep_blank_values=True))
        if method in ("GET", "HEAD") and resource in ("", "/"):
            return self.send(200, {"d": {"EntitySets": sorted(KEYS)}})
        if method in ("GET", "HEAD") and resource == "$metadata":
            with open(self.server.metadata, "rb") as f:
                return self.send(200, f.read(), content_type="application/xml")
        match = re.fullmatch(r"([A-Za-z]+)(?:\('((?:[^']|'')*)'\))?", resource)
        if not match or match.group(1) not in KEYS:
            return self.error(404, "NotFound", "no resource " + resource)
        entity_set, key = match.group(1), match.group(2)
        key = key.replace("''", "'") if key is not None else None
        if method == "GET":
            with STATE.lock:
                fault, release = self.take_read_fault(), STATE.release
            if fault == "hold":
                release.wait(120)
        with STATE.lock:
            if method in ("GET", "HEAD"):
                return self.read(entity_set, key, query)
            if method == "POST" and key is None:
                return self.write(method, entity_set, None, self.create)
            if method in ("MERGE", "PUT", "DELETE") and key is not None:
                return self.write(method, entity_set, key, self.change)
        return self.error(405, "MethodNotAllowed", "%s %s is not supported" % (method, resource))

    # -- reads

    def read(self, entity_set, key, query):
        data = STATE.sets[entity_set]
        expand = query.get("$expand", "").split(",")
        if key is not None:
            if key not in data:
                return self.error(404, "NotFound", "%s%s does not exist" % (entity_set, quote_key(key)))
            return self.send(200, {"d": self.entity_json(entity_set, key, data[key], expand)},
                             {"ETag": 'W/"%d"' % STATE.versions[(entity_set, key)]})
        token = query.get("!deltatoken")
        since = None
        if token is not None:
            try:
                since = int(token.strip("'"))
            except ValueError:
                return self.error(400, "BadRequest", "malformed delta token " + token)
            if since < STATE.expired_before or since > STATE.version:
                return self.error(STATE.expired_status, "DeltaTokenExpired", "the delta token %s has expired" % token)
        try:
            condition = parse_filter(query["$filter"]) if "$filter" in query else None
            top = int(query["$top"]) if "$top" in query else None
            skip = int(query.get("$skip", "0"))
        except (FilterError, ValueError) as e:
            return self.error(400, "BadRequest", "cannot read the query: %s" % e)
        keys = sorted(k for k in data if since is None or STATE.versions[(entity_set, k)] > since)
        if condition is not None:
            keys = [k for k in keys if matches(condition, data[k])]
        keys = keys[skip:]
        if top is not None:
            keys = keys[:top]
        after = query.get("$skiptoken")
        if after is not None:
            keys = [k for k in keys if k > after]
        page_size = self.server.page_size
        page, rest = (keys[:page_size], keys[page_size:]) if top is None else (keys, [])
        results = [self.entity_json(entity_set, k, data[k], expand) for k in page]
        body = {"results": results}
        kept = [(n, v) for n, v in query.items() if n not in ("$skiptoken", "!deltatoken")]
        if rest:
            body["__next"] = self.link(entity_set, kept + ([("!deltatoken", token)] if token else [])
                                       + [("$skiptoken", page[-1])])
        elif top is None and condition is None and skip == 0:
            if since is not None:
                for (s, k), version in sorted(STATE.tombstones.items()):
                    if s == entity_set and version > since:
                        results.append({"@odata.context": "$metadata#%s/$deletedEntity" % s,
                                        "id": self.uri(s, k)})
            body["__delta"] = self.link(entity_set, kept + [("!deltatoken", "'%d'" % STATE.version)])
        self.send(200, {"d": body})

    def link(self, entity_set, options):
        return self.base() + entity_set + "?" + "&".join(
            "%s=%s" % (n, urllib.parse.quote(v, safe="'$,")) for n, v in options)

    # -- writes

    def write(self, method, entity_set, key, action):
        try:
            payload = json.loads(self.payload or b"{}")
            payload = payload.get("d", payload)
        except ValueError as e:
            return self.error(400, "BadRequest", "the body is not JSON: %s" % e)
        request_id = self.headers.get("Repeatability-Request-ID")
        if STATE.repeatable is not None and request_id in STATE.repeatable:
            status, answer, headers, line = STATE.repeatable[request_id]
            STATE.replayed.append(line)
            return self.send(status, answer, headers)
        result = action(method, entity_set, key, payload)
        if result is None:
            return
        status, answer, headers, line = result
        STATE.log.append(line)
        if STATE.repeatable is not None and request_id:
            headers["Repeatability-Result"] = "accepted"
            STATE.repeatable[request_id] = result
        fault = self.take_fault(method)
        if fault is not None:
            if fault == "hold":
                STATE.lock.release()
                try:
                    STATE.release.wait(120)
                finally:
                    STATE.lock.acquire()
            # Part of the answer, then the end of the connection: the client cannot take it for an unused
            # connection that closed (which HTTP clients retry on their own).
            self.close_connection = True
            self.wfile.write(b"HTTP/1.1 %d \r\nContent-Length: 1000\r\n\r\n" % status)
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        self.send(status, answer, headers)

    def take_read_fault(self):
        """The next fault for a read: only one that names GET."""
        for fault in STATE.faults:
            if fault.get("method") == "GET":
                STATE.faults.remove(fault)
                return fault.get("action", "hold")
        return None

    def take_fault(self, method):
        for fault in STATE.faults:
            if fault.get("method", method) != method:
                continue
            if fault.get("after", 0) > 0:
                fault["after"] -= 1
                return None
            STATE.faults.remove(fault)
            return fault.get("action", "drop")
        return None

    def create(self, method, entity_set, key, payload):
        data = STATE.sets[entity_set]
        id_name = KEYS[entity_set]
        key = payload.get(id_name)
        if not key:
            key = "D%05d" % STATE.next_id
            STATE.next_id += 1
        if key in data:
            return self.error(409, "Conflict", "%s%s exists already" % (entity_set, quote_key(key)))
        entity = dict.fromkeys(PROPERTIES.get(entity_set, ()))
        entity.update((n, v) for n, v in payload.items() if not n.startswith("__") and n not in NAVIGATIONS[entity_set])
        entity[id_name] = key
        data[key] = entity
        STATE.touch(entity_set, key)
        headers = {"Location": self.uri(entity_set, key), "ETag": 'W/"%d"' % STATE.version}
        return 201, {"d": self.entity_json(entity_set, key, entity)}, headers, "POST %s%s" % (entity_set, quote_key(key))

    def change(self, method, entity_set, key, payload):
        data = STATE.sets[entity_set]
        if key not in data:
            return self.error(404, "NotFound", "%s%s does not exist" % (entity_set, quote_key(key)))
        etag = 'W/"%d"' % STATE.versions[(entity_set, key)]
        wanted = self.headers.get("If-Match")
        if wanted is not None and wanted != "*" and wanted != etag:
            return self.error(412, "PreconditionFailed", "the entity changed: its ETag is %s" % etag)
        line = "%s %s%s" % (method, entity_set, quote_key(key))
        if method == "DELETE":
            del data[key]
            STATE.version += 1
            STATE.tombstones[(entity_set, key)] = STATE.version
            return 204, None, {}, line
        values = {n: v for n, v in payload.items() if not n.startswith("__") and n not in NAVIGATIONS[entity_set]}
        values[KEYS[entity_set]] = key
        if method == "PUT":
            data[key] = {n: values.get(n) for n in data[key]}
        else:
            data[key].update(values)
        STATE.touch(entity_set, key)
        return 204, None, {"ETag": 'W/"%d"' % STATE.version}, line

    # -- test control

    def control(self, method, action):
        body = self.payload
        with STATE.lock:
            if method == "POST" and action == "reset":
                STATE.release.set()
                STATE.reset()
            elif method == "POST" and action == "expire-tokens":
                STATE.version += 1
                STATE.expired_before = STATE.version
                STATE.expired_status = json.loads(body or b"{}").get("status", 410)
            elif method == "POST" and action == "fault":
                STATE.faults.append(json.loads(body or b"{}"))
            elif method == "POST" and action == "release":
                STATE.release.set()
            elif method == "POST" and action == "repeatable":
                STATE.repeatable = {}
            elif method == "GET" and action == "log":
                return self.send(200, {"applied": STATE.log, "replayed": STATE.replayed, "version": STATE.version})
            else:
                return self.error(404, "NotFound", "no control action " + action)
        self.send(204)


def main(argv=None):
    ap = serving.arguments(__doc__)
    ap.add_argument("--metadata", required=True)
    ap.add_argument("--page-size", type=int, default=5)
    args = ap.parse_args(argv)
    httpd = serving.http_server(Handler, args.port)
    httpd.metadata = args.metadata
    httpd.page_size = args.page_size
    return serving.serve(httpd, args.port_file)


if __name__ == "__main__":
    sys.exit(main())
