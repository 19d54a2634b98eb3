"""A small OData 3.0 service that checks how a client calls it: actions with
their parameters in the body, functions and service operations with theirs in
the URL, enum literals in `$filter`, keys and parameters written as the 3.0 URL
conventions say (127.0.0.1 only, standard library only).

    python -m servers.v3_server --port-file .build/servers/v3.port

Serves `/Catalog.svc/` ($metadata: `Metadata/CatalogV3.xml` of the repository,
DataServiceVersion 3.0, the file the Swift tests read too) from memory. Like WCF Data Services 5.x it answers JSON by the `Accept`
header ([MS-ODATA] 2.2.5.1.2, 2.2.5.1.3): verbose JSON (`{"d": ...}`) to
`application/json;odata=verbose` (or with `MaxDataServiceVersion` below 3.0),
JSON light (`odata.metadata`, `value`) to plain `application/json`:

- `Products` (ID, Name, Color: the enum `Catalog.Model.Color`, Rating) and
  `Swatches` keyed by their Color (`Swatches(Catalog.Model.Color'Red')`).
- `$filter` of `Name op literal` terms joined by `and`, `op` eq/ne/ge/le/gt/lt.
  An enum property compares with an enum literal only (`Catalog.Model.Color'Red'`);
  a string (`'Red'`) is refused with 400, as WCF Data Services refuse it.
- Actions ([MS-ODATA] 2.2.7.5.1): `POST Rate` takes ProductID (Edm.Int32),
  Rating (Edm.Int32), Comment (Edm.String), RatedAt (Edm.DateTime, `/Date(ms)/`)
  and Weight (Edm.Int64, a string in verbose JSON) as one JSON object in the
  body, sets the product's Rating and answers the new rating; `POST Discontinue`
  has no parameters. An action with parameters in its query string, with a
  non-JSON body or with a parameter of the wrong JSON type is refused with 400.
- Functions: `GET TopRated?MinRating=3` and `GET ProductsInColor?Color=
  Catalog.Model.Color'Red'` (parameters in the query string). A service
  operation: `POST Archive?Year=2020` (`m:HttpMethod="POST"`: parameters in the
  URL, no body), answering true.

Test control (outside the service):

    POST /_control/reset   seeded data, empty log
    GET  /_control/log     [{"method", "path", "query", "accept", "contentType", "body"}, ...]
                           every service request since the reset, in order
"""

import json
import os
import re
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler
from xml.etree import ElementTree

from . import serving

ROOT = "/Catalog.svc/"
METADATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Metadata", "CatalogV3.xml")
EDM = "{http://schemas.microsoft.com/ado/2009/11/edm}"


def read_metadata(path):
    """The document's bytes, its schema's namespace and the members of its enum type `Color`."""
    with open(path, "rb") as f:
        document = f.read()
    schema = ElementTree.fromstring(document).find(".//" + EDM + "Schema")
    color = schema.find(EDM + "EnumType[@Name='Color']")
    return document, schema.get("Namespace"), tuple(member.get("Name") for member in color.findall(EDM + "Member"))


CATALOG_METADATA, NAMESPACE, COLORS = read_metadata(METADATA)


def seeded():
    return {
        "products": {
            1: {"ID": 1, "Name": "Chair", "Color": "Red", "Rating": 3},
            2: {"ID": 2, "Name": "Table", "Color": "Green", "Rating": 5},
            3: {"ID": 3, "Name": "Lamp", "Color": "Red", "Rating": 4},
            4: {"ID": 4, "Name": "Shelf", "Color": "Blue", "Rating": 1},
        },
        "swatches": {color: {"Color": color, "Label": color.lower() + " swatch"} for color in COLORS},
        "log": [],
    }


class Refused(Exception):
    """A request the service refuses with 400 and this message."""


ENUM_LITERAL = re.compile(r"^" + re.escape(NAMESPACE) + r"\.Color'([^']*)'$")


def enum_literal(text):
    """The member an enum literal names; Refused for anything else (a plain string among them)."""
    match = ENUM_LITERAL.match(text)
    if not match or match.group(1) not in COLORS:
        raise Refused("%s is not a literal of enum type %s.Color (write %s.Color'Member')" % (text, NAMESPACE, NAMESPACE))
    return match.group(1)


def int_literal(text):
    if not re.fullmatch(r"-?\d+", text):
        raise Refused("%s is not an Edm.Int32 literal" % text)
    return int(text)


def string_literal(text):
    if len(text) < 2 or text[0] != "'" or text[-1] != "'":
        raise Refused("%s is not an Edm.String literal" % text)
    return text[1:-1].replace("''", "'")


LITERALS = {"ID": int_literal, "Rating": int_literal, "Name": string_literal, "Color": enum_literal, "Label": string_literal}
OPERATORS = {
    "eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "ge": lambda a, b: a is not None and a >= b,
    "le": lambda a, b: a is not None and a <= b, "gt": lambda a, b: a is not None and a > b,
    "lt": lambda a, b: a is not None and a < b,
}


