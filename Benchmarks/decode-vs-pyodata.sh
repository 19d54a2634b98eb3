#!/usr/bin/env bash
# The decoding benchmark (not a test): bash Benchmarks/decode-vs-pyodata.sh [entities=50000] [runs=5]
#
# Generates the payloads deterministically, then decodes them, each kind in a fresh process:
#   json     ODataJSONDecoder (byte-level, into EntityValue)
#   atom     ODataAtomDecoder (its direct scanner; libxml2's SAX2 parser for other documents; into EntityValue)
#   codable  Foundation JSONDecoder into plain Codable structs (reference point)
#   pyodata  pyodata 1.12.1 (json.loads + EntityProxy per entry, as its GET handler), in .build/bench-venv
# and prints MB/s, entities/s and peak memory against the budgets
# (JSON >= 400 MB/s and >= 20x pyodata; Atom >= 200 MB/s; peak <= 3x payload).
# Timings are the best of <runs> in-process repetitions; "cpu" columns use thread CPU time, which
# excludes waiting for a busy CPU (use them on a shared machine). Peak is getrusage maxrss of the process.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
entities="${1:-50000}"
runs="${2:-5}"
cd "$root"

swift build -c release --package-path Benchmarks --product decode-bench >&2
bin="$(swift build -c release --package-path Benchmarks --show-bin-path)/decode-bench"
work="$root/.build/bench"
"$bin" generate "$work" "$entities"

results="$work/results.txt"
: >"$results"
"$bin" measure json "$work/bench.json" "$runs" >>"$results"
"$bin" measure atom "$work/bench.xml" "$runs" >>"$results"
"$bin" measure codable "$work/bench.json" "$runs" >>"$results"

venv="$root/.build/bench-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pyodata" 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q "pyodata==1.12.1" >&2
fi
"$venv/bin/python" "$root/Benchmarks/pyodata_decode.py" "$work/bench-metadata.xml" "$work/bench.json" "$(( runs < 3 ? runs : 3 ))" >>"$results"

awk '
  { kind=$1; bytes[kind]=$2; count[kind]=$3; best[kind]=$4; mbs[kind]=$6; eps[kind]=$7; rss[kind]=$8; base[kind]=$9;
    cpu[kind]=$10; cpumbs[kind]=$11 }
  END {
    printf "%-8s %12s %9s %9s %10s %12s %10s %10s %9s\n", "decoder", "payload B", "entities", "best s", "MB/s", "entities/s", "cpu MB/s", "peak MB", "peak/pay"
    split("json atom codable pyodata", order, " ")
    for (i = 1; i <= 4; i++) {
      k = order[i]
      if (!(k in bytes)) continue
      printf "%-8s %12d %9d %9.4f %10.1f %12.0f %10.1f %10.1f %9.2f\n", k, bytes[k], count[k], best[k], mbs[k], eps[k], cpumbs[k], rss[k]/1024, rss[k]*1024/bytes[k]
    }
    printf "\nratios (wall / cpu):\n"
    printf "  json vs pyodata: %.1fx / %.1fx   (budget >= 20x)\n", mbs["json"]/mbs["pyodata"], cpumbs["json"]/cpumbs["pyodata"]
    printf "  json vs JSONDecoder: %.1fx / %.1fx\n", mbs["json"]/mbs["codable"], cpumbs["json"]/cpumbs["codable"]
    printf "  json: %.1f MB/s wall, %.1f MB/s cpu (budget >= 400)\n", mbs["json"], cpumbs["json"]
    printf "  atom: %.1f MB/s wall, %.1f MB/s cpu (budget >= 200)\n", mbs["atom"], cpumbs["atom"]
    printf "  json peak: %.2fx payload (%.2fx above the %.1f MB process baseline) (budget <= 3x)\n", rss["json"]*1024/bytes["json"], (rss["json"]-base["json"])*1024/bytes["json"], base["json"]/1024
    printf "  atom peak: %.2fx payload (%.2fx above baseline)\n", rss["atom"]*1024/bytes["atom"], (rss["atom"]-base["atom"])*1024/bytes["atom"]
  }' "$results"
