"""An imitation of the SAP BTP landscape around an OData service, for the OAuth2 and destination tests.

    python3 scripts/servers/btp_landscape.py --cloud-backend URL --onpremise-backend URL

Four HTTP servers on 127.0.0.1 (port 0 each), in one process; the first line printed is a JSON object
with their ports: {"xsuaa": …, "destination": …, "s4": …, "proxy": …, "elsewhere": …}.

- xsuaa: an OAuth2 authorization server (RFC 6749 token endpoint at /oauth/token): client
  authentication by HTTP Basic or form (§2.3.1); grants client_credentials (§4.4), refresh_token (§6),
  urn:ietf:params:oauth:grant-type:jwt-bearer (RFC 7523, assertion = a user JWT this server issued) and
  urn:ietf:params:oauth:grant-type:saml2-bearer (RFC 7522 in SAP's shape: base64url SAML assertion,
  client id and secret); errors as §5.2 JSON (a client refused after Basic authentication gets 401 with
  WWW-Authenticate: Basic, as §5.2 requires). Test control: /_user (a user JWT), /_control, /_stats,
  /_destinations.
- destination: SAP BTP destination service, "Find Destination"
  (GET /destination-configuration/v1/destinations/{name}, bearer token of the destination client,
  X-user-token for user-dependent types) answering destinationConfiguration, authTokens, certificates.
- s4: "S/4HANA Cloud": checks the bearer token, then forwards to --cloud-backend (keeping Host).
- proxy: the connectivity proxy: an HTTP forward proxy that checks Proxy-Authorization (a token of the
  connectivity client), routes virtual hosts per SAP-Connectivity-SCC-Location_ID to --onpremise-backend
  and checks SAP-Connectivity-Authentication (the user's JWT) where principal propagation is required.
- xsuaa_mtls (with --tls-folder): the token endpoint over HTTPS requiring a client certificate of the folder's CA;
  the client authenticates by its certificate (RFC 8705: client_id in the form, no secret).
- elsewhere: another origin that records the headers it gets and forwards like s4 without checking.
"""

import argparse
import base64
import hashlib
import hmac
import http.client
import json
import re
import secrets
import socketserver
import ssl
import sys
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ElementTree
from http.server import BaseHTTPRequestHandler, HTTPServer

IDP_KEY = b"landscape-idp-signing-key"
CLIENTS = {"sb-app": "app-secret", "sb-destination": "destination-secret", "sb-connectivity": "connectivity-secret",
           "sb-s4-technical": "s4-secret"}
CERTIFICATE_CLIENTS = {"sb-app-cert": "client"}  # client id -> the CN its client certificate must have (RFC 8705)
JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer"
SAML_BEARER = "urn:ietf:params:oauth:grant-type:saml2-bearer"

lock = threading.Lock()
tokens = {}        # access token -> {client, user, scope, expires, uses}
refresh_tokens = {}  # refresh token -> {client, user, scope}
config = {"token_lifetime": 3600, "hang": False, "html": False, "expire_after_uses": 0, "cross_origin_next": False,
          "routes": {}, "principal_required": []}
stats = {"grants": {}, "s4_requests": 0, "s4_refused": 0, "elsewhere_authorization": [], "proxied": [],
         "destination_lookups": 0, "proxy_refused": 0}
destinations = {}
ports = {}


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def user_jwt(name, lifetime=3600):
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    payload = b64url(json.dumps({"sub": name, "iss": "landscape-idp", "exp": int(time.time()) + lifetime}).encode())
    signature = b64url(hmac.new(IDP_KEY, f"{header}.{payload}".encode(), hashlib.sha256).digest())
    return f"{header}.{payload}.{signature}"


def verify_jwt(token):
    """The user a valid, unexpired JWT of this IdP names, else None."""
    try:
        header, payload, signature = token.split(".")
        expected = b64url(hmac.new(IDP_KEY, f"{header}.{payload}".encode(), hashlib.sha256).digest())
        claims = json.loads(b64url_decode(payload))
        if hmac.compare_digest(expected, signature) and claims["exp"] > time.time():
            return claims["sub"]
    except (ValueError, KeyError):
        pass
    return None


