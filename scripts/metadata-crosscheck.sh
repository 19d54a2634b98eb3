#!/usr/bin/env bash
# Cross-checks our metadata model against pyodata's reading of every corpus document (or the given
# files): bash scripts/metadata-crosscheck.sh [files...]. Prints OK or the differences per document.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
venv=".build/bench-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pyodata" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "pyodata==1.12.1"
fi
swift build --product odata-gen >&2
if [ "$#" -gt 0 ]; then files=("$@"); else files=(Tests/Corpus/metadata/*.xml); fi
"$venv/bin/python" scripts/crosscheck/crosscheck_pyodata.py "$(swift build --show-bin-path)/odata-gen" "${files[@]}" 2>/dev/null