def matcher(filter_text):
    """A predicate for `Name op literal and ...`; Refused for what this service does not read."""
    terms = []
    for term in re.split(r" and ", filter_text):
        parts = term.split(" ", 2)
        if len(parts) != 3 or parts[0] not in LITERALS or parts[1] not in OPERATORS:
            raise Refused("unsupported $filter term: %s" % term)
        name, op, literal = parts
        if name == "Color" and op not in ("eq", "ne"):
            raise Refused("enum values compare with eq and ne only")
        terms.append((name, OPERATORS[op], LITERALS[name](literal)))
    return lambda entity: all(op(entity.get(name), value) for name, op, value in terms)


def json_int(parameters, name, required):
    value = parameters.get(name)
    if value is None:
        if required:
            raise Refused("parameter %s (Edm.Int32, not nullable) is missing from the body" % name)
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused("parameter %s must be a JSON number (Edm.Int32), got %r" % (name, value))
    return value


def light(content, base):
    """The JSON light form ([MS-ODATAJSON]) of a verbose answer's `d`: a feed, an entry, the service document or
    one value, under `odata.metadata` and without `__metadata`."""
    if isinstance(content, dict) and isinstance(content.get("results"), list):
        entities = [{k: v for k, v in e.items() if k != "__metadata"} for e in content["results"]]
        kind = content["results"][0]["__metadata"]["type"] if content["results"] else ""
        set_name = "Swatches" if kind.endswith("Swatch") else "Products"
        return {"odata.metadata": base + "$metadata#" + set_name, "value": entities}
    if isinstance(content, dict) and "__metadata" in content:
        set_name = "Swatches" if content["__metadata"]["type"].endswith("Swatch") else "Products"
        entity = {k: v for k, v in content.items() if k != "__metadata"}
        return dict({"odata.metadata": base + "$metadata#" + set_name + "/@Element"}, **entity)
    if isinstance(content, dict) and "EntitySets" in content:
        return {"odata.metadata": base + "$metadata", "value": [{"name": n, "url": n} for n in content["EntitySets"]]}
    (name, value), = content.items()
    kind = "Edm.Boolean" if isinstance(value, bool) else "Edm.Int32"
    return {"odata.metadata": base + "$metadata#" + kind, "value": value}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    @property
    def state(self):
        return self.server.state

    def base(self):
        return "http://%s%s" % (self.headers.get("Host", "127.0.0.1"), ROOT)

    def send(self, status, body=b"", content_type="application/json", headers=()):
        if isinstance(body, dict) and "d" in body:
            body, content_type = self.negotiated(body)
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        self.send_response(status)
        if body:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("DataServiceVersion", "3.0;" if status < 300 else "1.0;")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def wants_light(self):
        """Whether the request asks for JSON light: plain application/json, without odata=verbose and without a
        MaxDataServiceVersion below 3.0 (what WCF Data Services 5.x answers JSON light to)."""
        accept = (self.headers.get("Accept") or "").lower().replace(" ", "")
        maximum = (self.headers.get("MaxDataServiceVersion") or "3.0").split(";")[0].strip()
        if "odata=verbose" in accept or maximum in ("1.0", "2.0"):
            return False
        return any(item.split(";")[0] == "application/json" for item in accept.split(","))

    def negotiated(self, verbose):
        """A verbose JSON answer (`{"d": ...}`) in the format the request asks for, with its content type."""
        if not self.wants_light():
            return verbose, "application/json;odata=verbose;charset=utf-8"
        return light(verbose["d"], self.base()), "application/json;odata=minimalmetadata;streaming=true;charset=utf-8"

    def refuse(self, message, status=400):
        self.send(status, {"error": {"code": "", "message": {"lang": "en-US", "value": message}}})

    def entity(self, kind, entity):
        key = entity["ID"] if kind == "Product" else "%s.Color'%s'" % (NAMESPACE, entity["Color"])
        set_name = "Products" if kind == "Product" else "Swatches"
        body = {"__metadata": {"uri": "%s%s(%s)" % (self.base(), set_name, key), "type": "%s.%s" % (NAMESPACE, kind)}}
        body.update(entity)
        return body

    def feed(self, kind, entities):
        return {"d": {"results": [self.entity(kind, e) for e in entities]}}

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def handle_any(self, method):
        parsed = urllib.parse.urlsplit(self.path)
        body = self.read_body()
        if parsed.path.startswith("/_control/"):
            return self.control(method, parsed.path)
        if not parsed.path.startswith(ROOT):
            return self.refuse("no such service", 404)
        resource = urllib.parse.unquote(parsed.path[len(ROOT):])
        query = urllib.parse.parse_qs(parsed.query, keep_blank_values=True)
        query = {name: values[-1] for name, values in query.items()}
        with self.server.lock:
            self.state["log"].append({
                "method": method, "path": resource, "query": parsed.query, "accept": self.headers.get("Accept"),
                "contentType": self.headers.get("Content-Type"), "body": body.decode("utf-8", "replace"),
            })
            try:
                self.route(method, resource, query, body)
            except Refused as refused:
                self.refuse(str(refused))

    def control(self, method, path):
        if method == "POST" and path == "/_control/reset":
            with self.server.lock:
                self.server.state = seeded()
            return self.send(204)
        if method == "GET" and path == "/_control/log":
            with self.server.lock:
                return self.send(200, self.state["log"])
        return self.refuse("no such control endpoint", 404)

    def route(self, method, resource, query, body):
        if resource == "$metadata" and method == "GET":
            return self.send(200, CATALOG_METADATA, "application/xml")
        if resource == "" and method == "GET":
            return self.send(200, {"d": {"EntitySets": ["Products", "Swatches"]}})
        action = {"Rate": self.rate, "Discontinue": self.discontinue}.get(resource)
        if action:
            if method != "POST":
                return self.refuse("%s is an action: call it with POST" % resource, 405)
            if any(not name.startswith("$") for name in query):
                raise Refused("the parameters of action %s belong in the body, not in the URL (%s)"
                              % (resource, ", ".join(sorted(query))))
            return action(self.parameters(resource, body))
        if resource in ("TopRated", "ProductsInColor"):
            if method != "GET":
                return self.refuse("%s is a function: call it with GET" % resource, 405)
            return self.function(resource, query, body)
        if resource == "Archive":
            if method != "POST":
                return self.refuse("Archive is called with POST (m:HttpMethod)", 405)
            if body:
                raise Refused("Archive is a service operation: its parameters travel in the URL, the body stays empty")
            int_literal(query.get("Year", ""))
            return self.send(200, {"d": {"Archive": True}})
        return self.read(method, resource, query)

    def parameters(self, action, body):
        content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip()
        if not body:
            return {}
        if content_type != "application/json":
            raise Refused("the parameters of action %s must be JSON (application/json), got %s" % (action, content_type))
        try:
            parameters = json.loads(body)
        except ValueError as error:
            raise Refused("the body of action %s is not JSON: %s" % (action, error))
        if not isinstance(parameters, dict):
            raise Refused("the body of action %s must be one JSON object" % action)
        return parameters

    def rate(self, parameters):
        unknown = set(parameters) - {"ProductID", "Rating", "Comment", "RatedAt", "Weight"}
        if unknown:
            raise Refused("Rate has no parameter %s" % ", ".join(sorted(unknown)))
        product = self.state["products"].get(json_int(parameters, "ProductID", True))
        rating = json_int(parameters, "Rating", True)
        comment = parameters.get("Comment")
        if comment is not None and not isinstance(comment, str):
            raise Refused("parameter Comment must be a JSON string")
        rated_at = parameters.get("RatedAt")
        if rated_at is not None and not re.fullmatch(r"/Date\(-?\d+\)/", str(rated_at)):
            raise Refused("parameter RatedAt must be an Edm.DateTime in verbose JSON (/Date(ms)/), got %r" % rated_at)
        weight = parameters.get("Weight")
        if weight is not None and not (isinstance(weight, str) and re.fullmatch(r"-?\d+", weight)):
            raise Refused("parameter Weight must be an Edm.Int64 in verbose JSON (a string of digits), got %r" % weight)
        if product is None:
            return self.refuse("no product with that ProductID", 404)
        product["Rating"] = rating
        return self.send(200, {"d": {"Rate": rating}})

    def discontinue(self, parameters):
        if parameters:
            raise Refused("Discontinue takes no parameters")
        return self.send(204)

    def function(self, name, query, body):
        if body:
            raise Refused("a function has no body")
        products = self.state["products"].values()
        if name == "TopRated":
            minimum = int_literal(query.get("MinRating", ""))
            return self.send(200, self.feed("Product", [p for p in products if p["Rating"] >= minimum]))
        color = enum_literal(query.get("Color", ""))
        return self.send(200, self.feed("Product", [p for p in products if p["Color"] == color]))

    def read(self, method, resource, query):
        if method != "GET":
            return self.refuse("this service's entity sets are read-only", 405)
        match = re.fullmatch(r"(Products|Swatches)(?:\((.*)\))?", resource)
        if not match:
            return self.refuse("no resource %s" % resource, 404)
        products = match.group(1) == "Products"
        kind, entities = ("Product", self.state["products"]) if products else ("Swatch", self.state["swatches"])
        if match.group(2) is not None:
            key = int_literal(match.group(2)) if products else enum_literal(match.group(2))
            if key not in entities:
                return self.refuse("no entity with key %s" % match.group(2), 404)
            return self.send(200, {"d": self.entity(kind, entities[key])})
        selected = list(entities.values())
        if "$filter" in query:
            selected = [e for e in selected if matcher(query["$filter"])(e)]
        return self.send(200, self.feed(kind, selected))

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def do_PUT(self):
        self.handle_any("PUT")

    def do_DELETE(self):
        self.handle_any("DELETE")


def main(argv=None):
    args = serving.arguments(__doc__).parse_args(argv)
    httpd = serving.http_server(Handler, args.port)
    httpd.lock = threading.Lock()
    httpd.state = seeded()
    return serving.serve(httpd, args.port_file)


if __name__ == "__main__":
    sys.exit(main())
