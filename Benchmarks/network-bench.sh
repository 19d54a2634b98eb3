#!/usr/bin/env bash
# The request-overhead benchmark (not a test): Benchmarks/network-bench.sh [requests=2000] [runs=3]
#
# Records an ESPM customer and a 100-entity SalesOrderItems page from the pyslet test server, serves
# them and Metadata/ESPM.xml from nginx on 127.0.0.1 (static files, so the server is not the limit),
# then measures GETs per second with raw URLSession, URLSession + JSONSerialization, the SDK and
# pyodata 1.12.1, sequential and with 8 concurrent tasks/threads. Needs nginx (apt: nginx-light).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
requests="${1:-2000}"
runs="${2:-3}"
work="$root/.build/bench-net"
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
[ -x "$nginx_bin" ] || { echo "network-bench: nginx is required (apt-get install nginx-light)" >&2; exit 69; }
mkdir -p "$work/www" "$work/logs" "$work/tmp"

bash "$root/scripts/servers.sh" start >/dev/null
. "$root/.build/servers/env"
curl -sf -H 'Accept: application/json' "${ODATA_TEST_PYSLET_URL}Customers('C000001')" >"$work/www/single.json"
curl -sf -H 'Accept: application/json' "${ODATA_TEST_PYSLET_URL}SalesOrderItems?\$top=100" >"$work/www/page.json"
bash "$root/scripts/servers.sh" stop >/dev/null
cp "$root/Metadata/ESPM.xml" "$work/www/metadata.xml"

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
cat >"$work/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx.pid;
error_log $work/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/tmp; proxy_temp_path $work/tmp; fastcgi_temp_path $work/tmp;
  uwsgi_temp_path $work/tmp; scgi_temp_path $work/tmp;
  keepalive_requests 1000000;
  etag off;
  server {
    listen 127.0.0.1:$port;
    root $work/www;
    types { application/json json; application/xml xml; }
    location /svc/ {
      rewrite "^/svc/\\\$metadata\$" /metadata.xml break;
      rewrite "^/svc/Customers\\(.*\$" /single.json break;
      rewrite "^/svc/SalesOrderItems\$" /page.json break;
      return 404;
    }
  }
}
CONF
"$nginx_bin" -p "$work" -c "$work/nginx.conf" &
nginx_pid=$!
trap 'kill $nginx_pid 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/svc/Customers('C000001')" && break; sleep 0.1; done
url="http://127.0.0.1:$port/svc/"

swift build -c release --package-path "$root/Benchmarks" --product network-bench >&2
"$(swift build -c release --package-path "$root/Benchmarks" --show-bin-path)/network-bench" "$url" "$requests" "$runs" | tee "$work/results.txt"

venv="$root/.build/bench-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pyodata, requests" 2>/dev/null; then
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q "pyodata==1.12.1" "requests==2.34.2" >&2
fi
"$venv/bin/python" "$root/Benchmarks/pyodata_network.py" "$url" "$(( requests / 4 ))" "$runs" | tee -a "$work/results.txt"

awk '{ rate[$1" "$2" "$3]=$6 }
  END {
    for (c = 1; c <= 8; c += 7) for (s = 0; s < 2; s++) {
      shape = s ? "page" : "single"
      k = shape" "c
      printf "%-6s x%d: sdk %6.0f/s  raw %6.0f/s (sdk overhead %+5.1f%%)  raw+json %6.0f/s  pyodata %5.0f/s (sdk %.1fx pyodata)\n",
        shape, c, rate["sdk "k], rate["raw "k], (rate["raw "k]/rate["sdk "k]-1)*100, rate["raw+json "k], rate["pyodata "k], rate["sdk "k]/rate["pyodata "k]
    }
    for (s = 0; s < 2; s++) {
      shape = s ? "page" : "single"
      printf "%-6s    SDK own cost without network: %.1f us/request = %.1f%% of a raw URLSession request (%.0f us)\n",
        shape, 1e6/rate["sdk-cpu "shape" 1"], 100*rate["raw "shape" 1"]/rate["sdk-cpu "shape" 1"], 1e6/rate["raw "shape" 1"]
    }
  }' "$work/results.txt"
