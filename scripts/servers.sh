#!/usr/bin/env bash
# Real OData v2 test servers for the integration tests (127.0.0.1 only).
#
#   scripts/servers.sh install        venv in .build/test-venv, pinned packages
#   scripts/servers.sh start          start pyslet (x2) and mock-sap, print env
#   scripts/servers.sh stop           stop what `start` started (by pid)
#   scripts/servers.sh run CMD...     start, export the URLs, run CMD, stop
#                                     (stopped however CMD ends)
#
# Exported for the tests (also written to .build/servers/env):
#   ODATA_TEST_PYSLET_URL         ESPM service root on pyslet (page size 100)
#   ODATA_TEST_PYSLET_PAGING_URL  the same service with page size 5
#   ODATA_TEST_MOCKSAP_URL        mock-sap base URL (services under /sap/...)
#   ODATA_TEST_MOCKSAP_STRICT_URL the same with --require-if-match (428 without If-Match)
#   ODATA_TEST_DELTA_URL          ESPM Customers with delta links, tombstones and faults
#                                 (servers/delta_server.py, page size 5)
#   ODATA_TEST_REPEATABLE_URL     servers/repeatable_proxy.py honouring repeatable requests (OASIS and
#                                 SAP Gateway headers) in front of its own pyslet (/ESPM.svc/) and
#                                 mock-sap (/sap/...), with a fault that drops an applied write's answer
#   ODATA_TEST_V3_URL             servers/v3_server.py: an OData 3.0 service (actions with parameters in
#                                 the body, enum literals in $filter, keys and parameters), /Catalog.svc/
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.build/test-venv"
STATE="$ROOT/.build/servers"
PY="$VENV/bin/python"
PYSLET_VERSION="0.7.20170805"
MOCKSAP_VERSION="0.22.0"
START_TIMEOUT="${ODATA_TEST_START_TIMEOUT:-120}"

log() { echo "servers: $*" >&2; }

installed_version() {
    "$PY" -c "import importlib.metadata as m, sys
try: print(m.version(sys.argv[1]))
except m.PackageNotFoundError: pass" "$1" 2>/dev/null || true
}

install() {
    if [ ! -x "$PY" ]; then
        log "creating $VENV"
        python3 -m venv "$VENV"
    fi
    if [ "$(installed_version pyslet)" != "$PYSLET_VERSION" ] ||
       [ "$(installed_version mock-sap)" != "$MOCKSAP_VERSION" ]; then
        log "installing pyslet==$PYSLET_VERSION mock-sap==$MOCKSAP_VERSION"
        "$PY" -m pip install --disable-pip-version-check -q \
            "pyslet==$PYSLET_VERSION" "mock-sap==$MOCKSAP_VERSION" >&2
    fi
}

# launch NAME MODULE ARGS... : start one server in the background
launch() {
    local name="$1" module="$2"
    shift 2
    rm -f "$STATE/$name.port" "$STATE/$name.pid"
    (cd "$ROOT/scripts" && exec "$PY" -m "$module" \
        --port-file "$STATE/$name.port" "$@") \
        >"$STATE/$name.log" 2>&1 &
    echo $! >"$STATE/$name.pid"
}

# wait_port NAME : wait for the port file, fail if the process died
wait_port() {
    local name="$1" waited=0
    while [ ! -s "$STATE/$name.port" ]; do
        if ! kill -0 "$(cat "$STATE/$name.pid")" 2>/dev/null; then
            log "$name exited during start-up:"
            cat "$STATE/$name.log" >&2
            return 1
        fi
        if [ "$waited" -ge $((START_TIMEOUT * 10)) ]; then
            log "$name did not start within ${START_TIMEOUT}s"
            return 1
        fi
        sleep 0.1
        waited=$((waited + 1))
    done
    cat "$STATE/$name.port"
}

start() {
    install
    mkdir -p "$STATE"
    stop quiet
    local metadata="$ROOT/Metadata/ESPM.xml"
    launch pyslet servers.pyslet_server --metadata "$metadata" \
        --workdir "$STATE/pyslet" --etags
    launch pyslet-paging servers.pyslet_server --metadata "$metadata" \
        --workdir "$STATE/pyslet-paging" --topmax 5 --etags
    launch mocksap servers.mocksap_server -- --seed 42
    launch mocksap-strict servers.mocksap_server -- --seed 42 --require-if-match
    launch delta servers.delta_server --metadata "$metadata" --page-size 5
    launch pyslet-rr servers.pyslet_server --metadata "$metadata" --workdir "$STATE/pyslet-rr" --etags
    launch mocksap-rr servers.mocksap_server -- --seed 42 --no-csrf
    launch repeatable servers.repeatable_proxy --upstream "/ESPM.svc/=$STATE/pyslet-rr.port" \
        --upstream "/=$STATE/mocksap-rr.port"
    launch v3 servers.v3_server
    local p1 p2 p3 p4 p5 p6 p7
    p1="$(wait_port pyslet)" && p2="$(wait_port pyslet-paging)" &&
        p3="$(wait_port mocksap)" && p4="$(wait_port mocksap-strict)" &&
        p5="$(wait_port delta)" && wait_port pyslet-rr >/dev/null && wait_port mocksap-rr >/dev/null &&
        p6="$(wait_port repeatable)" && p7="$(wait_port v3)" || { stop quiet; return 1; }
    cat >"$STATE/env" <<EOF
export ODATA_TEST_PYSLET_URL=http://127.0.0.1:$p1/ESPM.svc/
export ODATA_TEST_PYSLET_PAGING_URL=http://127.0.0.1:$p2/ESPM.svc/
export ODATA_TEST_MOCKSAP_URL=http://127.0.0.1:$p3
export ODATA_TEST_MOCKSAP_STRICT_URL=http://127.0.0.1:$p4
export ODATA_TEST_DELTA_URL=http://127.0.0.1:$p5/ESPM.svc/
export ODATA_TEST_REPEATABLE_URL=http://127.0.0.1:$p6
export ODATA_TEST_V3_URL=http://127.0.0.1:$p7/Catalog.svc/
EOF
    log "pyslet :$p1, pyslet-paging :$p2, mock-sap :$p3, mock-sap --require-if-match :$p4, delta :$p5, repeatable proxy :$p6, v3 :$p7 (env in $STATE/env)"
    cat "$STATE/env"
}

stop() {
    local name pid
    for name in pyslet pyslet-paging mocksap mocksap-strict delta pyslet-rr mocksap-rr repeatable v3; do
        if [ -f "$STATE/$name.pid" ]; then
            pid="$(cat "$STATE/$name.pid")"
            if kill -0 "$pid" 2>/dev/null; then
                kill "$pid" 2>/dev/null || true
                for _ in $(seq 1 50); do
                    kill -0 "$pid" 2>/dev/null || break
                    sleep 0.1
                done
                kill -9 "$pid" 2>/dev/null || true
            fi
            rm -f "$STATE/$name.pid" "$STATE/$name.port"
        fi
    done
    rm -f "$STATE/env"
    [ "${1:-}" = quiet ] || log "stopped"
}

run() {
    trap 'stop quiet' EXIT
    trap 'exit 130' INT TERM
    start >/dev/null
    # shellcheck disable=SC1091
    . "$STATE/env"
    "$@"
}

case "${1:-}" in
    install) install ;;
    start) start ;;
    stop) stop ;;
    run) shift; run "$@" ;;
    *) echo "usage: $0 install|start|stop|run CMD..." >&2; exit 2 ;;
esac
