"""Starts mock-sap on 127.0.0.1 (port 0 by default) and writes the bound
port to --port-file once it listens. Every other argument is passed to
mock-sap's own command line (e.g. --seed, --clock, --require-if-match).

    python -m servers.mocksap_server --port-file .build/servers/mocksap.port \
        -- --seed 42 --clock 2026-01-01T00:00
"""

import argparse
import os
import sys

from mocksap import __main__ as mocksap_main
from mocksap.server import Config, make_server


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port-file", required=True)
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    ours = ap.parse_args(argv)
    rest = [a for a in ours.rest if a != "--"]
    args = mocksap_main.build_parser().parse_args(
        ["--host", "127.0.0.1", "--port", "0", "-q"] + rest)
    config = Config(**dict(vars(args).items()))
    httpd = make_server(config)
    port = httpd.server_port
    # mock-sap reads config.port for self-links when a request has no Host
    config.port = port
    tmp = ours.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write("%d\n" % port)
    os.replace(tmp, ours.port_file)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
