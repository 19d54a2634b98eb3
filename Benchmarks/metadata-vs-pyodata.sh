#!/usr/bin/env bash
# Parses every corpus document, a generated ~2 MB v2 document and a generated 300-type CSDL 4.0 one (pyodata
# reads only the v2 ones) with our parser (release build)
# and with pyodata (pinned, in a virtual environment under .build/bench-venv), and prints the
# median times side by side with the ratio; then times `odata-gen inspect` on the generated document as a
# whole process (release build of the root package: start-up, reading, parsing, summary, printing) against
# pyodata's in-process parse of the same document, and `odata-gen --help` as the start-up floor.
# Usage: bash Benchmarks/metadata-vs-pyodata.sh [files...]   (INSPECT_RUNS=20 sets the process runs;
# PAIRED_ROUNDS=200 the rounds of the paired v4/v2 parse; INSPECT_STATIC=1 also builds odata-gen with --static-swift-stdlib, under .build/static-odata-gen, and times it)
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
swift build -c release --product odata-gen >&2
odata_gen="$(swift build -c release --show-bin-path)/odata-gen"
static_gen=""
if [ "${INSPECT_STATIC:-0}" = 1 ]; then
  swift build -c release --static-swift-stdlib --product odata-gen --scratch-path .build/static-odata-gen >&2
  static_gen="$(swift build -c release --static-swift-stdlib --scratch-path .build/static-odata-gen --show-bin-path)/odata-gen"
fi
bench="$(swift build -c release --package-path Benchmarks --show-bin-path)/metadata-bench"
large=".build/bench-large-metadata.xml"
"$bench" --generate "$large" 2000000
large_v4=".build/bench-large-metadata-v4.xml"
"$bench" --generate-v4 "$large_v4" 300

if [ "$#" -gt 0 ]; then files=("$@"); else files=(Tests/Corpus/metadata/*.xml "$large" "$large_v4"); fi
ours="$(mktemp)"; theirs="$(mktemp)"; whole="$(mktemp)"; paired="$(mktemp)"
trap 'rm -f "$ours" "$theirs" "$whole" "$paired"' EXIT
"$bench" --tsv "${files[@]}" > "$ours"
"$venv/bin/python" Benchmarks/pyodata_bench.py "${files[@]}" > "$theirs"
# v4 against v2 per MB, the two parses of each round within milliseconds of each other (see `--paired`).
"$bench" --paired "$large" "$large_v4" "${PAIRED_ROUNDS:-200}" > "$paired"
# Whole processes, interleaved so that load changes hit both alike: median wall and CPU (user + system). Each round
# also asks a pyodata process for one parse of the same document, so that every `inspect` run has a reference
# measured in the same seconds; the ratio is the median of the rounds' ratios.
python3 - "$odata_gen" "$large" "${INSPECT_RUNS:-20}" "$static_gen" "$large_v4" "$venv/bin/python" > "$whole" <<'PY'
import resource, statistics, subprocess, sys, time
binary, document, runs, static, document_v4, python = sys.argv[1:7]
runs = int(runs)
commands = {
    "start-up floor (--help)": [binary, "--help"], "inspect": [binary, "inspect", document],
    "inspect (v4, 300 types)": [binary, "inspect", document_v4],
}
if static:
    commands["static: --help"] = [static, "--help"]
    commands["static: inspect"] = [static, "inspect", document]
worker = subprocess.Popen(
    [python, "Benchmarks/pyodata_bench.py", "--serve", document], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
if worker.stdout.readline().strip() != "ready":
    sys.exit("pyodata_bench.py --serve did not start")
times = {name: ([], []) for name in commands}
reference = ([], [])
for _ in range(runs + 2):
    for name, command in commands.items():
        before_cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        before = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - before
        after_cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        times[name][0].append(wall)
        times[name][1].append(after_cpu.ru_utime - before_cpu.ru_utime + after_cpu.ru_stime - before_cpu.ru_stime)
    worker.stdin.write("parse\n")
    worker.stdin.flush()
    wall, cpu = map(float, worker.stdout.readline().split("\t"))
    reference[0].append(wall)
    reference[1].append(cpu)
worker.stdin.close()
worker.wait()
print(f"pyodata\t{statistics.median(reference[0][2:]) * 1000}\t{statistics.median(reference[1][2:]) * 1000}\t\t")
for name, (wall, cpu) in times.items():
    wall_ratios = [r / w for r, w in zip(reference[0][2:], wall[2:])]
    cpu_ratios = [r / c for r, c in zip(reference[1][2:], cpu[2:])]
    print(f"{name}\t{statistics.median(wall[2:]) * 1000}\t{statistics.median(cpu[2:]) * 1000}\t"
          f"{statistics.median(wall_ratios)}\t{statistics.median(cpu_ratios)}")
PY

echo "Median of repeated parses (wall clock; thread CPU time in brackets). Machine load: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$ours" "$theirs" "$whole" "$(basename "$large")" "${INSPECT_RUNS:-20}" "$paired" "${PAIRED_ROUNDS:-200}" <<'PY'
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

v2_ms, v4_ms, median, lower, upper = map(float, open(sys.argv[6]).read().split("\t"))
print(f"\nv4 against v2, CPU time per MB, the two parses of each round side by side ({sys.argv[7]} rounds, median v2 "
      f"{v2_ms:.3f} ms, v4 {v4_ms:.3f} ms): {median:.3f}x (quartiles {lower:.3f}-{upper:.3f}; budget <= 1.000x)")

large, runs = sys.argv[4], sys.argv[5]
print(f"\nodata-gen as a whole process on {large} (median of {runs} runs; CPU = user + system in brackets), each run")
print("paired with one pyodata parse of the same document in the same seconds; the ratio is the median of the pairs' ratios")
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[3])]
pyodata = rows[0]
print(f"  {'pyodata in-process parse':26} {float(pyodata[1]):8.2f} ms ({float(pyodata[2]):7.2f})")
for name, wall, cpu, wall_ratio, cpu_ratio in rows[1:]:
    wall, cpu = float(wall), float(cpu)
    if "v4" in name:
        print(f"  {name:26} {wall:8.2f} ms ({cpu:7.2f})")
    else:
        budget = "  (budget >= 8x)" if name.endswith("inspect") else ""
        print(f"  {name:26} {wall:8.2f} ms ({cpu:7.2f})   pyodata / this {float(wall_ratio):5.1f}x ({float(cpu_ratio):5.1f}x){budget}")
PY
