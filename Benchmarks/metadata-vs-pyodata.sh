#!/usr/bin/env bash
# Parses every corpus document and a generated ~2 MB document with our parser (release build)
# and with pyodata (pinned, in a virtual environment under .build/bench-venv), and prints the
# median times side by side with the ratio. Usage: bash Benchmarks/metadata-vs-pyodata.sh [files...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
PYODATA_VERSION="1.12.1"

venv=".build/bench-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pyodata" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "pyodata==$PYODATA_VERSION"
fi

swift build -c release --package-path Benchmarks --product metadata-bench >&2
bench="$(swift build -c release --package-path Benchmarks --show-bin-path)/metadata-bench"
large=".build/bench-large-metadata.xml"
"$bench" --generate "$large" 2000000

if [ "$#" -gt 0 ]; then files=("$@"); else files=(Tests/Corpus/metadata/*.xml "$large"); fi
ours="$(mktemp)"; theirs="$(mktemp)"
trap 'rm -f "$ours" "$theirs"' EXIT
"$bench" --tsv "${files[@]}" > "$ours"
"$venv/bin/python" Benchmarks/pyodata_bench.py "${files[@]}" > "$theirs"

echo "Median of repeated parses (wall clock; thread CPU time in brackets). Machine load: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$ours" "$theirs" <<'PY'
import sys
def load(path):
    rows = {}
    for line in open(path):
        parts = line.rstrip("\n").split("\t")
        rows[parts[0]] = parts
    return rows
ours, theirs = load(sys.argv[1]), load(sys.argv[2])
print(f"{'document':36} {'bytes':>9} {'swift-odata ms':>22} {'MB/s':>7} {'pyodata ms':>22} {'ratio':>8} {'ratio cpu':>9}")
for name, row in ours.items():
    size, wall, cpu = int(row[1]), float(row[2]), float(row[3])
    other = theirs.get(name)
    if other is None or other[2].startswith("failed"):
        note = other[2] if other else "missing"
        print(f"{name:36} {size:9d} {wall:10.3f} ({cpu:8.3f}) {size / 1e3 / wall:7.1f}   pyodata {note}")
        continue
    pwall, pcpu = float(other[2]), float(other[3])
    note = "" if other[4] == "default" else "  (pyodata: error policies set to ignore)"
    print(f"{name:36} {size:9d} {wall:10.3f} ({cpu:8.3f}) {size / 1e3 / wall:7.1f} {pwall:10.3f} ({pcpu:8.3f}) {pwall / wall:7.1f}x {pcpu / cpu:8.1f}x{note}")
PY
