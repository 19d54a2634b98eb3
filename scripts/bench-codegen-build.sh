#!/usr/bin/env bash
# Benchmark (not a test): debug build time of the generated code for a synthetic service of
# 200 entity types × 40 properties, in the three file layouts (`sharded` as the build plugin uses it:
# one type file per type). Budget: ≤ 30 s (debug, 2 cores) for
# the per-type layout; the reference point is ≈ 30 s for one plain file per type of the same size.
#
# Builds a scratch package under .build/codegen-build-bench that depends on this repository by path,
# builds the OData runtime once (not timed), then times a full debug build of each generated target
# (every file compiled, object files removed first).
#
#   LAYOUTS="sharded" bash scripts/bench-codegen-build.sh    only these layouts (default: all three)
#   SAP_COMPATIBILITY=both bash scripts/bench-codegen-build.sh
#                                   also each layout generated with --sap-compatibility (target <name>_sap, with
#                                   SAP's synchronous twins and the ODataSAPCompatibility product), timed right after it
#   PROTOCOLS="2 4" bash scripts/bench-codegen-build.sh
#                                   also the same service as a CSDL 4.0 document (target <layout>_v4: enums, a type
#                                   definition, bound operations, a singleton; codegen-bench --protocol 4), timed
#                                   right after its v2 twin (default: "2")
#   ROUNDS=3 bash scripts/bench-codegen-build.sh
#                                   interleaved rounds (every variant once per round, in the same order), then the
#                                   median wall and user CPU per variant: the machine is shared
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$ROOT/.build/codegen-build-bench"
cd "$ROOT"
swift build -c release --package-path Benchmarks --product codegen-bench >/dev/null
swift build --product odata-gen >/dev/null
mkdir -p "$WORK"
"$(swift build -c release --package-path Benchmarks --show-bin-path)/codegen-bench" --iterations 3 --corpus "$ROOT/Tests/Corpus/metadata" \
    --write-synthetic "$WORK/Synthetic.xml" | grep -E "synthetic"
protocols="${PROTOCOLS:-2}"
if [[ " $protocols " == *" 4 "* ]]; then
    "$(swift build -c release --package-path Benchmarks --show-bin-path)/codegen-bench" --iterations 3 --corpus /nonexistent-no-corpus \
        --protocol 4 --write-synthetic "$WORK/Synthetic4.xml" 2>/dev/null | grep -E "synthetic"
fi

layouts="${LAYOUTS:-perType sharded singleFile}"
variants=""
for layout in $layouts; do
    if [[ " $protocols " == *" 2 "* ]]; then variants+=" $layout"; fi
    if [ "${SAP_COMPATIBILITY:-}" = both ]; then variants+=" ${layout}_sap"; fi
    if [[ " $protocols " == *" 4 "* ]]; then variants+=" ${layout}_v4"; fi
done
# The build plugin's layout: `sharded` with one type file per <EntityType>/<ComplexType> element start it
# counts in the document (Plugins/Shared/MetadataTypeCounter.swift); counted the same way here.
plugin_shards=$(grep -oE '<([A-Za-z0-9_.-]+:)?(EntityType|ComplexType)[[:space:]/>]' "$WORK/Synthetic.xml" | wc -l)
for variant in $variants; do
    layout="${variant%_sap}"
    layout="${layout%_v4}"
    document="$WORK/Synthetic.xml"
    rm -rf "$WORK/Sources/Synthetic_$variant"
    flags=()
    if [ "$layout" = sharded ]; then flags=(--shards "$plugin_shards"); fi
    if [ "$variant" = "${layout}_sap" ]; then flags+=(--sap-compatibility); fi
    if [ "$variant" = "${layout}_v4" ]; then document="$WORK/Synthetic4.xml"; fi
    "$ROOT/.build/debug/odata-gen" generate "$document" --output "$WORK/Sources/Synthetic_$variant" \
        --layout "$layout" "${flags[@]}" --quiet
done
product() { echo ".product(name: \"$1\", package: \"$(basename "$ROOT")\")"; }
cat >"$WORK/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "CodegenBuildBench",
    dependencies: [.package(path: "$ROOT")],
    targets: [
$(for variant in $variants; do
    dependencies="$(product OData)"
    if [ "$variant" != "${variant%_sap}" ]; then dependencies+=", $(product ODataSAPCompatibility)"; fi
    echo "        .target(name: \"Synthetic_$variant\", dependencies: [$dependencies]),"
done)
    ]
)
MANIFEST
cd "$WORK"
echo "warming up: building the OData runtime (not timed)"
swift build --target OData >/dev/null
if [ "${SAP_COMPATIBILITY:-}" = both ]; then swift build --target ODataSAPCompatibility >/dev/null; fi
rm -f .results
for round in $(seq 1 "${ROUNDS:-1}"); do
for layout in $variants; do
    files=$(ls "Sources/Synthetic_$layout" | wc -l)
    lines=$(cat Sources/Synthetic_$layout/*.swift | wc -l)
    # Every file of the target is rebuilt, and its object files are removed first: the compiler skips LLVM
    # code generation for a file whose IR hash matches the object file it wrote before, so a rebuild of
    # unchanged sources (touched, or regenerated identically) would hide a large share of the real cost.
    touch Sources/Synthetic_$layout/*.swift
    rm -f .build/debug/Synthetic_"$layout".build/*.o
    if ! /usr/bin/time -o .time -f "%e %U %S" swift build --target "Synthetic_$layout" >.build-log 2>&1; then
        cat .build-log >&2
        echo "build of Synthetic_$layout failed" >&2
        exit 1
    fi
    read -r wall user system <.time
    printf "round %d, debug build, %-13s %4d files, %6d lines: %6.1f s wall (%6.1f s user + %5.1f s system CPU), load %s\n" \
        "$round" "$layout" "$files" "$lines" "$wall" "$user" "$system" "$(cut -d' ' -f1 /proc/loadavg)"
    echo "$layout $wall $user" >>.results
done
done
if [ "${ROUNDS:-1}" -gt 1 ]; then
    for layout in $variants; do
        median() { grep "^$layout " .results | cut -d' ' -f"$1" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
        printf "median of %d rounds, %-13s %6.1f s wall, %6.1f s user CPU\n" "${ROUNDS}" "$layout" "$(median 2)" "$(median 3)"
    done
fi
