#!/usr/bin/env bash
# Benchmark (not a test): how generation time and debug build time of generated code grow with the size
# of the service: synthetic services of 50, 200 and 800 entity types × 40 properties (SIZES to override),
# in the CLI's per-type layout and the build plugin's layout (`sharded`, one type file per type).
# Prints one line per size and layout; the load average is printed with each build because other
# processes on the machine change the figures.
#
#   bash Benchmarks/codegen-scale.sh            # SIZES="50 200 800" LAYOUTS="perType sharded" PROTOCOLS="2"
#   PROTOCOLS="2 4" bash Benchmarks/codegen-scale.sh
#                                               # also the same services as CSDL 4.0 documents (codegen-bench --protocol 4:
#                                               # enums, a type definition, bound operations, a singleton), each built
#                                               # right after its v2 twin
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$ROOT/.build/codegen-scale-bench"
SIZES="${SIZES:-50 200 800}"
LAYOUTS="${LAYOUTS:-perType sharded}"
PROTOCOLS="${PROTOCOLS:-2}"
cd "$ROOT"
swift build -c release --package-path Benchmarks --product codegen-bench >/dev/null
swift build -c release --product odata-gen >/dev/null
mkdir -p "$WORK/Sources"
targets=""
suffix() { if [ "$1" = 4 ]; then echo "_v4"; fi; }
for size in $SIZES; do
  for protocol in $PROTOCOLS; do
    "$(swift build -c release --package-path Benchmarks --show-bin-path)/codegen-bench" --iterations 3 --corpus /nonexistent-no-corpus --types "$size" --properties 40 \
        --protocol "$protocol" --write-synthetic "$WORK/Synthetic$size$(suffix "$protocol").xml" 2>/dev/null | grep -E "^synthetic" || true
    for layout in $LAYOUTS; do
        target="S${size}_$layout$(suffix "$protocol")"
        out="$WORK/Sources/$target"
        rm -rf "$out"
        shards=()
        if [ "$layout" = sharded ]; then shards=(--shards "$size"); fi
        start=$(date +%s.%N)
        "$ROOT/.build/release/odata-gen" generate "$WORK/Synthetic$size$(suffix "$protocol").xml" --output "$out" --layout "$layout" "${shards[@]}" --quiet
        end=$(date +%s.%N)
        printf "generate (odata-gen, release, incl. parse and write) %4d types %-11s: %6.3f s\n" "$size" "$layout$(suffix "$protocol")" "$(echo "$end - $start" | bc)"
        targets+="        .target(name: \"$target\", dependencies: [.product(name: \"OData\", package: \"$(basename "$ROOT")\")]),"$'\n'
    done
  done
done
cat >"$WORK/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "CodegenScaleBench",
    dependencies: [.package(path: "$ROOT")],
    targets: [
$targets    ]
)
MANIFEST
cd "$WORK"
swift build --target OData >/dev/null
for size in $SIZES; do
  for layout in $LAYOUTS; do
    for protocol in $PROTOCOLS; do
        target="S${size}_$layout$(suffix "$protocol")"
        files=$(ls "Sources/$target" | wc -l)
        touch Sources/$target/*.swift
        rm -f .build/debug/$target.build/*.o
        load=$(cut -d' ' -f1 /proc/loadavg)
        if ! /usr/bin/time -o .time -f "%e %U %S" swift build --target "$target" >.build-log 2>&1; then
            cat .build-log >&2
            exit 1
        fi
        read -r wall user system <.time
        printf "debug build %4d types %-11s %5d files: %7.1f s wall (%7.1f s user + %5.1f s sys), load before %s after %s\n" \
            "$size" "$layout$(suffix "$protocol")" "$files" "$wall" "$user" "$system" "$load" "$(cut -d' ' -f1 /proc/loadavg)"
    done
  done
done
