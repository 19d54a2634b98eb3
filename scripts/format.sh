#!/usr/bin/env bash
# Formats or lints the hand-written Swift sources with the toolchain's `swift format` and the
# checked-in .swift-format configuration. Generated output is never formatted or linted: the golden
# files and other test resources, and what the build plugin generates (it lives under .build).
#
#   bash scripts/format.sh          lint; exits non-zero and lists the findings if any
#   bash scripts/format.sh --fix    rewrite the files in place, then lint what cannot be fixed
set -euo pipefail
cd "$(dirname "$0")/.."

list_sources() {  # the checked-in Swift files (every .swift file outside build folders without git)
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files '*.swift'
    else
        find . -name '*.swift' -not -path '*/.build/*' | sed 's|^\./||' | sort
    fi
}
mapfile -t files < <(list_sources | grep -v -E '(^|/)Resources/' | while read -r f; do [ -f "$f" ] && echo "$f"; done)
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --parallel "${files[@]}"
fi
findings=$(swift format lint --parallel "${files[@]}" 2>&1 || true)
if [ -n "$findings" ]; then
    echo "$findings"
    echo "swift format: $(echo "$findings" | grep -c 'warning:\|error:') finding(s); run 'bash scripts/format.sh --fix'" >&2
    exit 1
fi
echo "swift format: ${#files[@]} files clean"
