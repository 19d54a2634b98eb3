#!/usr/bin/env bash
# The paired v4/v2 parse (`metadata-bench --paired`, the budget "a 300-type v4 document at least as fast per MB as a
# v2 one") over several code layouts. A change anywhere in the parser moves every function after it, and placement
# alone moves the v4/v2 figure by up to ±1.5 % and either document's time by up to 4 % with the same instructions
# (Benchmarks/README.md, "How much of the paired v4 ÷ v2 figure is code layout"): compare two versions with this, not
# with one build of each.
#
# metadata-bench is compiled once with every function in its own section (under .build/layouts), then linked by lld
# once per seed with the sections in a shuffled order; the binaries run in rotation, and the script prints each
# layout's median v2 and v4 CPU ms and v4/v2 per MB, then the median and range over the layouts; the same ratio for
# the v4 document with its annotations in `Annotations` blocks (`--generate-v4-blocks`) follows.
# (Linked by hand from the build's own link command, so the objects are compiled once. Each run starts from a fresh
# scratch folder: SwiftPM 6.3 stopped with "unknown argument: '-function-sections'" rebuilding a build made with that
# flag given to the driver, so a second build that changes only the linker's seed cannot be run on the first.)
# Usage: bash Benchmarks/metadata-layouts.sh [layouts] [rounds]   (default 4 layouts, 12 rounds of 20 pairs each)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
layouts="${1:-4}"
rounds="${2:-12}"
scratch="$root/.build/layouts"
rm -rf "$scratch"
swift build -c release --package-path Benchmarks --product metadata-bench --scratch-path "$scratch" \
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld -Xlinker '--shuffle-sections=.text*=1' >&2
large=".build/bench-large-metadata.xml"
large_v4=".build/bench-large-metadata-v4.xml"
large_v4_blocks=".build/bench-large-metadata-v4-blocks.xml"
"$scratch/release/metadata-bench" --generate "$large" 2000000
"$scratch/release/metadata-bench" --generate-v4 "$large_v4" 300
"$scratch/release/metadata-bench" --generate-v4-blocks "$large_v4_blocks" 300
python3 - "$scratch" "$layouts" "$rounds" "$large" "$large_v4" "$large_v4_blocks" <<'PY'
import json, re, statistics, subprocess, sys
scratch, layouts, rounds, v2, v4, v4_blocks = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
link = None
for block in open(f"{scratch}/release.yaml").read().split("\n  \""):
    found = re.search(r"args: (\[.*\])", block)
    if found and "shuffle-sections" in block and "metadata-bench" in block[:200]:
        link = json.loads(found.group(1))
if link is None:
    sys.exit("metadata-layouts.sh: no link command for metadata-bench in the build manifest")
binaries = []
for seed in range(1, layouts + 1):
    command = [f"--shuffle-sections=.text*={seed}" if "shuffle-sections" in a else a for a in link]
    command[command.index("-o") + 1] = f"{scratch}/metadata-bench-layout-{seed}"
    subprocess.run(command, check=True, capture_output=True)
    binaries.append(command[command.index("-o") + 1])
results = {b: [] for b in binaries}
blocks = {b: [] for b in binaries}
for r in range(rounds):
    order = binaries[r % layouts:] + binaries[:r % layouts]
    for b in order if r % 2 == 0 else order[::-1]:
        for document, rows in ((v4, results[b]), (v4_blocks, blocks[b])):
            fields = subprocess.run([b, "--paired", v2, document, "20"], capture_output=True, text=True, check=True).stdout.split("\t")
            rows.append([float(x) for x in fields[:3]])
ratios = []
block_ratios = []
for seed, b in enumerate(binaries, 1):
    rows = results[b]
    ratio = statistics.median(x[2] for x in rows)
    ratios.append(ratio)
    block_ratios.append(statistics.median(x[2] for x in blocks[b]))
    print(f"layout {seed}: v2 {statistics.median(x[0] for x in rows):.3f} ms  v4 {statistics.median(x[1] for x in rows):.3f} ms"
          f"  v4/v2 per MB {ratio:.4f}  (annotations in blocks: {block_ratios[-1]:.4f})")
print(f"v4/v2 per MB over {layouts} layouts: median {statistics.median(ratios):.4f}, range {min(ratios):.4f}-{max(ratios):.4f}"
      " (budget: at most 1.0)")
print(f"the same with the v4 document's annotations in Annotations blocks (--generate-v4-blocks, as CAP and RAP write "
      f"them): median {statistics.median(block_ratios):.4f}, range {min(block_ratios):.4f}-{max(block_ratios):.4f}")
PY
