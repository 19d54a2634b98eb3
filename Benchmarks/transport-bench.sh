#!/usr/bin/env bash
# The transport benchmark (not a test): Benchmarks/transport-bench.sh [requests=2000] [runs=3] [sizes]
#
# Serves, from nginx on 127.0.0.1 (static files, so the server is not the limit): an ESPM customer and
# a 100-entity SalesOrderItems page recorded from the pyslet test server, and the 50,000-entity x
# 12-property page that decode-bench generates (38.9 MB of verbose JSON). Then measures, in one run:
# the SDK over CurlTransport, the SDK over URLSessionTransport, raw URLSession, a raw libcurl loop with
# no SDK, the SDK with no network (its own cost), decode only, and pyodata 1.12.1 — small GETs
# sequential and with 8 concurrent tasks/threads, and the big page. Wants nginx (apt: nginx-light); without it the
# files are served by Benchmarks/static_server.py (threaded Python: slower and noisier, so compare two builds
# measured in the same minutes, not with figures taken with nginx).
# With a third argument "sizes", measures instead pages of 100 to 6,400 entities (the recorded page's entries
# repeated, 67 KB to 4.3 MB) read whole and streamed, `requests` pages each: where streaming starts to pay.
# With a third argument "big", measures the 50,000-entity page alone (no test servers, no small GETs): the
# typed, dynamic and decode-only variants and pyodata, `runs` rounds (at least ten).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
requests="${1:-2000}"
runs="${2:-3}"
work="$root/.build/bench-transport"
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
[ -x "$nginx_bin" ] || echo "transport-bench: no nginx: serving with Benchmarks/static_server.py (apt-get install nginx-light)" >&2
mkdir -p "$work/www" "$work/logs" "$work/tmp"

cp "$root/Metadata/ESPM.xml" "$work/www/metadata.xml"
if [ "${3:-}" != big ]; then
bash "$root/scripts/servers.sh" start >/dev/null
. "$root/.build/servers/env"
curl -sf -H 'Accept: application/json' "${ODATA_TEST_PYSLET_URL}Customers('C000001')" >"$work/www/single.json"
curl -sf -H 'Accept: application/json' "${ODATA_TEST_PYSLET_URL}SalesOrderItems?\$top=100" >"$work/www/page.json"
bash "$root/scripts/servers.sh" stop >/dev/null
python3 - "$work/www" <<'PY'
import json, sys
www = sys.argv[1]
page = json.load(open(www + "/page.json"))
entries = page["d"]["results"]
for size in (100, 200, 400, 800, 1600, 3200, 6400):
    d = dict(page["d"]); d.pop("__next", None); d["results"] = [entries[i % len(entries)] for i in range(size)]
    json.dump({"d": d}, open("%s/page-%d.json" % (www, size), "w"), separators=(",", ":"))
PY
fi

swift build -c release --package-path "$root/Benchmarks" --product decode-bench >&2
swift build -c release --package-path "$root/Benchmarks" --product transport-bench >&2
bin="$(swift build -c release --package-path "$root/Benchmarks" --show-bin-path)"
"$bin/decode-bench" generate "$work/gen" 50000
cp "$work/gen/bench.json" "$work/www/big.json"
cp "$work/gen/bench-metadata.xml" "$work/www/big-metadata.xml"
# the typed variants' container is generated from Benchmarks/Sources/BenchItems/Bench.xml: it must be this service
cmp -s "$work/gen/bench-metadata.xml" "$root/Benchmarks/Sources/BenchItems/Bench.xml" || {
  echo "transport-bench: Benchmarks/Sources/BenchItems/Bench.xml differs from decode-bench's bench-metadata.xml" >&2; exit 1; }