def saml_user(assertion):
    """The NameID of a base64url SAML 2.0 assertion from this IdP, else None."""
    try:
        root = ElementTree.fromstring(b64url_decode(assertion))
    except (ValueError, ElementTree.ParseError):
        return None
    ns = {"saml": "urn:oasis:names:tc:SAML:2.0:assertion"}
    issuer, name = root.find("saml:Issuer", ns), root.find("saml:Subject/saml:NameID", ns)
    if issuer is None or issuer.text != "landscape-idp" or name is None:
        return None
    return name.text


def issue(client, user, scope, with_refresh):
    token = secrets.token_urlsafe(24)
    lifetime = config["token_lifetime"]
    tokens[token] = {"client": client, "user": user, "scope": scope, "expires": time.time() + lifetime, "uses": 0}
    answer = {"access_token": token, "token_type": "bearer", "expires_in": lifetime, "scope": scope or "uaa.resource"}
    if with_refresh:
        refresh = secrets.token_urlsafe(24)
        refresh_tokens[refresh] = {"client": client, "user": user, "scope": scope}
        answer["refresh_token"] = refresh
    return answer


def valid_token(header, clients, prefix="Bearer "):
    """The token record of a valid bearer header for one of `clients`, counting its use; else None."""
    if not header or not header.startswith(prefix):
        return None
    record = tokens.get(header[len(prefix):])
    if record is None or record["expires"] < time.time() or record["client"] not in clients:
        return None
    record["uses"] += 1
    limit = config["expire_after_uses"]
    if limit and record["uses"] > limit:
        return None
    return record


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def answer(self, status, payload, content_type="application/json", headers=()):
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def forward(self, base, host, extra=(), drop=()):
        """Sends the request on to `base` (keeping `host` as Host) and relays the answer."""
        target = urllib.parse.urlsplit(base)
        path = urllib.parse.urlsplit(self.path)
        path = path.path + ("?" + path.query if path.query else "")
        body = self.body()
        headers = {k: v for k, v in self.headers.items() if k.lower() not in drop and k.lower() not in ("host", "connection")}
        headers.update(dict(extra))
        headers["Host"] = host
        connection = http.client.HTTPConnection(target.hostname, target.port, timeout=60)
        connection.request(self.command, path, body=body or None, headers=headers)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        kept = [(k, v) for k, v in response.getheaders()
                if k.lower() not in ("content-length", "transfer-encoding", "connection", "content-type")]
        # links the backend wrote with its own address point to this front instead (as a reverse proxy rewrites them)
        data = data.replace(f"http://{target.netloc}".encode(), f"http://{host}".encode())
        return response.status, data, response.getheader("Content-Type") or "text/plain", kept


