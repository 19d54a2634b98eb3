"""Start-up shared by the test servers that `scripts/servers.sh` launches: the options every one takes, a
threading HTTP server on 127.0.0.1, and serving it with its port written where `servers.sh` waits for it.

    parser = serving.arguments(__doc__)          # --port-file (required), --port (0: the OS picks one)
    args = parser.parse_args(argv)
    httpd = serving.http_server(Handler, args.port)
    return serving.serve(httpd, args.port_file)  # until SIGTERM (servers.sh stop) or Ctrl-C
"""

import argparse
import os
import signal
from http.server import ThreadingHTTPServer


def arguments(description):
    """An argument parser with the options every server takes: `--port-file`, where the bound port is written once
    the server listens, and `--port`, 0 (the default) to let the OS pick a free one."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port-file", required=True, help="where to write the bound port once listening")
    parser.add_argument("--port", type=int, default=0, help="the port to bind on 127.0.0.1 (0: any free one)")
    return parser


def http_server(handler, port=0):
    """A `ThreadingHTTPServer` for `handler` bound to 127.0.0.1 (never beyond) whose request threads end with it."""
    httpd = ThreadingHTTPServer(("127.0.0.1", port), handler)
    httpd.daemon_threads = True
    return httpd


def write_port(port_file, port):
    """Writes `port` to `port_file` in one step (a temporary file renamed), so a reader never sees half of it."""
    temporary = port_file + ".tmp"
    with open(temporary, "w") as f:
        f.write("%d\n" % port)
    os.replace(temporary, port_file)


def serve(httpd, port_file):
    """Writes the port `httpd` listens on to `port_file`, serves until SIGTERM or Ctrl-C, then closes the socket;
    returns 0, the process's exit status."""

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    write_port(port_file, httpd.server_address[1])
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0