if [ -x "$nginx_bin" ]; then
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
  sendfile on;
  server {
    listen 127.0.0.1:$port;
    root $work/www;
    types { application/json json; application/xml xml; }
    location /svc/ {
      if (\$arg_size) { rewrite "^/svc/SalesOrderItems\$" /page-\$arg_size.json break; }
      rewrite "^/svc/\\\$metadata\$" /metadata.xml break;
      rewrite "^/svc/Customers\\(.*\$" /single.json break;
      rewrite "^/svc/SalesOrderItems\$" /page.json break;
      return 404;
    }
    location /big/ {
      rewrite "^/big/\\\$metadata\$" /big-metadata.xml break;
      rewrite "^/big/Items\$" /big.json break;
      return 404;
    }
  }
}
CONF
"$nginx_bin" -p "$work" -c "$work/nginx.conf" &
nginx_pid=$!
trap 'kill $nginx_pid 2>/dev/null || true' EXIT
else
python3 "$root/Benchmarks/static_server.py" "$work/www" >"$work/server.port" &
server_pid=$!
trap 'kill $server_pid 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do [ -s "$work/server.port" ] && break; sleep 0.1; done
port="$(head -1 "$work/server.port")"
fi
for _ in $(seq 1 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/svc/\$metadata" && break; sleep 0.1; done
url="http://127.0.0.1:$port/svc/"
big="http://127.0.0.1:$port/big/"

if [ "${3:-}" = sizes ]; then
  echo "# load before: $(uptime)"
  "$bin/transport-bench" "$url" "$big" "$requests" "$runs" sizes
  echo "# load after: $(uptime)"
  exit 0
fi
echo "# load before: $(uptime)" | tee "$work/results.txt"
if [ "${3:-}" = big ]; then
  "$bin/transport-bench" "$url" "$big" "$requests" "$runs" big | tee -a "$work/results.txt"
  requests=0  # pyodata: the big page only
else
  "$bin/transport-bench" "$url" "$big" "$requests" "$runs" | tee -a "$work/results.txt"
fi

venv="$root/.build/bench-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pyodata, requests" 2>/dev/null; then
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q "pyodata==1.12.1" "requests==2.34.2" >&2
fi
"$venv/bin/python" "$root/Benchmarks/pyodata_network.py" "$url" "$(( requests / 4 ))" "$runs" "$big" | tee -a "$work/results.txt"
echo "# load after: $(uptime)" | tee -a "$work/results.txt"

awk -v bigonly="$([ "${3:-}" = big ] && echo 1 || echo 0)" '!/^#/ { rate[$1" "$2" "$3]=$6; secs[$1" "$2" "$3]=$5 }
  /^# rounds / { median[$3]=$5 }
  END {
    if (!bigonly) small()
    big()
  }
  function small(  c, s, shape, k, cpu, dec, own, rc, ru) {
    printf "\nsmall GETs, requests/s (best of rounds):\n"
    printf "%-8s %4s %9s %9s %9s %9s %9s   %s\n", "shape", "conc", "sdk-curl", "sdk-urls", "raw-urls", "raw-curl", "pyodata", "ratios"
    for (c = 1; c <= 8; c += 7) for (s = 0; s < 2; s++) {
      shape = s ? "page" : "single"; k = shape" "c
      printf "%-8s %4d %9.0f %9.0f %9.0f %9.0f %9.0f   sdk-curl/raw-urls %.2fx, sdk-curl/sdk-urls %.2fx, sdk-curl/pyodata %.1fx\n",
        shape, c, rate["sdk-curl "k], rate["sdk-urls "k], rate["raw-urls "k], rate["raw-curl "k], rate["pyodata "k],
        rate["sdk-curl "k]/rate["raw-urls "k], rate["sdk-curl "k]/rate["sdk-urls "k], rate["sdk-curl "k]/rate["pyodata "k]
    }
    for (s = 0; s < 2; s++) {
      shape = s ? "page" : "single"
      cpu = 1e6/rate["sdk-cpu "shape" 1"]; dec = 1e6/rate["decode "shape" 1"]; own = cpu - dec
      rc = 1e6/rate["raw-curl "shape" 1"]; ru = 1e6/rate["raw-urls "shape" 1"]
      printf "%-8s SDK with no network: %.1f us/request, of which decoding %.1f us; own cost (the rest) %.1f us = %.1f%% of raw libcurl (%.0f us), %.1f%% of raw URLSession (%.0f us) (budget <= 10%%); with decoding %.1f%% / %.1f%%\n",
        shape, cpu, dec, own, 100*own/rc, rc, 100*own/ru, ru, 100*cpu/rc, 100*cpu/ru
    }
  }
  function big(  order, i, d, p, pr) {
    printf "\n50,000-entity page, best seconds of at least ten rounds:\n"
    split("typed-curl typed-urls typed-cpu sdk-curl sdk-strm sdk-urls tx-curl tx-urls raw-urls raw-curl sdk-cpu decode pyodata pyodata-rd", order, " ")
    for (i = 1; i <= 14; i++) printf "  %-10s %8.3f s\n", order[i], secs[order[i]" big 1"]
    d = secs["decode big 1"]; p = secs["pyodata big 1"]; pr = secs["pyodata-rd big 1"]
    printf "  typed-curl = %.2fx decode-only (budget <= 1.2x), %.1fx pyodata (budget >= 25x), %.1fx pyodata reading every property\n", secs["typed-curl big 1"]/d, p/secs["typed-curl big 1"], pr/secs["typed-curl big 1"]
    printf "  typed-urls = %.2fx decode-only, %.1fx pyodata (budget >= 20x), %.1fx pyodata reading every property\n", secs["typed-urls big 1"]/d, p/secs["typed-urls big 1"], pr/secs["typed-urls big 1"]
    printf "  typed-cpu  = %.2fx decode-only (no network: decoding, wrapping and the reads)\n", secs["typed-cpu big 1"]/d
    printf "  sdk-curl = %.2fx decode-only (budget <= 1.2x), %.1fx pyodata (budget >= 25x)\n", secs["sdk-curl big 1"]/d, p/secs["sdk-curl big 1"]
    printf "  sdk-strm = %.2fx decode-only (budget <= 1.2x), %.1fx pyodata (budget >= 25x)\n", secs["sdk-strm big 1"]/d, p/secs["sdk-strm big 1"]
    printf "  sdk-urls = %.2fx decode-only, %.1fx pyodata (budget >= 15x)\n", secs["sdk-urls big 1"]/d, p/secs["sdk-urls big 1"]
    printf "  medians of the rounds: sdk-curl %.3f s, decode %.3f s: sdk-curl = %.2fx decode-only\n", median["sdk-curl"], median["decode"], median["sdk-curl"]/median["decode"]
    printf "  medians of the rounds: typed-curl %.3f s, typed-urls %.3f s: %.2fx / %.2fx decode-only\n", median["typed-curl"], median["typed-urls"], median["typed-curl"]/median["decode"], median["typed-urls"]/median["decode"]
  }' "$work/results.txt" | tee "$work/summary.txt"
