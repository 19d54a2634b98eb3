#!/usr/bin/env bash
# Builds and runs one libFuzzer target: Fuzz/run.sh <target> <seconds> [extra libFuzzer flags...]
# Targets are the executables fuzz-<target> of Fuzz/Package.swift (for example: metadata).
# The working corpus lives in Fuzz/corpus-<target>/ (not committed); inputs that crash are copied
# into the test resources' FailCases folder of the target, where the normal tests replay them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
target="${1:?usage: Fuzz/run.sh <target> <seconds> [libFuzzer flags]}"
seconds="${2:?usage: Fuzz/run.sh <target> <seconds> [libFuzzer flags]}"
shift 2

# Per-target seeds and the folder whose FailCases the normal tests replay.
case "$target" in
  metadata)
    seeds=("$root/Tests/Corpus/metadata" "$root/Tests/Corpus/metadata/v3" "$root/Tests/Corpus/metadata/v4"
      "$root/Tests/ODataMetadataTests/Resources/FailCases")
    failcases="$root/Tests/ODataMetadataTests/Resources/FailCases"
    ;;
  json | atom | errors | envelope)
    # The codec targets: seeded with the recorded payloads; failures are replayed by ODataTests.
    seeds=("$root/Tests/ODataTests/Resources/payloads" "$here/Seeds/$target" "$root/Tests/ODataTests/Resources/FailCases/$target")
    failcases="$root/Tests/ODataTests/Resources/FailCases/$target"
    ;;
  literal)
    seeds=("$here/Seeds/literal" "$root/Tests/ODataTests/Resources/FailCases/literal")
    failcases="$root/Tests/ODataTests/Resources/FailCases/literal"
    ;;
  *)
    seeds=("$here/Seeds/$target")
    failcases="$here/FailCases/$target"
    ;;
esac

# SwiftPM gives every executable its own `main`, which clashes with libFuzzer's: instrument with
# ASan + the coverage libFuzzer needs and link libFuzzer's no-main runtime; FuzzDriver starts it.
toolchain="$(dirname "$(readlink -f "$(command -v swift)")")/.."
libfuzzer="$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -n 1)"
flags=(-c release --package-path "$here"
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table
  -Xlinker "$libfuzzer" -Xlinker -lstdc++)
swift build "${flags[@]}" --product "fuzz-$target" >&2
binary="$(swift build "${flags[@]}" --show-bin-path)/fuzz-$target"

corpus="$here/corpus-$target"
artifacts="$here/artifacts-$target"
mkdir -p "$corpus" "$artifacts" "$failcases"
for seed in "${seeds[@]}"; do
  [ -d "$seed" ] && find "$seed" -maxdepth 1 -type f ! -name '*.md' -exec cp -n {} "$corpus/" \;
done
dict=()
[ -f "$here/Dictionaries/$target.dict" ] && dict=("-dict=$here/Dictionaries/$target.dict")

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
export SWIFT_BACKTRACE="enable=no"
status=0
"$binary" "$corpus" "${dict[@]}" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix="$artifacts/" "$@" || status=$?

shopt -s nullglob
for crash in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-*; do
  name="$(basename "$crash")"
  extension="xml"
  [ "$target" = json ] && extension="json"
  [ "$target" = errors ] && extension="txt"
  cp -n "$crash" "$failcases/fuzz-$name.$extension"
  echo "kept $failcases/fuzz-$name.$extension" >&2
done
exit "$status"
