"""OData v2 `$batch` in front of the pyslet service (pyslet has none).

A `POST <prefix>/$batch` with a `multipart/mixed` body is split into its
parts; each part's HTTP request runs through the wrapped WSGI app (the
fixed pyslet service) as its own request, and the answers are written back
as a `multipart/mixed` response in the order of the parts, each in the
format the part asked for (its own `Accept` and `Content-Type`). A
changeset's requests run in order; when one fails, the changeset is
answered by that one error response, as OData v2 says. Not done (the
tests do not need it): rolling back the changeset's earlier requests, and
`$<Content-ID>` references in later URLs.
"""

import io
import re
import uuid
from urllib.parse import unquote_to_bytes, urlsplit

_BOUNDARY = re.compile(r'boundary\s*=\s*"?([^";]+)"?', re.IGNORECASE)


def _boundary(content_type):
    m = _BOUNDARY.search(content_type or "")
    return m.group(1) if m else None


def _split(body, boundary):
    """The parts between `--boundary` lines, up to `--boundary--`."""
    delimiter = b"--" + boundary.encode("latin-1")
    parts = []
    for chunk in body.split(delimiter)[1:]:
        if chunk.startswith(b"--"):
            break
        # the part starts after the delimiter line's CRLF and ends before
        # the CRLF that precedes the next delimiter
        if chunk.startswith(b"\r\n"):
            chunk = chunk[2:]
        elif chunk.startswith(b"\n"):
            chunk = chunk[1:]
        if chunk.endswith(b"\r\n"):
            chunk = chunk[:-2]
        elif chunk.endswith(b"\n"):
            chunk = chunk[:-1]
        parts.append(chunk)
    return parts


def _head(data):
    """Headers (lower-case names) and the rest, split at the first empty line."""
    for separator in (b"\r\n\r\n", b"\n\n"):
        index = data.find(separator)
        if index >= 0:
            head, rest = data[:index], data[index + len(separator):]
            break
    else:
        head, rest = data, b""
    lines = head.decode("latin-1").splitlines()
    return lines, rest


def _headers(lines):
    headers = {}
    for line in lines:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    return headers


class BatchHandler(object):
    """Answers `$batch` under `path_prefix`; every other request goes to `app`."""

    def __init__(self, app, path_prefix):
        self.app = app
        self.path_prefix = path_prefix

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path != self.path_prefix + "/$batch":
            return self.app(environ, start_response)
        if environ["REQUEST_METHOD"].upper() != "POST":
            start_response("405 Method Not Allowed", [("Content-Length", "0")])
            return []
        boundary = _boundary(environ.get("CONTENT_TYPE"))
        if boundary is None:
            body = b"$batch needs a multipart/mixed body with a boundary"
            start_response("400 Bad Request", [("Content-Type", "text/plain"),
                                               ("Content-Length", str(len(body)))])
            return [body]
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length)
        out = io.BytesIO()
        answer = "batchresponse_" + uuid.uuid4().hex
        for part in _split(body, boundary):
            lines, content = _head(part)
            headers = _headers(lines)
            out.write(("--%s\r\n" % answer).encode("latin-1"))
            inner = _boundary(headers.get("content-type", ""))
            if inner is not None:
                out.write(self._changeset(environ, content, inner))
            else:
                out.write(b"Content-Type: application/http\r\n"
                          b"Content-Transfer-Encoding: binary\r\n\r\n")
                out.write(self._run(environ, content)[1])
                out.write(b"\r\n")
        out.write(("--%s--\r\n" % answer).encode("latin-1"))
        data = out.getvalue()
        start_response("202 Accepted", [
            ("Content-Type", "multipart/mixed; boundary=%s" % answer),
            ("Content-Length", str(len(data))), ("DataServiceVersion", "1.0")])
        return [data]

    def _changeset(self, environ, content, boundary):
        answer = "changesetresponse_" + uuid.uuid4().hex
        out = io.BytesIO()
        out.write(("Content-Type: multipart/mixed; boundary=%s\r\n\r\n"
                   % answer).encode("latin-1"))
        for part in _split(content, boundary):
            lines, request = _head(part)
            content_id = _headers(lines).get("content-id")
            status, response = self._run(environ, request)
            if status >= 400:
                # a failed changeset is answered by its one error response
                # (with the failed request's Content-ID, as SAP Gateway says which)
                echoed = ("Content-ID: %s\r\n" % content_id).encode("latin-1") \
                    if content_id else b""
                return (b"Content-Type: application/http\r\n"
                        b"Content-Transfer-Encoding: binary\r\n" + echoed
                        + b"\r\n" + response + b"\r\n")
            out.write(("--%s\r\n" % answer).encode("latin-1"))
            out.write(b"Content-Type: application/http\r\n"
                      b"Content-Transfer-Encoding: binary\r\n")
            if content_id:
                out.write(("Content-ID: %s\r\n" % content_id).encode("latin-1"))
            out.write(b"\r\n" + response + b"\r\n")
        out.write(("--%s--\r\n" % answer).encode("latin-1"))
        return out.getvalue()

    def _run(self, environ, request):
        """Runs one part's HTTP request; its status and the HTTP response text."""
        lines, body = _head(request)
        method, url = lines[0].split(" ")[:2]
        headers = _headers(lines[1:])
        sub = dict((k, v) for k, v in environ.items()
                   if not k.startswith("HTTP_") and not k.startswith("wsgi.input"))
        target, _, query = url.partition("?")
        if "://" in target:
            # an absolute request line (an entity's edit link), which [MS-ODATA] allows as well
            target = urlsplit(target).path
        if not target.startswith("/"):
            target = self.path_prefix + "/" + target
        # WSGI's PATH_INFO is decoded, as latin-1 text (the fixes re-read it as UTF-8)
        target = unquote_to_bytes(target).decode("latin-1")
        sub["REQUEST_METHOD"] = method.upper()
        sub["PATH_INFO"] = target
        sub["QUERY_STRING"] = query
        sub.pop("CONTENT_TYPE", None)
        if "content-length" in headers:
            body = body[:int(headers["content-length"])]
        sub["CONTENT_LENGTH"] = str(len(body))
        sub["wsgi.input"] = io.BytesIO(body)
        for name, value in headers.items():
            if name == "content-type":
                sub["CONTENT_TYPE"] = value
            elif name != "content-length":
                sub["HTTP_" + name.upper().replace("-", "_")] = value
        captured = {}

        def capture(status, response_headers, exc_info=None):
            captured["status"] = status
            captured["headers"] = response_headers
            return lambda data: None

        result = self.app(sub, capture)
        try:
            data = b"".join(result)
        finally:
            if hasattr(result, "close"):
                result.close()
        status = captured.get("status", "500 Internal Server Error")
        out = io.BytesIO()
        out.write(("HTTP/1.1 %s\r\n" % status).encode("latin-1"))
        for name, value in captured.get("headers", []):
            if name.lower() != "content-length":
                out.write(("%s: %s\r\n" % (name, value)).encode("latin-1"))
        out.write(("Content-Length: %d\r\n\r\n" % len(data)).encode("latin-1"))
        out.write(data)
        return int(status.split(" ", 1)[0]), out.getvalue()