class XSUAA(Handler):
    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path == "/_user":
            return self.answer(200, {"jwt": user_jwt(query["name"], int(query.get("lifetime", 3600)))})
        if url.path == "/_stats":
            with lock:
                return self.answer(200, stats)
        self.answer(404, {"error": "not_found"})

    def do_POST(self):
        path = urllib.parse.urlsplit(self.path).path
        if path == "/_control":
            with lock:
                changes = json.loads(self.body())
                if changes.pop("expire_now", False):
                    for record in tokens.values():
                        record["expires"] = 0
                config.update(changes)
            return self.answer(200, {"ok": True})
        if path == "/_destinations":
            with lock:
                destinations.update(json.loads(self.body()))
            return self.answer(200, {"count": len(destinations)})
        if path != "/oauth/token":
            return self.answer(404, {"error": "not_found"})
        if config["hang"]:
            time.sleep(30)
        if config["html"]:
            return self.answer(200, b"<html><body><h1>Log on</h1></body></html>", "text/html; charset=utf-8")
        form = dict(urllib.parse.parse_qsl(self.body().decode()))
        client, secret = form.get("client_id"), form.get("client_secret")
        auth = self.headers.get("Authorization", "")
        if auth.startswith("Basic "):
            pair = base64.b64decode(auth[6:]).decode()
            client, _, secret = pair.partition(":")
            client, secret = urllib.parse.unquote_plus(client), urllib.parse.unquote_plus(secret)
        grant = form.get("grant_type", "")
        with lock:
            stats["grants"][grant] = stats["grants"].get(grant, 0) + 1
            if getattr(self.server, "mutual_tls", False):
                peer = dict(item[0] for item in self.connection.getpeercert().get("subject", ()))
                if CERTIFICATE_CLIENTS.get(client) != peer.get("commonName") or secret is not None:
                    return self.answer(401, {"error": "invalid_client", "error_description": "certificate does not match client"})
            elif client not in CLIENTS or not hmac.compare_digest(CLIENTS[client], secret or ""):
                # RFC 6749 §5.2: a client that authenticated by the Authorization header gets 401 with the
                # WWW-Authenticate scheme it used (as XSUAA answers a wrong secret)
                challenge = [("WWW-Authenticate", 'Basic realm="UAA/client"')] if auth.startswith("Basic ") else []
                return self.answer(401, {"error": "invalid_client", "error_description": "Bad credentials"}, headers=challenge)
            scope = form.get("scope")
            if grant == "client_credentials":
                return self.answer(200, issue(client, None, scope, False))
            if grant == JWT_BEARER:
                user = verify_jwt(form.get("assertion", ""))
                if user is None:
                    return self.answer(400, {"error": "invalid_grant", "error_description": "JWT assertion is not valid"})
                return self.answer(200, issue(client, user, scope, True))
            if grant == SAML_BEARER:
                user = saml_user(form.get("assertion", ""))
                if user is None:
                    return self.answer(400, {"error": "invalid_grant", "error_description": "SAML assertion is not valid"})
                return self.answer(200, issue(client, user, scope, True))
            if grant == "refresh_token":
                record = refresh_tokens.get(form.get("refresh_token", ""))
                if record is None or record["client"] != client:
                    return self.answer(400, {"error": "invalid_grant", "error_description": "Invalid refresh token"})
                return self.answer(200, issue(client, record["user"], record["scope"], False))
            return self.answer(400, {"error": "unsupported_grant_type", "error_description": grant})


class DestinationService(Handler):
    PREFIX = "/destination-configuration/v1/destinations/"

    def do_GET(self):
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        with lock:
            stats["destination_lookups"] += 1
            if valid_token(self.headers.get("Authorization"), ["sb-destination"]) is None:
                return self.answer(401, {"ErrorMessage": "Unauthorized"})
            if not path.startswith(self.PREFIX) or path[len(self.PREFIX):] not in destinations:
                return self.answer(404, {"ErrorMessage": "Configuration with the specified name was not found"})
            configuration = dict(destinations[path[len(self.PREFIX):]])
            return self.answer(200, self.resolve(configuration, self.headers.get("X-user-token")))

    @staticmethod
    def resolve(configuration, user_token):
        kind = configuration.get("Authentication", "NoAuthentication")
        tokens_out = []
        user = verify_jwt(user_token) if user_token else None
        if kind == "BasicAuthentication":
            value = base64.b64encode(f"{configuration['User']}:{configuration['Password']}".encode()).decode()
            tokens_out.append({"type": "Basic", "value": value, "http_header": {"key": "Authorization", "value": "Basic " + value}})
        elif kind in ("OAuth2ClientCredentials", "OAuth2JWTBearer", "OAuth2SAMLBearerAssertion"):
            client, secret = configuration.get("clientId"), configuration.get("clientSecret", "")
            if client not in CLIENTS or not hmac.compare_digest(CLIENTS[client], secret):
                tokens_out.append({"type": "", "value": "", "error": "Retrieval of OAuth token failed: token service answered 401 invalid_client"})
            elif kind != "OAuth2ClientCredentials" and user is None:
                tokens_out.append({"type": "", "value": "", "error": "no valid user token (X-user-token) for a user-dependent destination"})
            else:
                issued = issue(client, None if kind == "OAuth2ClientCredentials" else user, None, False)
                tokens_out.append({"type": "Bearer", "value": issued["access_token"], "expires_in": str(issued["expires_in"]),
                                   "http_header": {"key": "Authorization", "value": "Bearer " + issued["access_token"]}})
        return {"owner": {"SubaccountId": "landscape", "InstanceId": None},
                "destinationConfiguration": configuration, "authTokens": tokens_out, "certificates": []}


