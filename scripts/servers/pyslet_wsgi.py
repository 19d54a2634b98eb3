"""A WSGI layer in front of pyslet's server that fixes request-level bugs.

Numbers refer to the bug list in the project's test-server notes:

5. '%24top' (percent-encoded '$') was ignored and '+' was not read as a
   space in the query string.
6. PATCH and X-HTTP-Method tunnelling were answered 400, If-Match was
   ignored (no 412), and POST to a m:HttpMethod="POST" function import
   gave 400.

It also switches pyslet_patches into MERGE mode for MERGE requests (bug 2)
and serves the harness control endpoint '/_harness/reset'.
"""

import json
import re

from . import pyslet_patches

_PCT24 = re.compile(r"%24", re.IGNORECASE)
_TAG = re.compile(r'\s*((?:W/)?"(?:[^"\\]|\\.)*"|\*)\s*(?:,|$)')
_WRITES = ("PUT", "MERGE", "DELETE")


def _error(start_response, status, code, message):
    body = json.dumps({"error": {
        "code": code, "message": {"lang": "en", "value": message}}})
    body = body.encode("utf-8")
    start_response(status, [("Content-Type", "application/json"),
                            ("Content-Length", str(len(body))),
                            ("DataServiceVersion", "1.0")])
    return [body]


def parse_if_match(value):
    """Splits an If-Match header into its entity tags (or ['*'])."""
    tags = []
    pos = 0
    value = value.strip()
    while pos < len(value):
        m = _TAG.match(value, pos)
        if m is None:
            return None
        tags.append(m.group(1))
        pos = m.end()
    return tags


def _weak_equal(a, b):
    def strip(t):
        return t[2:] if t.startswith("W/") else t
    return strip(a) == strip(b)


class ODataFixes(object):
    """Wraps the pyslet WSGI app; see the module doc for what it fixes."""

    def __init__(self, app, path_prefix, function_methods, reset):
        self.app = app
        self.path_prefix = path_prefix
        #: function import name -> declared HTTP method ("GET"/"POST")
        self.function_methods = function_methods
        self.reset = reset

    def _resource_path(self, environ):
        path = environ.get("PATH_INFO", "")
        if self.path_prefix and path.startswith(self.path_prefix):
            path = path[len(self.path_prefix):]
        return path

    def __call__(self, environ, start_response):
        # wsgiref hands PATH_INFO over as latin-1; pyslet re-encodes it as
        # UTF-8, so non-ASCII keys were mangled: give it the real text
        try:
            environ["PATH_INFO"] = environ.get("PATH_INFO", "").encode(
                "latin-1").decode("utf-8")
        except UnicodeError:
            return _error(start_response, "400 Bad Request", "BadRequest",
                          "The request path is not UTF-8")
        path = self._resource_path(environ)
        method = environ["REQUEST_METHOD"].upper()
        if path == "/_harness/reset":
            if method != "POST":
                return _error(start_response, "405 Method Not Allowed",
                              "MethodNotAllowed", "POST only")
            self.reset()
            start_response("204 No Content", [("Content-Length", "0")])
            return []
        # 5: '%24' and '+' in the query string
        query = environ.get("QUERY_STRING", "")
        if query:
            environ["QUERY_STRING"] = _PCT24.sub("$", query).replace(
                "+", "%20")
        # 6: PATCH and X-HTTP-Method tunnelling
        tunnel = environ.pop("HTTP_X_HTTP_METHOD", None)
        if tunnel and method == "POST":
            method = tunnel.strip().upper()
        if method == "PATCH":
            method = "MERGE"
        environ["REQUEST_METHOD"] = method
        # 6: function imports called with their declared method
        segment = path.lstrip("/").split("/", 1)[0].split("(", 1)[0]
        declared = self.function_methods.get(segment)
        if declared is not None:
            if method != declared:
                return _error(
                    start_response, "405 Method Not Allowed",
                    "MethodNotAllowed",
                    "Function import %s must be called with %s" % (
                        segment, declared))
            environ["REQUEST_METHOD"] = "GET"
            environ["CONTENT_LENGTH"] = "0"
            return self.app(environ, start_response)
        # 6: If-Match
        if_match = environ.pop("HTTP_IF_MATCH", None)
        if if_match is not None and method in _WRITES and \
                "/$links/" not in path:
            refused = self._check_if_match(environ, path, if_match,
                                           start_response)
            if refused is not None:
                return refused
        # 2: MERGE keeps absent properties
        pyslet_patches.set_merging(method == "MERGE")
        try:
            result = self.app(environ, start_response)
            return list(result) if method == "MERGE" else result
        finally:
            pyslet_patches.set_merging(False)

    def _check_if_match(self, environ, path, if_match, start_response):
        tags = parse_if_match(if_match)
        if not tags:
            return _error(start_response, "400 Bad Request", "BadRequest",
                          "Malformed If-Match header: %s" % if_match)
        probe = dict((k, v) for k, v in environ.items()
                     if not k.startswith("wsgi.input"))
        probe["REQUEST_METHOD"] = "GET"
        probe["HTTP_ACCEPT"] = "application/json"
        probe["QUERY_STRING"] = ""
        probe["CONTENT_LENGTH"] = "0"
        probe.pop("CONTENT_TYPE", None)
        if probe["PATH_INFO"].endswith("/$value"):
            probe["PATH_INFO"] = probe["PATH_INFO"][:-len("/$value")]
        captured = {}

        def capture(status, headers, exc_info=None):
            captured["status"] = int(status.split(" ", 1)[0])
            captured["headers"] = dict((k.lower(), v) for k, v in headers)
            return lambda data: None

        body = self.app(probe, capture)
        for _ in body:
            pass
        if hasattr(body, "close"):
            body.close()
        if captured.get("status") != 200:
            # let the real request produce its own 404 and friends
            return None
        current = captured["headers"].get("etag")
        if tags == ["*"]:
            return None
        if current is not None and any(_weak_equal(t, current)
                                       for t in tags):
            return None
        return _error(start_response, "412 Precondition Failed",
                      "PreconditionFailed",
                      "If-Match %s does not match the current ETag %s" % (
                          if_match, current or "(none)"))
