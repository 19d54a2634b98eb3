"""Starts mock-sap on 127.0.0.1 (port 0 by default) and writes the bound
port to --port-file once it listens. Every other argument is passed to
mock-sap's own command line (e.g. --seed, --clock, --require-if-match).

    python -m servers.mocksap_server --port-file .build/servers/mocksap.port \
        -- --seed 42 --clock 2026-01-01T00:00
"""

import argparse
import sys

from mocksap import __main__ as mocksap_main
from mocksap.server import Config, make_server

from . import serving


def main(argv=None):
    ap = serving.arguments(__doc__)
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    ours = ap.parse_args(argv)
    rest = [a for a in ours.rest if a != "--"]
    args = mocksap_main.build_parser().parse_args(
        ["--host", "127.0.0.1", "--port", str(ours.port), "-q"] + rest)
    config = Config(**dict(vars(args).items()))
    httpd = make_server(config)
    # mock-sap reads config.port for self-links when a request has no Host
    config.port = httpd.server_port
    return serving.serve(httpd, ours.port_file)


if __name__ == "__main__":
    sys.exit(main())