class S4Front(Handler):
    def handle_any(self):
        with lock:
            stats["s4_requests"] += 1
            record = valid_token(self.headers.get("Authorization"), ["sb-app", "sb-s4-technical", "sb-app-cert"])
            if record is None:
                stats["s4_refused"] += 1
        if record is None:
            self.body()
            return self.answer(401, {"error": {"code": "401", "message": {"lang": "en", "value": "token missing, invalid or expired"}}},
                               headers=[("WWW-Authenticate", 'Bearer error="invalid_token"')])
        host = self.headers.get("Host")
        status, data, content_type, headers = self.forward(self.server.backend, host, drop=("authorization",))
        if config["cross_origin_next"]:
            data = re.sub(rb'("__next"\s*:\s*")http://[^/"]+', b'\\1http://127.0.0.1:' + str(ports["elsewhere"]).encode(), data)
        self.answer(status, data, content_type, headers)

    do_GET = do_POST = do_PUT = do_MERGE = do_PATCH = do_DELETE = handle_any


class Elsewhere(Handler):
    def handle_any(self):
        with lock:
            stats["elsewhere_authorization"].append(self.headers.get("Authorization"))
        status, data, content_type, headers = self.forward(self.server.backend, self.headers.get("Host"))
        self.answer(status, data, content_type, headers)

    do_GET = handle_any


class ConnectivityProxy(Handler):
    def handle_any(self):
        target = urllib.parse.urlsplit(self.path)
        location = self.headers.get("SAP-Connectivity-SCC-Location_ID", "")
        with lock:
            if valid_token(self.headers.get("Proxy-Authorization"), ["sb-connectivity"]) is None:
                stats["proxy_refused"] += 1
                self.body()
                return self.answer(407, b"connectivity proxy: missing or invalid Proxy-Authorization", "text/plain",
                                   [("Proxy-Authenticate", "Bearer")])
            route = config["routes"].get(location, {}).get(target.netloc)
            principal = self.headers.get("SAP-Connectivity-Authentication", "")
            user = verify_jwt(principal[7:]) if principal.startswith("Bearer ") else None
            needs_user = target.netloc in config["principal_required"]
            stats["proxied"].append({"host": target.netloc, "location": location, "user": user, "path": target.path})
        if target.scheme != "http" or route is None:
            self.body()
            return self.answer(503, f"no Cloud Connector route to {target.netloc} for location '{location}'".encode(), "text/plain")
        if needs_user and user is None:
            self.body()
            return self.answer(401, b"on-premise system: no propagated principal", "text/plain")
        drop = ("proxy-authorization", "sap-connectivity-scc-location_id", "sap-connectivity-authentication", "proxy-connection")
        extra = [("X-Propagated-Principal", user)] if user else []
        status, data, content_type, headers = self.forward(route, target.netloc, extra, drop)
        self.answer(status, data, content_type, headers)

    do_GET = do_POST = do_PUT = do_MERGE = do_PATCH = do_DELETE = handle_any


class Server(socketserver.ThreadingMixIn, HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cloud-backend", required=True)
    parser.add_argument("--onpremise-backend", required=True)
    parser.add_argument("--tls-folder", help="ca.pem, server.pem, server.key: adds xsuaa_mtls, a token endpoint over mutual TLS")
    arguments = parser.parse_args()
    servers = {"xsuaa": Server(("127.0.0.1", 0), XSUAA), "destination": Server(("127.0.0.1", 0), DestinationService),
               "s4": Server(("127.0.0.1", 0), S4Front), "proxy": Server(("127.0.0.1", 0), ConnectivityProxy),
               "elsewhere": Server(("127.0.0.1", 0), Elsewhere)}
    if arguments.tls_folder:
        mtls = Server(("127.0.0.1", 0), XSUAA)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(f"{arguments.tls_folder}/server.pem", f"{arguments.tls_folder}/server.key")
        context.load_verify_locations(f"{arguments.tls_folder}/ca.pem")
        context.verify_mode = ssl.CERT_REQUIRED
        mtls.socket = context.wrap_socket(mtls.socket, server_side=True)
        mtls.mutual_tls = True
        servers["xsuaa_mtls"] = mtls
    for name, server in servers.items():
        server.backend = arguments.cloud_backend
        ports[name] = server.server_address[1]
        if name != "xsuaa":
            threading.Thread(target=server.serve_forever, daemon=True).start()
    config["onpremise_backend"] = arguments.onpremise_backend
    print(json.dumps(ports), flush=True)
    servers["xsuaa"].serve_forever()


if __name__ == "__main__":
    sys.exit(main())
